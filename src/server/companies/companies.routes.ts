import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressParams,
  AdminCompanyList,
  CompanyAddressBody,
  UpdateCompanyBody,
  Company,
  CompanyIdParams,
  CompanyRulesBody,
  CompanyTermsBody,
  VatVerificationBody,
  CompanyStatusBody,
  CreateCompanyBody,
  Inserted,
  InvitationIdParams,
  InvitationParams,
  InvitationPreview,
  InviteBody,
  Joined,
  MemberParams,
  UpdateMemberBody,
} from '../../shared/api/companies.schemas';
import { DeleteResult, UpdateResult } from '../../shared/api/common.schemas';
import {
  ApiKey,
  ApiKeyParams,
  CompanyApiKey,
  CreateApiKeyBody,
  CreatedApiKey,
  RemoveMemberResult,
} from '../../shared/api/api-keys.schemas';
import { createApiKey, listAllApiKeys, listApiKeys, revokeAnyApiKey, revokeApiKey } from './api-keys';
import { PartNumberList, PutPartNumbersBody } from '../../shared/api/part-numbers.schemas';
import { partNumbersOf, savePartNumbers } from './part-numbers';
import { z } from 'zod';
import { errorResponses } from '../../shared/api/errors';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { limit } from '../http/rate-limit';
import type { MailContext } from '../mail/mail-layout';
import {
  acceptInvitation,
  readInvitation,
  revokeInvitation,
  createCompany,
  inviteColleague,
  listCompanies,
  readCompany,
  removeMember,
  setCompanyStatus,
  setVatVerification,
  updateMember,
} from './companies';
import { editCompanyDetails, removeAddress, saveAddress } from './addresses';
import { setCompanyRules } from './approvals';
import { setCompanyTerms } from './terms';
import type { Memberships } from '../identity/memberships';

export interface CompaniesRoutesOptions {
  db: Database;
  guards: AuthGuards;
  mail: MailContext;
  /**
   * Forgets a member whose company changed, for their own next catalog page in this instance (the
   * others hear drizzle/0061's notice).
   */
  memberships: Pick<Memberships, 'forget'>;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/** Company accounts: a company, its colleagues and their roles, and invitations. */
export const companiesRoutes: FastifyPluginAsyncZod<CompaniesRoutesOptions> = async (
  app,
  { db, guards, mail, memberships },
) => {
  app.post(
    '/company/api-keys',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('company') },
      schema: {
        tags: ['companies'],
        summary:
          'Make an API key for the company’s own systems, with its scopes: answered once, then kept only as its hash (company admins). Send it as `Authorization: Bearer <key>`',
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiKey(db, signedInUser(request), request.body)),
  );

  app.get(
    '/company/api-keys',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: 'The company’s API keys: name, scopes, made and last used (company admins)',
        response: { 200: z.array(ApiKey), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listApiKeys(db, signedInUser(request));
    },
  );

  app.get(
    '/admin/api-keys',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Every company’s API keys that are not revoked: whose, name, scopes, made and last used (admin)',
        response: { 200: z.array(CompanyApiKey), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAllApiKeys(db);
    },
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Revoke any company’s API key: refused from its next call on (admin)',
        params: ApiKeyParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => {
      await revokeAnyApiKey(db, signedInUser(request), request.params.id);
      return { deletedCount: 1 };
    },
  );

  app.delete(
    '/company/api-keys/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: 'Revoke an API key: refused from its next call on (company admins)',
        params: ApiKeyParams,
        response: { 200: DeleteResult, ...errors },
      },
    },
    async (request) => {
      await revokeApiKey(db, signedInUser(request), request.params.id);
      return { deletedCount: 1 };
    },
  );

  app.post(
    '/companies',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('company') },
      schema: {
        tags: ['companies'],
        summary: 'Create a company and become its admin (a confirmed address; one company per account)',
        body: CreateCompanyBody,
        response: { 201: Inserted, ...errors },
      },
    },
    async (request, reply) => {
      const insertedId = await createCompany(db, signedInUser(request), request.body);
      memberships.forget(signedInUser(request).id);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.get(
    '/company',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: 'Your company, its colleagues and their roles (and, for its admins, the invitations sent)',
        response: { 200: Company, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readCompany(db, signedInUser(request));
    },
  );

  app.patch(
    '/company',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary:
          'Change the company’s name, tax number, billing address, or whether colleagues may ship outside its address book (company admins)',
        body: UpdateCompanyBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await editCompanyDetails(db, signedInUser(request), request.body);
      return { modifiedCount: 1 };
    },
  );

  app.get(
    '/company/part-numbers',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: "The company's own part numbers for the shop's SKUs",
        response: { 200: PartNumberList, ...errors },
      },
    },
    async (request) => partNumbersOf(db, signedInUser(request)),
  );

  app.put(
    '/company/part-numbers',
    {
      onRequest: guards.requireUser,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['companies'],
        summary:
          "Replace the company's part numbers: quick order, lists and the cart take them for the SKUs (company admins)",
        body: PutPartNumbersBody,
        response: { 200: PartNumberList, ...errors },
      },
    },
    async (request) => savePartNumbers(db, signedInUser(request), request.body),
  );

  app.post(
    '/company/addresses',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary:
          'Add a ship-to address to the company’s book; the first, or one marked isDefault, is the default (company admins)',
        body: CompanyAddressBody,
        response: { 201: Inserted, ...errors },
      },
    },
    async (request, reply) => {
      const insertedId = await saveAddress(db, signedInUser(request), request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.put(
    '/company/addresses/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: 'Change an address of the company’s book, or make it the default (company admins)',
        params: AddressParams,
        body: CompanyAddressBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await saveAddress(db, signedInUser(request), request.body, request.params.id);
      return { modifiedCount: 1 };
    },
  );

  app.delete(
    '/company/addresses/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: 'Remove an address from the company’s book (company admins); orders keep where they went',
        params: AddressParams,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await removeAddress(db, signedInUser(request), request.params.id);
      return { modifiedCount: 1 };
    },
  );

  app.post(
    '/company/invitations',
    {
      onRequest: guards.requireUser,
      // Each invitation sends a mail.
      config: { rateLimit: limit('company') },
      schema: {
        tags: ['companies'],
        summary:
          'Invite a colleague by email with their roles: a single-use link valid 7 days (company admins)',
        body: InviteBody,
        response: { 201: Inserted, ...errors },
      },
    },
    async (request, reply) => {
      const insertedId = await inviteColleague({ db, mail }, signedInUser(request), request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.delete(
    '/company/invitations/:id',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: 'Revoke an open invitation: its link stops working (company admins)',
        params: InvitationIdParams,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await revokeInvitation(db, signedInUser(request), request.params.id);
      return { modifiedCount: 1 };
    },
  );

  app.get(
    '/invitations/:token',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('company') },
      schema: {
        tags: ['companies'],
        summary: 'What an invitation offers: the company, the roles and who sent it (for the invited)',
        params: InvitationParams,
        response: { 200: InvitationPreview, ...errors },
      },
    },
    async (request) => readInvitation(db, request.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('company') },
      schema: {
        tags: ['companies'],
        summary: 'Accept an invitation, signed in with the invited, confirmed address',
        params: InvitationParams,
        response: { 200: Joined, ...errors },
      },
    },
    async (request) => {
      const companyId = await acceptInvitation(db, signedInUser(request), request.params.token);
      memberships.forget(signedInUser(request).id);
      return { acknowledged: true as const, companyId };
    },
  );

  app.patch(
    '/company/members/:userId',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary:
          'Change a colleague’s roles or their own monthly spending limit (company admins; a company keeps at least one admin)',
        params: MemberParams,
        body: UpdateMemberBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await updateMember(db, signedInUser(request), request.params.userId, request.body);
      return { modifiedCount: 1 };
    },
  );

  app.delete(
    '/company/members/:userId',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary:
          'Remove a colleague; their orders stay with the company, the API keys they made stop and are listed (company admins; not the last admin)',
        params: MemberParams,
        response: { 200: RemoveMemberResult, ...errors },
      },
    },
    async (request) => {
      const { endedApiKeys } = await removeMember(db, signedInUser(request), request.params.userId);
      memberships.forget(request.params.userId);
      return { modifiedCount: 1, endedApiKeys };
    },
  );

  app.put(
    '/company/rules',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: limit('company') },
      schema: {
        tags: ['companies'],
        summary:
          'Set the company’s rules: orders above `approvalAbove` wait for an approver; its orders in a calendar month (UTC) may not pass `monthlyLimit` (dollars, null for none) (company admins)',
        body: CompanyRulesBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await setCompanyRules(db, signedInUser(request), request.body);
      return { modifiedCount: 1 };
    },
  );

  app.get(
    '/admin/companies',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every company with its members, newest first (admin)',
        response: { 200: AdminCompanyList, ...errors },
      },
    },
    async () => listCompanies(db),
  );

  app.patch(
    '/admin/companies/:id',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Suspend a company (its members can read, not order) or reinstate it (admin)',
        params: CompanyIdParams,
        body: CompanyStatusBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await setCompanyStatus(db, signedInUser(request), request.params.id, request.body.status);
      return { modifiedCount: 1 };
    },
  );

  app.put(
    '/admin/companies/:id/terms',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'A company’s payment terms (card, net15, net30, net60) and credit limit in dollars (admin); card payment stays open to every company',
        params: CompanyIdParams,
        body: CompanyTermsBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await setCompanyTerms(db, signedInUser(request), request.params.id, request.body);
      return { modifiedCount: 1 };
    },
  );

  app.put(
    '/admin/companies/:id/vat-verification',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Record that the company’s EU VAT ID, named as checked in VIES, is registered (409 when the company’s ID is another now), or withdraw it (admin); only a verified ID makes an intra-community supply, and changing the ID withdraws it',
        params: CompanyIdParams,
        body: VatVerificationBody,
        response: { 200: UpdateResult, ...errors },
      },
    },
    async (request) => {
      await setVatVerification(db, signedInUser(request), request.params.id, request.body);
      return { modifiedCount: 1 };
    },
  );
};
