import { useSyncExternalStore } from 'react';
import { api } from './api-client';

export interface CurrentUser {
  id: string;
  /** The display name (spec §3: displayName). */
  name: string;
  email: string;
  /** Whether the address was confirmed through the mailed link (or by Google). */
  emailVerified: boolean;
  /** Signed in by a procurement system's punchout: the cart goes back to it instead of checkout. */
  punchout: boolean;
}

interface SessionState {
  user: CurrentUser | null;
  /** True until the session has been read once. */
  isPending: boolean;
}

/** Read again when the visitor comes back to the page after this long (a session can end elsewhere). */
const STALE_MS = 5 * 60_000;

/** Before the session is read, and on the server, which never knows it (the page is the same for all). */
const UNKNOWN: SessionState = { user: null, isPending: true };

let state: SessionState = UNKNOWN;
let readAt = 0;
let reading: Promise<CurrentUser | null> | undefined;
const listeners = new Set<() => void>();

function publish(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/** better-auth's session endpoint, read through the app's own API client: its client stays unloaded. */
async function readSession(): Promise<CurrentUser | null> {
  const data = await api<{ user: CurrentUser; session?: { punchoutSessionId?: string | null } } | null>(
    '/auth/get-session',
  );
  return data
    ? {
        id: data.user.id,
        name: data.user.name,
        email: data.user.email,
        emailVerified: data.user.emailVerified,
        punchout: Boolean(data.session?.punchoutSessionId),
      }
    : null;
}

/**
 * Who is signed in, for every page: the header reads it on the home page's first load, which carries no
 * TanStack Query. Read once per visit, again after signing in, up or out, and when the visitor returns
 * to a page left for more than five minutes. A read that fails counts as signed out.
 */
export const session = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    if (state === UNKNOWN && !reading) void session.refresh();
    return () => {
      listeners.delete(listener);
    };
  },
  current: () => state,
  /** Reads the session again; resolves with it once it is known. */
  refresh: (): Promise<CurrentUser | null> => {
    const read = readSession().catch(() => null);
    reading = read;
    return read.then((user) => {
      if (reading === read) {
        readAt = Date.now();
        reading = undefined;
        publish({ user, isPending: false });
      }
      return user;
    });
  },
  /** The session ended (signed out, or a read answered 401). */
  forget: () => {
    reading = undefined;
    readAt = Date.now();
    publish({ user: null, isPending: false });
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('focus', () => {
    if (listeners.size > 0 && !reading && Date.now() - readAt > STALE_MS) void session.refresh();
  });
}

/** The signed-in identity, or null; `isPending` while the session is still being asked for. */
export function useCurrentUser(): SessionState {
  return useSyncExternalStore(session.subscribe, session.current, () => UNKNOWN);
}
