import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_PICTURE_BYTES, PICTURE_TYPES } from '../../shared/api/uploads.schemas';
import { formatUnits } from '../../shared/numbers';
import { messages } from '../../shared/messages';
import { DomainError } from '../http/domain-error';

/** An uploaded picture's file name: its content's hash and its type (what /uploads/ serves). */
export const UPLOADED_NAME = /^[a-f0-9]{40}\.(jpg|png|webp)$/;

const megabytes = (bytes: number) => `${formatUnits(bytes / 1024 / 1024)} MB`;

/**
 * Keeps an admin's product picture under `dir` (DATA_DIR/uploads) and answers its address. The type
 * is read from the content (file-type), so a script named photo.jpg is refused; the name is the
 * content's hash, so the same picture twice is one file and the address can be cached for good.
 */
export async function storePicture(
  dir: string,
  content: Buffer,
  quotaBytes: number,
): Promise<{ url: string; bytes: number; added: boolean }> {
  if (content.length === 0) throw new DomainError('VALIDATION_FAILED', 'The picture file is empty');
  if (content.length > MAX_PICTURE_BYTES) throw tooLarge();
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(content);
  const extension = detected && PICTURE_TYPES[detected.mime as keyof typeof PICTURE_TYPES];
  if (!extension) {
    throw new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Pictures must be JPEG, PNG or WebP images${detected ? ` (this file is ${detected.mime})` : ''}`,
    );
  }
  const name = `${createHash('sha256').update(content).digest('hex').slice(0, 40)}.${extension}`;
  const url = `/uploads/${name}`;
  await mkdir(dir, { recursive: true });
  const pictures = await storedPictures(dir);
  if (pictures.some((picture) => picture.name === name)) return { url, bytes: content.length, added: false };
  const used = pictures.reduce((sum, picture) => sum + picture.bytes, 0);
  if (used + content.length > quotaBytes) {
    throw new DomainError('TOO_LARGE', messages.uploadsFull(megabytes(quotaBytes)));
  }
  // Written under a temporary name and renamed, so a half-written file is never served.
  const partial = join(dir, `.${name}.${randomUUID()}.partial`);
  await writeFile(partial, content);
  await rename(partial, join(dir, name));
  return { url, bytes: content.length, added: true };
}

/** The pictures in the folder, with their sizes and when they were written. */
async function storedPictures(dir: string): Promise<{ name: string; bytes: number; writtenAt: number }[]> {
  const names = (await readdir(dir)).filter((name) => UPLOADED_NAME.test(name));
  const pictures = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(dir, name)).catch(() => null);
      return info && { name, bytes: info.size, writtenAt: info.mtimeMs };
    }),
  );
  return pictures.filter((picture) => picture !== null);
}

/** A picture stays this long unused (uploaded, the product form not yet saved) before it is removed. */
export const UNUSED_PICTURE_MS = 24 * 3_600_000;

/**
 * Removes the pictures no product shows that were uploaded over a day ago (a form left unsaved, a
 * picture replaced since), so the folder holds what the catalog uses. Answers how many went.
 */
export async function removeUnusedPictures(
  dir: string,
  inUse: () => Promise<Set<string>>,
  now = Date.now(),
): Promise<number> {
  const old = (await storedPictures(dir)).filter((picture) => now - picture.writtenAt > UNUSED_PICTURE_MS);
  if (old.length === 0) return 0;
  const used = await inUse();
  const unused = old.filter((picture) => !used.has(`/uploads/${picture.name}`));
  await Promise.all(unused.map((picture) => unlink(join(dir, picture.name)).catch(() => undefined)));
  return unused.length;
}

export function tooLarge() {
  return new DomainError('TOO_LARGE', `A picture may be at most ${megabytes(MAX_PICTURE_BYTES)}`);
}
