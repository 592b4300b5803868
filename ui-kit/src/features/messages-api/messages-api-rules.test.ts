// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  API_MEDIA_MAX_BYTES,
  bodyRule,
  captionRule,
  curlMediaExample,
  curlTextExample,
  digitsOf,
  fileRule,
  formFieldOf,
  messagesSendUrl,
  numberRule,
  serverFieldMessageKey,
  shellQuote,
  tokenRule,
} from './messages-api-rules';

describe('the test forms’ rules', () => {
  it('requires a token', () => {
    expect(tokenRule('')).toBe('messagesApi.validation.required');
    expect(tokenRule('   ')).toBe('messagesApi.validation.required');
    expect(tokenRule('atd_abc')).toBe(true);
  });

  it('takes 10 to 15 digits, with or without the usual separators, and nothing else', () => {
    expect(numberRule('')).toBe('messagesApi.validation.required');
    expect(numberRule('5511999998888')).toBe(true);
    expect(numberRule('+55 (11) 99999-8888')).toBe(true);
    expect(numberRule('1199999888')).toBe(true); // 10 digits
    expect(numberRule('119999988')).toBe('messagesApi.validation.number'); // 9
    expect(numberRule('5511999998888123')).toBe('messagesApi.validation.number'); // 16
    expect(numberRule('55119999a8888')).toBe('messagesApi.validation.number');
    expect(numberRule('5511999998888@c.us')).toBe('messagesApi.validation.number');
    expect(digitsOf('+55 (11) 99999-8888')).toBe('5511999998888');
  });

  it('requires a message up to 4096 characters; a caption may be empty', () => {
    expect(bodyRule('')).toBe('messagesApi.validation.body');
    expect(bodyRule('  \n ')).toBe('messagesApi.validation.body');
    expect(bodyRule('Olá')).toBe(true);
    expect(bodyRule('x'.repeat(4096))).toBe(true);
    expect(bodyRule('x'.repeat(4097))).toBe('messagesApi.validation.tooLong');
    expect(captionRule('')).toBe(true);
    expect(captionRule('x'.repeat(4097))).toBe('messagesApi.validation.tooLong');
  });

  it('requires a file of at most 64 MB', () => {
    expect(fileRule(null)).toBe('messagesApi.validation.file');
    expect(fileRule({ name: 'a.png', size: 10 })).toBe(true);
    expect(fileRule({ name: 'big.mp4', size: API_MEDIA_MAX_BYTES + 1 })).toBe('messagesApi.validation.fileTooLarge');
  });
});

describe('the endpoint and the curl examples', () => {
  it('points at the API the client uses: absolute, or relative to the page', () => {
    expect(messagesSendUrl('https://api.example.com')).toBe('https://api.example.com/messages/send');
    expect(messagesSendUrl('https://example.com/atende/')).toBe('https://example.com/atende/messages/send');
    // Outside a browser a relative API URL resolves against http://localhost/.
    expect(messagesSendUrl('')).toBe('http://localhost/messages/send');
    expect(messagesSendUrl('/api')).toBe('http://localhost/api/messages/send');
  });

  it('quotes every value for a POSIX shell', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    const text = curlTextExample({ url: 'https://x.test/messages/send', token: 'atd_T', number: '5511999998888', body: "Olá! It's $HOME `x`" });
    expect(text.split('\n')).toEqual([
      "curl -X POST 'https://x.test/messages/send' \\",
      "  -H 'Authorization: Bearer atd_T' \\",
      "  -H 'Content-Type: application/json' \\",
      `  -d '{"number":"5511999998888","body":"Olá! It'\\''s $HOME \`x\`"}'`,
    ]);
    const media = curlMediaExample({ url: 'https://x.test/messages/send', token: 'atd_T', number: '5511999998888', body: 'Boleto', file: 'boleto.pdf' });
    expect(media).toContain("-F 'medias=@boleto.pdf'");
    expect(media).toContain("-F 'number=5511999998888'");
  });

  it('gives the shell exactly the arguments meant (run through sh with curl replaced by printf)', () => {
    const body = 'Olá! It\'s $HOME `whoami` "quoted"';
    const command = curlTextExample({ url: 'https://x.test/messages/send', token: 'atd_T', number: '5511999998888', body });
    const args = execFileSync('sh', ['-c', `curl() { printf '%s\\n' "$@"; }\n${command}`], { encoding: 'utf8' })
      .trimEnd()
      .split('\n');
    expect(args).toEqual([
      '-X',
      'POST',
      'https://x.test/messages/send',
      '-H',
      'Authorization: Bearer atd_T',
      '-H',
      'Content-Type: application/json',
      '-d',
      JSON.stringify({ number: '5511999998888', body }),
    ]);
  });
});

describe('server field errors', () => {
  it('maps the API fields to the form fields: medias[i] is the file', () => {
    expect(formFieldOf('number')).toBe('number');
    expect(formFieldOf('body')).toBe('body');
    expect(formFieldOf('medias[0]')).toBe('file');
    expect(formFieldOf('medias')).toBe('file');
    expect(formFieldOf('closeTicket')).toBeNull();
  });

  it('translates the API’s English field messages it knows, and leaves the others', () => {
    expect(serverFieldMessageKey('number', 'Invalid number: country code, area code and number, 10 to 15 digits')).toBe('messagesApi.validation.number');
    expect(serverFieldMessageKey('body', 'Required')).toBe('messagesApi.validation.required');
    expect(serverFieldMessageKey('body', 'Too Long!')).toBe('messagesApi.validation.tooLong');
    expect(serverFieldMessageKey('medias[0]', 'Unsupported file type')).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    expect(serverFieldMessageKey('medias[0]', 'Too large')).toBe('ERR_MEDIA_TOO_LARGE');
    expect(serverFieldMessageKey('number', 'something new')).toBeNull();
  });
});
