/**
 * Messages for the error codes the identity service puts in a page's address (?error=CODE) when it
 * sends the browser back; any other text in the address is never shown (it could say anything).
 */
const KNOWN: Record<string, string> = {
  INVALID_TOKEN:
    'This link is no longer valid. Links work once and for a limited time; please ask for a new one.',
  TOKEN_EXPIRED: 'This link has expired. Please ask for a new one.',
  access_denied: 'Google sign-in was cancelled.',
  state_mismatch: 'Google sign-in could not be completed. Please try again.',
  please_restart_the_process: 'Google sign-in took too long. Please try again.',
  // Google is not linked to an account whose address nobody has confirmed: its password may be a
  // stranger's. The mailbox's owner proves the address with a reset link, which ends other sessions.
  account_not_linked:
    'An account with this address already exists, made with a password. If it is yours, sign in with it; if not, or if you forgot it, use Forgot Password to set your own.',
  unable_to_create_user: 'The account could not be created. Please try again.',
  email_not_found: 'Google did not share an email address, so we could not sign you in.',
  email_doesnt_match: 'The email address does not match.',
  internal_server_error: 'Something went wrong on our side. Please try again in a moment.',
};

const GENERIC = 'Signing in did not complete. Please try again.';

/** A message for `?error=` in the address, or null when there is none. */
export function describeAuthError(code: string | null): string | null {
  if (!code) return null;
  return KNOWN[code] ?? GENERIC;
}
