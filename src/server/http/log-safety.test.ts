import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './log-safety';

describe('a logged URL', () => {
  it('withholds an API key sent as an authorization parameter, in any case, and every other credential', () => {
    const key = 'fl_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    for (const name of [
      'authorization',
      'Authorization',
      'AUTHORIZATION',
      'access_token',
      'api_key',
      'PASSWORD',
    ]) {
      const logged = redactUrl(`/api/purchase?status=paid&${name}=Bearer%20${key}`);
      expect(logged, name).toBe(`/api/purchase?status=paid&${name}=${REDACTED}`);
    }
    // Escaped names are read as the server reads them.
    expect(redactUrl(`/api/tool?%61uthorization=${key}`)).toBe(`/api/tool?%61uthorization=${REDACTED}`);
  });

  it('keeps what an operator needs, and survives a malformed escape', () => {
    expect(redactUrl('/shop?q=drill&page=2')).toBe('/shop?q=drill&page=2');
    expect(redactUrl('/shop?%E0%A4%A=1&sort=price')).toBe('/shop?%E0%A4%A=1&sort=price');
    expect(redactUrl('/api/auth/reset-password/abc123?callbackURL=/x')).toBe(
      `/api/auth/reset-password/${REDACTED}?callbackURL=/x`,
    );
  });
});
