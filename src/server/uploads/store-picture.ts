import { createHash } from 'node:crypto';
import {
  DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
  MAX_PICTURE_BYTES,
  PICTURE_TYPES,
} from '../../shared/api/uploads.schemas';
import { formatUnits } from '../../shared/numbers';
import { messages } from '../../shared/messages';
import { DomainError } from '../http/domain-error';
import type { PictureStore } from './picture-store';

/** An uploaded file's name: its content's hash and its type (what /uploads/ serves). */
export const UPLOADED_NAME = /^[a-f0-9]{40}\.(jpg|png|webp|pdf)$/;

const megabytes = (bytes: number) => `${formatUnits(bytes / 1024 / 1024)} MB`;

/**
 * What the shop takes as a product's picture, and as a document (a datasheet, a safety data sheet):
 * its types, its largest size, and what an upload of it is told when it is not right.
 */
export const UPLOAD_KINDS = {
  picture: {
    types: PICTURE_TYPES as Record<string, string>,
    maxBytes: MAX_PICTURE_BYTES,
    empty: messages.pictureEmpty,
    wrongType: messages.pictureType,
    tooLarge: messages.pictureTooLarge,
    notMultipart: messages.pictureAsMultipart,
    noFile: messages.choosePicture,
  },
  document: {
    types: DOCUMENT_TYPES as Record<string, string>,
    maxBytes: MAX_DOCUMENT_BYTES,
    empty: messages.documentEmpty,
    wrongType: messages.documentType,
    tooLarge: messages.documentTooLarge,
    notMultipart: messages.documentAsMultipart,
    noFile: messages.chooseDocument,
  },
};
export type UploadKind = keyof typeof UPLOAD_KINDS;

/**
 * Keeps an admin's product picture or document in the store (DATA_DIR/uploads or the bucket) and
 * answers its address. The type is read from the content (file-type), so a script named photo.jpg or
 * sheet.pdf is refused; the name is the content's hash, so the same file twice is one file and the
 * address can be cached for good. Pictures and documents share the store and its quota.
 */
export async function storeUpload(
  store: PictureStore,
  content: Buffer,
  quotaBytes: number,
  kind: UploadKind,
): Promise<{ url: string; bytes: number; added: boolean }> {
  const rules = UPLOAD_KINDS[kind];
  if (content.length === 0) throw new DomainError('VALIDATION_FAILED', rules.empty);
  if (content.length > rules.maxBytes) throw tooLarge(kind);
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(content);
  const type = detected?.mime;
  const extension = type && rules.types[type];
  if (!type || !extension) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', rules.wrongType(type));
  const name = `${createHash('sha256').update(content).digest('hex').slice(0, 40)}.${extension}`;
  const url = `/uploads/${name}`;
  const files = (await store.list()).filter((file) => UPLOADED_NAME.test(file.name));
  if (files.some((file) => file.name === name)) return { url, bytes: content.length, added: false };
  const used = files.reduce((sum, file) => sum + file.bytes, 0);
  if (used + content.length > quotaBytes) {
    throw new DomainError('TOO_LARGE', messages.uploadsFull(megabytes(quotaBytes)));
  }
  await store.put(name, content, type);
  return { url, bytes: content.length, added: true };
}

/** A file stays this long unused (uploaded, the product form not yet saved) before it is removed. */
export const UNUSED_PICTURE_MS = 24 * 3_600_000;

/**
 * Removes the pictures and documents no product or family shows that were uploaded over a day ago (a
 * form left unsaved, a file replaced since), so the store holds what the catalog uses. Answers how many went.
 */
export async function removeUnusedPictures(
  store: PictureStore,
  inUse: () => Promise<Set<string>>,
  now = Date.now(),
): Promise<number> {
  const old = (await store.list()).filter(
    (picture) => UPLOADED_NAME.test(picture.name) && now - picture.writtenAt > UNUSED_PICTURE_MS,
  );
  if (old.length === 0) return 0;
  const used = await inUse();
  const unused = old.filter((picture) => !used.has(`/uploads/${picture.name}`));
  for (const picture of unused) await store.remove(picture.name);
  return unused.length;
}

export function tooLarge(kind: UploadKind) {
  const { maxBytes, tooLarge: message } = UPLOAD_KINDS[kind];
  return new DomainError('TOO_LARGE', message(megabytes(maxBytes)));
}
