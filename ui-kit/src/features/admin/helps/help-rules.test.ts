import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, helpBody, youtubeThumbnailUrl, helpTitleRule, helpVideoRule, youtubeId } from './help-rules';

describe('youtubeId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://music.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s', (input, id) => expect(youtubeId(input)).toBe(id));

  it.each([
    '',
    'dQw4w9WgXc',
    'https://vimeo.com/123456789',
    'https://www.youtube.com/channel/dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'javascript:alert(1)',
  ])('refuses %j', (input) => expect(youtubeId(input)).toBeNull());
});

describe('help rules', () => {
  it('check title and video the way the API does, and send the id', () => {
    expect(helpTitleRule('  ')).toBe('validation.requiredShort');
    expect(helpTitleRule('x'.repeat(101))).toBe('validation.tooLong');
    expect(helpTitleRule(` ${'x'.repeat(100)} `)).toBe(true);
    expect(helpVideoRule('')).toBe('validation.requiredShort');
    expect(helpVideoRule('https://vimeo.com/1')).toBe('helps.validation.video');
    expect(helpVideoRule('https://youtu.be/dQw4w9WgXcQ')).toBe(true);
    expect(helpBody({ title: ' Conectar ', description: 'Passo a passo', video: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual({
      title: 'Conectar',
      description: 'Passo a passo',
      video: 'dQw4w9WgXcQ',
    });
    expect(youtubeThumbnailUrl('dQw4w9WgXcQ')).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  });
});
