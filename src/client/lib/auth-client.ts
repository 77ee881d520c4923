import { createAuthClient } from 'better-auth/react';

/** The identity service's client (better-auth, mounted at /api/auth on our own origin). */
export const authClient = createAuthClient({ basePath: '/api/auth' });

export type Session = typeof authClient.$Infer.Session;
