import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../../../shared/api/config.schemas';
import { PublicConfigContext } from '../../../lib/public-config';
import { GoogleButton } from './google-button';

/** A machine busy with the browser journeys renders slowly: wait up to 10 s, not vitest's 1 s. */
const WAIT = { timeout: 10_000 };

function renderWith(config: PublicConfig) {
  render(
    <PublicConfigContext.Provider value={{ data: config }}>
      <GoogleButton label="Continue with Google" callbackURL="/" onError={() => undefined} />
    </PublicConfigContext.Provider>,
  );
}

describe('GoogleButton', () => {
  it('says plainly when the shop has not set up Google sign-in, and cannot be pressed', async () => {
    renderWith({
      payment: { provider: 'test', publishableKey: null },
      googleSignIn: false,
      orderMinUnits: 100,
    });
    expect(await screen.findByText('Google sign-in is not set up for this shop.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' }).hasAttribute('disabled')).toBe(true);
  });

  it('is ready when Google sign-in is configured', async () => {
    renderWith({
      payment: { provider: 'test', publishableKey: null },
      googleSignIn: true,
      orderMinUnits: 100,
    });
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), WAIT);
    expect(screen.queryByText('Google sign-in is not set up for this shop.')).toBeNull();
  });
});
