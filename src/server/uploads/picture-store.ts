import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BucketConfig } from '../config/bucket-config';
import { writeProbe } from '../db/write-probe';
import { BucketUnavailable } from '../http/bucket-unavailable';

/** One kept picture: its file name (`<hash>.<ext>`), its size and when it was written. */
export interface StoredPicture {
  name: string;
  bytes: number;
  writtenAt: number;
}

/**
 * Where admins' product pictures are kept: a folder on this machine (the default) or an S3-compatible
 * bucket that every instance of the shop shares (DESIGN §9). Names are content hashes, so a picture
 * is never rewritten in place and a write can be retried safely.
 */
export type PictureStore = FolderStore | BucketStore;

interface Store {
  /** For logs: the folder, or `s3://bucket/prefix`. */
  readonly where: string;
  list(): Promise<StoredPicture[]>;
  put(name: string, content: Buffer, type: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** Whether the store takes writes now (readiness). */
  ready(): Promise<boolean>;
}

/** Files the web server sends itself (with ranges and ETags). */
export interface FolderStore extends Store {
  readonly kind: 'folder';
  readonly folder: string;
}

/** Objects the shop reads from the bucket and sends on. */
export interface BucketStore extends Store {
  readonly kind: 'bucket';
  /** The picture's bytes, or null when there is no such picture. */
  read(name: string): Promise<{ body: Readable; bytes?: number; type?: string } | null>;
  close(): void;
}

/** The pictures as files in `dir`, written under a temporary name and renamed, so none is served half-written. */
export function folderStore(dir: string): FolderStore {
  return {
    kind: 'folder',
    where: dir,
    folder: dir,
    async list() {
      await mkdir(dir, { recursive: true });
      const names = (await readdir(dir)).filter((name) => !name.startsWith('.'));
      const pictures = await Promise.all(
        names.map(async (name) => {
          const info = await stat(join(dir, name)).catch(() => null);
          return info && { name, bytes: info.size, writtenAt: info.mtimeMs };
        }),
      );
      return pictures.filter((picture) => picture !== null);
    },
    async put(name, content) {
      await mkdir(dir, { recursive: true });
      const partial = join(dir, `.${name}.${randomUUID()}.partial`);
      await writeFile(partial, content);
      await rename(partial, join(dir, name));
    },
    async remove(name) {
      await unlink(join(dir, name)).catch(() => undefined);
    },
    ready: () => folderTakesWrites(dir),
  };
}

/**
 * Whether a folder takes a write: a small file written, flushed and removed. A full disk (ENOSPC) or
 * a read-only one (EROFS) fails it, which the database's own check does not see until an order fails.
 */
export async function folderTakesWrites(dir: string): Promise<boolean> {
  return (await writeProbe(dir, `.ready-${process.pid}`, { bytes: 4096, sync: true })) === undefined;
}

/** The pictures as objects in a bucket, through the AWS SDK (the field's own S3 client). */
export async function bucketStore(config: BucketConfig): Promise<BucketStore> {
  const s3 = await import('@aws-sdk/client-s3');
  const client: S3Client = new s3.S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    maxAttempts: 3,
    // A stalled bucket fails an upload within seconds rather than holding the admin's request.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
  });
  const Bucket = config.bucket;
  const where = `s3://${Bucket}/${config.prefix}`;
  const key = (name: string) => `${config.prefix}${name}`;
  const notFound = (error: unknown) =>
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  const unavailable = (error: unknown) =>
    new BucketUnavailable(`the picture bucket ${where} did not answer`, { cause: error });
  const send: S3Client['send'] = (command: Parameters<S3Client['send']>[0]) =>
    client.send(command).catch((error: unknown) => {
      throw notFound(error) ? error : unavailable(error);
    });
  return {
    kind: 'bucket',
    where,
    async list() {
      const pictures: StoredPicture[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await send(
          new s3.ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          pictures.push({
            name: object.Key.slice(config.prefix.length),
            bytes: object.Size ?? 0,
            writtenAt: object.LastModified?.getTime() ?? 0,
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return pictures;
    },
    async put(name, content, type) {
      await send(new s3.PutObjectCommand({ Bucket, Key: key(name), Body: content, ContentType: type }));
    },
    async remove(name) {
      await send(new s3.DeleteObjectCommand({ Bucket, Key: key(name) }));
    },
    async read(name) {
      try {
        const object = await send(new s3.GetObjectCommand({ Bucket, Key: key(name) }));
        return {
          body: object.Body as Readable,
          bytes: object.ContentLength,
          type: object.ContentType,
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async ready() {
      try {
        await send(new s3.HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.destroy(),
  };
}
