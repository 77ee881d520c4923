import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Inserted } from '../../shared/api/companies.schemas';
import { errorResponses } from '../../shared/api/errors';
import {
  CertificateBody,
  CertificateParams,
  CertificatesQuery,
  DecideCertificateBody,
  MAX_CERTIFICATE_BYTES,
  TaxCertificate,
  TaxCertificateList,
} from '../../shared/api/tax.schemas';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import { companyOf } from '../identity/membership';
import type { Database } from '../db/database';
import { limit } from '../http/rate-limit';
import type { MailContext } from '../mail/mail-layout';
import { certificateFile, decideCertificate, listCertificates, uploadCertificate } from './exemptions';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const pdfOrPicture = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

/**
 * Tax exemption and resale certificates: a company's admins upload them and its colleagues
 * read them; a shop admin approves or rejects each. Files are served with their checked type, as
 * attachments, never inline from the shop's origin.
 */
export const certificatesRoutes: FastifyPluginAsyncZod<{
  db: Database;
  guards: AuthGuards;
  mail: MailContext;
}> = async (app, { db, guards, mail }) => {
  app.get(
    '/company/tax-certificates',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: 'Your company’s tax exemption and resale certificates, newest first',
        response: { 200: TaxCertificateList, ...errors },
      },
    },
    async (request) => listCertificates(db, { companyId: companyOf(signedInUser(request), 'read').id }),
  );

  app.post(
    '/company/tax-certificates',
    {
      onRequest: guards.requireUser,
      // The file travels as base64: 4 MB of it is about 5.4 MB of text.
      bodyLimit: Math.ceil((MAX_CERTIFICATE_BYTES * 4) / 3) + 64 * 1024,
      config: { rateLimit: limit('company') },
      schema: {
        tags: ['companies'],
        summary:
          'Upload an exemption or resale certificate (PDF, PNG or JPEG up to 4 MB, base64), the places it covers and its expiry (the company’s admins); a shop admin approves it',
        body: CertificateBody,
        response: { 201: Inserted, ...errors },
      },
    },
    async (request, reply) => {
      const id = await uploadCertificate(db, signedInUser(request), request.body);
      return reply.status(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.get(
    '/company/tax-certificates/:id/file',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['companies'],
        summary: 'One of your company’s certificates, as uploaded',
        params: CertificateParams,
        produces: ['application/pdf', 'image/png', 'image/jpeg'],
        response: { 200: pdfOrPicture, ...errors },
      },
    },
    async (request, reply) => {
      const company = companyOf(signedInUser(request), 'read');
      return sendFile(reply, request.params.id, await certificateFile(db, request.params.id, company.id));
    },
  );

  app.get(
    '/admin/tax-certificates',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Tax certificates waiting for a decision, or all of them (admin)',
        querystring: CertificatesQuery,
        response: { 200: TaxCertificateList, ...errors },
      },
    },
    async (request) => listCertificates(db, { status: request.query.status }),
  );

  app.get(
    '/admin/tax-certificates/:id/file',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'A company’s certificate as uploaded, to check before deciding (admin)',
        params: CertificateParams,
        produces: ['application/pdf', 'image/png', 'image/jpeg'],
        response: { 200: pdfOrPicture, ...errors },
      },
    },
    async (request, reply) =>
      sendFile(reply, request.params.id, await certificateFile(db, request.params.id)),
  );

  app.post(
    '/admin/tax-certificates/:id/decision',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Approve a certificate (it then untaxes the company’s orders where it applies) or reject it with a reason (admin)',
        params: CertificateParams,
        body: DecideCertificateBody,
        response: { 200: TaxCertificate, ...errors },
      },
    },
    async (request) =>
      decideCertificate({ db, mail }, signedInUser(request), request.params.id, request.body),
  );
};

/** The file extension of each content type a certificate may have (checked by its bytes at upload). */
const EXTENSION: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/**
 * A certificate's file, named by the shop (`certificate-<id>.pdf`): the name the uploader gave it is
 * theirs to choose, and no name a customer chose reaches an admin's disk.
 */
function sendFile(reply: FastifyReply, id: string, file: { contentType: string; content: Buffer }) {
  const name = `certificate-${id}.${EXTENSION[file.contentType] ?? 'bin'}`;
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}
