import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/api/errors';
import { messages } from '../../shared/messages';
import { RETRY_AFTER_SECONDS, retryableRefusalOf, sqlStateOf } from '../db/unavailable';
import { textProblem } from '../../shared/api/text';
import { fieldLabel } from '../../shared/field-labels';
import { BucketUnavailable } from './bucket-unavailable';
import { DomainError, statusOf } from './domain-error';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, field?: string) {
  const body: ErrorBody = { error: field === undefined ? { code, message } : { code, message, field } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Names the first field that failed in words, e.g. "Ship-to postal code: Please enter the postal
 * code", with its path (`shipTo.postalCode`) beside the message for a program to place it.
 */
function describeValidation(error: FastifyError): { message: string; field?: string } {
  if (!hasZodFastifySchemaValidationErrors(error)) return { message: error.message };
  const first = error.validation[0];
  if (!first) return { message: 'The request is not valid' };
  if (first.keyword === 'unrecognized_keys') {
    // The sender's own name for a field the shop does not know: said back as sent.
    const keys = Array.isArray(first.params.keys) ? first.params.keys.join(', ') : '';
    return { message: `Unknown field: ${keys}` };
  }
  const field = first.instancePath.slice(1).replaceAll('/', '.');
  if (field) return { message: messages.fieldProblem(fieldLabel(field), first.message ?? ''), field };
  return {
    message:
      error.validationContext === 'body'
        ? 'The request body must be a JSON object'
        : (first.message ?? 'The request is not valid'),
  };
}

/**
 * The one error handler (DESIGN §2): domain codes map to statuses; 5xx details stay in the log.
 * `stillAnswering` (DatabaseHandle's) tells a busy database from one that is down.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  { stillAnswering }: { stillAnswering?: () => Promise<boolean> } = {},
) {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      if (error.code === 'UNAVAILABLE')
        reply.header('retry-after', String(error.retryAfterSeconds ?? RETRY_AFTER_SECONDS));
      return send(reply, statusOf[error.code], error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, field } = describeValidation(error);
      return send(reply, 400, 'VALIDATION_FAILED', message, field);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'RATE_LIMITED', error.message);
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 404
          ? 'NOT_FOUND'
          : status === 401
            ? 'UNAUTHENTICATED'
            : status === 403
              ? 'FORBIDDEN'
              : 'BAD_REQUEST';
      return send(reply, status, code, error.message);
    }
    const refusal = await retryableRefusalOf(error, stillAnswering);
    if (error instanceof BucketUnavailable && refusal?.kind !== 'storage') {
      request.log.error({ err: error }, 'the picture bucket did not answer');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return send(reply, 503, 'UNAVAILABLE', messages.picturesUnreachable);
    }
    if (refusal) {
      if (refusal.kind === 'storage') request.log.error({ err: error }, 'storage full or read-only');
      else if (refusal.kind === 'busy')
        request.log.warn({ err: error }, 'database busy: rows held, a deadlock or every connection in use');
      else request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(refusal.retryAfterSeconds));
      return send(reply, 503, 'UNAVAILABLE', refusal.message);
    }
    // The last line of defence against input no schema caught: the database refusing a value (class
    // 22, data exception: a NUL, a number out of range) is the request's fault, and a row it refers
    // to that went away meanwhile (23503, e.g. an account deleted moments before) is a conflict.
    const state = sqlStateOf(error);
    if (state?.startsWith('22')) {
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return send(reply, 400, 'BAD_REQUEST', messages.unreadableValue);
    }
    if (state === '23503') {
      request.log.warn({ err: error }, 'the request refers to a row that is gone');
      return send(reply, 409, 'CONFLICT', messages.goneMeanwhile);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'INTERNAL', messages.serverError);
  });

  // A query string or path holding a NUL or half a character reaches no handler: no schema of a
  // route has to remember it, and PostgreSQL would refuse it with a 500.
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const source of [request.query, request.params]) {
      if (!source || typeof source !== 'object') continue;
      for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
        for (const item of Array.isArray(value) ? value : [value]) {
          if (typeof item !== 'string') continue;
          const problem = textProblem(item);
          if (problem)
            throw new DomainError('VALIDATION_FAILED', messages.fieldProblem(fieldLabel(name), problem));
        }
      }
    }
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? request.url;
  return send(reply, 404, 'NOT_FOUND', `There is no API endpoint ${request.method} ${path}`);
}
