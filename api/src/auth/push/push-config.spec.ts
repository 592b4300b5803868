import { generateVAPIDKeys } from 'web-push';
import { ConfigError, loadConfig } from '../../config/app-config';

const base = { NODE_ENV: 'test' };

describe('push configuration', () => {
  it('takes a VAPID pair from the environment, both keys or neither', () => {
    const keys = generateVAPIDKeys();
    const config = loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://atende.example' });
    expect(config.push).toEqual({
      vapidPublicKey: keys.publicKey,
      vapidPrivateKey: keys.privateKey,
      vapidSubject: 'https://atende.example',
      allowInsecureEndpoints: false,
    });
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/set both or neither/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/65 bytes/);
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://atende.example' })).toThrow(ConfigError);
  });

  it('defaults to keys made on first need, a mailto subject and https endpoints only', () => {
    expect(loadConfig(base).push).toEqual({
      vapidPublicKey: undefined,
      vapidPrivateKey: undefined,
      vapidSubject: 'mailto:no-reply@atende.local',
      allowInsecureEndpoints: false,
    });
  });

  it('refuses insecure push endpoints in production', () => {
    expect(loadConfig({ ...base, PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' }).push.allowInsecureEndpoints).toBe(true);
    const production = { NODE_ENV: 'production', PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' };
    expect(() => loadConfig(production)).toThrow(/PUSH_ALLOW_INSECURE_ENDPOINTS is for development and tests/);
  });
});
