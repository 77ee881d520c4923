import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteResult, UpdateResult } from '../../shared/api/common.schemas';
import { errorResponses } from '../../shared/api/errors';
import { EmailParams, UserList, UserRecord } from '../../shared/api/users.schemas';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import { type AccountDeletionHook, deleteUser } from './delete-user';
import { getUserRecord } from './get-user-record';
import { makeAdmin } from './make-admin';
import { revokeAdmin } from './revoke-admin';
import type { Database } from '../db/database';
import { listUsers, toUserRecord } from './users.repository';

const errors = errorResponses(400, 401, 403, 404);

export const usersRoutes: FastifyPluginAsyncZod<{
  db: Database;
  guards: AuthGuards;
  /** What else goes with a deleted account (the open invitations it sent). */
  onDeleting?: AccountDeletionHook;
}> = async (app, { db, guards, onDeleting }) => {
  app.get(
    '/users/:email',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['users'],
        summary: 'A user record with its role (spec §7 GET /users/{userEmail}); your own, or any for admins',
        params: EmailParams,
        response: { 200: UserRecord, ...errors },
      },
    },
    async (request) => getUserRecord(db, signedInUser(request), request.params.email),
  );

  app.get(
    '/user',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'All users (spec §7 GET /user; admin)',
        response: { 200: UserList, ...errors },
      },
    },
    async () => (await listUsers(db)).map(toUserRecord),
  );

  app.put(
    '/user/admin/:email',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Make a user admin (spec §7 PUT /user/admin/{userEmail}; admin)',
        params: EmailParams,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => makeAdmin(db, signedInUser(request), request.params.email),
  );

  app.delete(
    '/user/admin/:email',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['users'],
        summary: "Revoke a user's admin rights (admin; never the last admin)",
        params: EmailParams,
        response: { 200: UpdateResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => revokeAdmin(db, signedInUser(request), request.params.email),
  );

  app.delete(
    '/user/:email',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Delete a user (admin; not yourself, not the last admin); their orders are kept',
        params: EmailParams,
        response: { 200: DeleteResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => deleteUser(db, signedInUser(request), request.params.email, onDeleting),
  );
};
