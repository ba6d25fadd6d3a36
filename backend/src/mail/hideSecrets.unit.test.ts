import { describe, expect, it } from 'vitest';
import { hideSecrets } from './hideSecrets';

const token = '0b7c1f5e-2d4a-4c1e-9a57-3f1b2c3d4e5f.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE';

describe('hideSecrets', () => {
  it('replaces the token of a link in text and HTML, and says it did', () => {
    expect(hideSecrets(`Open http://p.test/new-password#token=${token} now.`)).toEqual({
      body: 'Open http://p.test/new-password#token=[hidden] now.',
      hidden: true,
    });
    expect(hideSecrets(`<a href="http://p.test/new-password#token=${token}">Set</a>`).body).toBe(
      '<a href="http://p.test/new-password#token=[hidden]">Set</a>',
    );
    expect(hideSecrets(`<a href="http://p.test/x?a=1&amp;token=${token}&amp;b=2">x</a>`).body).toBe(
      '<a href="http://p.test/x?a=1&amp;token=[hidden]&amp;b=2">x</a>',
    );
    expect(hideSecrets(`http://p.test/x?token=${token}`).body).toBe('http://p.test/x?token=[hidden]');
  });

  it('hides a reset token however the link around it is written', () => {
    const encoded = `https://click.test/r?u=http%3A%2F%2Fp.test%2Fnew-password%23token%3D${token}`;
    expect(hideSecrets(encoded)).toEqual({
      body: 'https://click.test/r?u=http%3A%2F%2Fp.test%2Fnew-password%23token%3D[hidden]',
      hidden: true,
    });
    expect(hideSecrets(`<a href="http://p.test/new-password&#35;token=${token}">Set</a>`).body).toBe(
      '<a href="http://p.test/new-password&#35;token=[hidden]">Set</a>',
    );
    expect(hideSecrets(`your code: ${token}`).body).toBe('your code: [hidden]');
  });

  it('leaves a message without secrets as it is', () => {
    const text = 'Your sponsor sent you a nudge: http://p.test/academy?tab=next';
    expect(hideSecrets(text)).toEqual({ body: text, hidden: false });
    expect(hideSecrets('already http://p.test/new-password#token=[hidden]')).toEqual({
      body: 'already http://p.test/new-password#token=[hidden]',
      hidden: false,
    });
  });
});
