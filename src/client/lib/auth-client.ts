import type { createAuthClient } from 'better-auth/react';

type AuthClient = ReturnType<typeof createAuthClient<{ basePath: string }>>;

let client: Promise<AuthClient> | undefined;

/**
 * The identity service's client (better-auth, mounted at /api/auth on our own origin), loaded when a
 * page first signs in, up or out: it is its own chunk, so the home page does not carry it.
 */
export function loadAuthClient(): Promise<AuthClient> {
  client ??= import('better-auth/react').then(({ createAuthClient: create }) =>
    create({ basePath: '/api/auth' }),
  );
  return client;
}
