import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ConfigError, SETTING_NAMES, parseConfig } from './config';

const valid = {
  SESSION_KEYS: 'k'.repeat(40),
  REGISTRATION_PASSCODE: 'PASS1234',
  ADMIN_EMAIL: 'Admin@Example.com',
  METRICS_TOKEN: 't'.repeat(20),
};

describe('configuration', () => {
  it('documents every setting in .env.example (set, or commented out with its default)', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    // these two only point the real Mailchimp and Google clients at the tests' loopback servers
    const testOnly = ['MAILCHIMP_BASE_URL', 'GOOGLE_API_ROOT_URL'];
    const missing = SETTING_NAMES.filter(
      (name) => !testOnly.includes(name) && !new RegExp(`^#? ?${name}=`, 'm').test(example),
    );
    expect(missing).toEqual([]);
  });

  it('parses a valid environment with defaults', () => {
    const config = parseConfig(valid);
    expect(config.PORT).toBe(3000);
    expect(config.ADMIN_EMAIL).toBe('admin@example.com');
    expect(config.EVENTSTORE_URL).toBeUndefined();
    expect(config.cookieSecure).toBe(false);
    const own = {
      SESSION_KEYS: randomBytes(32).toString('hex'),
      METRICS_TOKEN: randomBytes(16).toString('hex'),
      STREAM_KEY: randomBytes(32).toString('hex'),
    };
    expect(
      parseConfig({ ...valid, ...own, NODE_ENV: 'production', TRUSTED_PROXY_HOPS: '1' }).cookieSecure,
    ).toBe(true);
    expect(config.HOST).toBe('127.0.0.1');
    // QUALITY 3: passwords are hashed at cost 12 unless a deployment says otherwise
    expect(config.BCRYPT_COST).toBe(12);
  });

  it('refuses secure cookies without a TLS proxy in front, with a message saying what to set', () => {
    const own = {
      SESSION_KEYS: randomBytes(32).toString('hex'),
      METRICS_TOKEN: randomBytes(16).toString('hex'),
      STREAM_KEY: randomBytes(32).toString('hex'),
    };
    expect(() => parseConfig({ ...valid, ...own, NODE_ENV: 'production' })).toThrow(
      /TRUSTED_PROXY_HOPS: Secure cookies \(NODE_ENV=production\) need HTTPS/,
    );
    expect(() => parseConfig({ ...valid, COOKIE_SECURE: 'true' })).toThrow(/TRUSTED_PROXY_HOPS/);
    // a plain-HTTP trial says so explicitly
    expect(
      parseConfig({ ...valid, ...own, NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure,
    ).toBe(false);
  });

  it('names every bad variable at once', () => {
    try {
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        EVENTSTORE_URL: 'http://x',
        MAILCHIMP_API_KEY: 'k',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names).toEqual(
        expect.arrayContaining([
          'PORT',
          'DATABASE_URL',
          'EVENTSTORE_URL',
          'SESSION_KEYS',
          'REGISTRATION_PASSCODE',
          'ADMIN_EMAIL',
          'METRICS_TOKEN',
        ]),
      );
      expect((error as ConfigError).message).toContain('SESSION_KEYS: is required');
    }
  });

  it('requires all three Mailchimp variables together', () => {
    expect(() => parseConfig({ ...valid, MAILCHIMP_API_KEY: 'key' })).toThrow(
      /MAILCHIMP_AUDIENCE_ID: required/,
    );
  });
});
