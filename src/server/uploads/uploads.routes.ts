import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/api/errors';
import { MAX_PICTURE_BYTES, UploadResult } from '../../shared/api/uploads.schemas';
import type { AuthGuards } from '../auth/session';
import { DomainError } from '../http/domain-error';
import { storePicture, tooLarge } from './store-picture';

/** An admin uploads a product picture (DESIGN §9): one file, multipart/form-data, field `file`. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; uploadsDir: string }> = async (
  app,
  { guards, uploadsDir },
) => {
  // Only this route reads multipart bodies, and never more than one file of the largest size.
  await app.register(multipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });
  app.post(
    '/admin/uploads',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Upload a product picture: JPEG, PNG or WebP up to 2 MB, checked by content (admin)',
        consumes: ['multipart/form-data'],
        response: { 201: UploadResult, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new DomainError(
          'VALIDATION_FAILED',
          'Send the picture as multipart/form-data, in the field “file”',
        );
      }
      const file = await request.file();
      if (!file) throw new DomainError('VALIDATION_FAILED', 'Choose a picture to upload');
      let content: Buffer;
      try {
        content = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      return reply.status(201).send(await storePicture(uploadsDir, content));
    },
  );
};
