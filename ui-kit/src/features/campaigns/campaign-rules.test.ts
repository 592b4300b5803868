import { describe, expect, it } from 'vitest';
import { campaignBody, campaignFormValues, campaignNameRule, fromLocalInput, mediaDisplayName, slotOf, toLocalInput } from './campaign-rules';
import { campaignDto } from './campaign-story-data';

describe('campaign rules', () => {
  it('name: required, 2 to 50', () => {
    expect(campaignNameRule('')).toBe('campaigns.validation.required');
    expect(campaignNameRule('A')).toBe('campaigns.validation.tooShort');
    expect(campaignNameRule('x'.repeat(51))).toBe('campaigns.validation.tooLong');
    expect(campaignNameRule('Natal')).toBe(true);
  });

  it('datetime-local round trip in the browser time zone; blank is none', () => {
    const iso = fromLocalInput('2026-12-20T09:30')!;
    expect(new Date(iso).getHours()).toBe(9);
    expect(toLocalInput(iso)).toBe('2026-12-20T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it("the body: everything, none as null; only the texts for a cancelled campaign ('messages')", () => {
    const values = campaignFormValues(campaignDto({ tagListId: null, fileListId: 30 }));
    expect(values).toMatchObject({ tagListId: 0, fileListId: 30, scheduledAt: '' });
    const all = campaignBody(values);
    expect(all).toMatchObject({
      name: 'Black Friday',
      whatsappId: 1,
      contactListId: 10,
      tagListId: null,
      fileListId: 30,
      scheduledAt: null,
      confirmation: false,
    });
    const texts = campaignBody(values, 'messages');
    expect(Object.keys(texts).sort()).toEqual([1, 2, 3, 4, 5].flatMap((n) => [`confirmationMessage${n}`, `message${n}`]).sort());
  });

  it('slots and media names', () => {
    expect(slotOf('message3')).toBe(3);
    expect(slotOf('confirmationMessage5')).toBe(5);
    expect(slotOf('name')).toBeNull();
    expect(mediaDisplayName('promo de natal.png')).toBe('promo_de_natal.png');
  });
});
