import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_PICTURE_BYTES, PICTURE_TYPES } from '../../shared/api/uploads.schemas';
import { formatUnits } from '../../shared/numbers';
import { DomainError } from '../http/domain-error';

/** An uploaded picture's file name: its content's hash and its type (what /uploads/ serves). */
export const UPLOADED_NAME = /^[a-f0-9]{40}\.(jpg|png|webp)$/;

const megabytes = (bytes: number) => `${formatUnits(bytes / 1024 / 1024)} MB`;

/**
 * Keeps an admin's product picture under `dir` (DATA_DIR/uploads) and answers its address. The type
 * is read from the content (file-type), so a script named photo.jpg is refused; the name is the
 * content's hash, so the same picture twice is one file and the address can be cached for good.
 */
export async function storePicture(dir: string, content: Buffer): Promise<{ url: string }> {
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
  await mkdir(dir, { recursive: true });
  // Written under a temporary name and renamed, so a half-written file is never served.
  const partial = join(dir, `.${name}.${randomUUID()}.partial`);
  await writeFile(partial, content);
  await rename(partial, join(dir, name));
  return { url: `/uploads/${name}` };
}

export function tooLarge() {
  return new DomainError('TOO_LARGE', `A picture may be at most ${megabytes(MAX_PICTURE_BYTES)}`);
}
