import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../shared/api/errors';
import {
  DeleteResult,
  EmailParams,
  UpdateResult,
  UserList,
  UserRecord,
} from '../../shared/api/users.schemas';
import { type AuthGuards, signedInUser } from '../auth/session';
import { DomainError } from '../http/domain-error';
import { deleteUser } from './delete-user';
import { toUserRecord, type UsersRepository } from './users.repository';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersRepository; guards: AuthGuards }> = async (
  app,
  { users, guards },
) => {
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
    async (request) => {
      const caller = signedInUser(request);
      const { email } = request.params;
      // Another customer's record does not exist as far as a customer can tell.
      const visible = caller.role === 'admin' || caller.email.toLowerCase() === email;
      const row = visible ? await users.findByEmail(email) : undefined;
      if (!row) throw new DomainError('NOT_FOUND', `There is no account for ${email}`);
      return toUserRecord(row);
    },
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
    async () => (await users.list()).map(toUserRecord),
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
    async (request) => {
      const { email } = request.params;
      if (!(await users.findByEmail(email)))
        throw new DomainError('NOT_FOUND', `There is no account for ${email}`);
      return { modifiedCount: await users.makeAdmin(email) };
    },
  );

  app.delete(
    '/user/:email',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Delete a user (admin; not yourself, not the last admin); their orders are kept',
        params: EmailParams,
        response: { 200: DeleteResult, 409: ErrorBody, ...errors },
      },
    },
    async (request) => deleteUser(users, signedInUser(request), request.params.email),
  );
};
