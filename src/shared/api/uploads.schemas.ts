import { z } from 'zod';
import { text } from './text';

/** The largest product picture an admin may upload. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
/** The picture types the shop takes, told apart by their content, never by the name or the header. */
export const PICTURE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** The largest document (a datasheet, a safety data sheet, a manual) an admin may upload. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Documents are PDF files, told by their content as pictures are. */
export const DOCUMENT_TYPES = { 'application/pdf': 'pdf' } as const;

/** POST /api/admin/uploads and /api/admin/documents: where the file is served, for a product's fields. */
export const UploadResult = z.object({ url: z.string() }).meta({ id: 'UploadResult' });
export type UploadResult = z.infer<typeof UploadResult>;

/** What a product's or a family's document is: its kind says how the product page files it. */
export const DOCUMENT_KINDS = ['datasheet', 'sds', 'manual', 'certificate'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_NAMES: Record<DocumentKind, string> = {
  datasheet: 'Datasheet',
  sds: 'Safety data sheet',
  manual: 'Manual',
  certificate: 'Certificate',
};

/** The most documents a product, or a family, lists. */
export const MAX_DOCUMENTS = 12;

const documentUrlError =
  'A document is a PDF uploaded to the shop (/uploads/…pdf), one of its own (/images/…pdf) or an https:// address';

/**
 * A document listed on a product page (DESIGN §11): a PDF uploaded to the shop (POST
 * /api/admin/documents), one of the shop's own files (the demo catalog's), or one the manufacturer
 * serves itself at an https:// address.
 */
export const ProductDocument = z.strictObject({
  title: text({ required: 'Give each document a title', max: 120 }),
  kind: z.enum(DOCUMENT_KINDS, { error: `A document's kind is one of ${DOCUMENT_KINDS.join(', ')}` }),
  url: text({ required: 'Give each document its file', max: 2048 }).pipe(
    z.union(
      [
        z.string().regex(/^\/uploads\/[a-f0-9]{40}\.pdf$/),
        // A path under /images/, with nothing to escape it.
        z.string().regex(/^\/images\/(?!.*\.\.)[\w\-./]+\.pdf$/),
        z.url({ protocol: /^https$/ }),
      ],
      { error: documentUrlError },
    ),
  ),
});
export type ProductDocument = z.infer<typeof ProductDocument>;

export const ProductDocuments = z
  .array(ProductDocument)
  .max(MAX_DOCUMENTS, { error: `A product lists at most ${MAX_DOCUMENTS} documents` })
  .refine((documents) => new Set(documents.map((document) => document.url)).size === documents.length, {
    error: 'A document is listed twice',
  });
