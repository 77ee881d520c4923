import { createHash } from 'node:crypto';
import { MAX_PICTURE_BYTES, PICTURE_TYPES } from '../../shared/api/uploads.schemas';
import { formatUnits } from '../../shared/numbers';
import { messages } from '../../shared/messages';
import { DomainError } from '../http/domain-error';
import type { PictureStore } from './picture-store';

/** An uploaded picture's file name: its content's hash and its type (what /uploads/ serves). */
export const UPLOADED_NAME = /^[a-f0-9]{40}\.(jpg|png|webp)$/;

const megabytes = (bytes: number) => `${formatUnits(bytes / 1024 / 1024)} MB`;

/**
 * Keeps an admin's product picture in the store (DATA_DIR/uploads or the bucket) and answers its
 * address. The type is read from the content (file-type), so a script named photo.jpg is refused; the
 * name is the content's hash, so the same picture twice is one file and the address can be cached for good.
 */
export async function storePicture(
  store: PictureStore,
  content: Buffer,
  quotaBytes: number,
): Promise<{ url: string; bytes: number; added: boolean }> {
  if (content.length === 0) throw new DomainError('VALIDATION_FAILED', messages.pictureEmpty);
  if (content.length > MAX_PICTURE_BYTES) throw tooLarge();
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(content);
  const type = detected?.mime as keyof typeof PICTURE_TYPES | undefined;
  const extension = type && PICTURE_TYPES[type];
  if (!extension) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', messages.pictureType(detected?.mime));
  }
  const name = `${createHash('sha256').update(content).digest('hex').slice(0, 40)}.${extension}`;
  const url = `/uploads/${name}`;
  const pictures = (await store.list()).filter((picture) => UPLOADED_NAME.test(picture.name));
  if (pictures.some((picture) => picture.name === name)) return { url, bytes: content.length, added: false };
  const used = pictures.reduce((sum, picture) => sum + picture.bytes, 0);
  if (used + content.length > quotaBytes) {
    throw new DomainError('TOO_LARGE', messages.uploadsFull(megabytes(quotaBytes)));
  }
  await store.put(name, content, type);
  return { url, bytes: content.length, added: true };
}

/** A picture stays this long unused (uploaded, the product form not yet saved) before it is removed. */
export const UNUSED_PICTURE_MS = 24 * 3_600_000;

/**
 * Removes the pictures no product shows that were uploaded over a day ago (a form left unsaved, a
 * picture replaced since), so the folder holds what the catalog uses. Answers how many went.
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

export function tooLarge() {
  return new DomainError('TOO_LARGE', messages.pictureTooLarge(megabytes(MAX_PICTURE_BYTES)));
}
