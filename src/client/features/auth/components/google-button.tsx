import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { loadAuthClient } from '../../../lib/auth-client';
import { usePublicConfigData } from '../../../lib/public-config';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}

interface GoogleButtonProps {
  label: string;
  /** Where to land after signing in. */
  callbackURL: string;
  onError: (message: string) => void;
}

/** Google sign-in (OpenID Connect); says so plainly when this shop has not set it up. */
export function GoogleButton({ label, callbackURL, onError }: GoogleButtonProps) {
  const config = usePublicConfigData();
  const [redirecting, setRedirecting] = useState(false);
  const available = config?.googleSignIn === true;

  async function signIn() {
    setRedirecting(true);
    const { error } = await (
      await loadAuthClient()
    ).signIn.social({
      provider: 'google',
      callbackURL,
      newUserCallbackURL: callbackURL,
      errorCallbackURL: '/login',
    });
    if (error) {
      setRedirecting(false);
      onError(error.message ?? 'Google sign-in failed');
    }
  }

  return (
    <div className="d-grid">
      <Button
        variant="outline-dark"
        className="d-flex align-items-center justify-content-center gap-2"
        onClick={() => void signIn()}
        disabled={!available || redirecting}
      >
        <GoogleMark />
        {label}
      </Button>
      {config && !available && (
        <small className="text-secondary mt-1 text-center">Google sign-in is not set up for this shop.</small>
      )}
    </div>
  );
}
