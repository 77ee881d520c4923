import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed keys: it checks every request's signature against them. */
export const LOCAL_S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server on a free local port (s3rver, files in a temporary folder), with one
 * bucket. `stop` and `start` take it down and bring it back on the same port with the same objects,
 * as a bucket service's outage would.
 */
export async function startLocalS3(bucket = 'shop-pictures') {
  const directory = mkdtempSync(join(tmpdir(), 'toolshop-s3-'));
  const configureBuckets = [{ name: bucket, configs: [] }];
  let server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const { accessKeyId, secretAccessKey } = LOCAL_S3_KEYS;
  return {
    endpoint,
    bucket,
    /** The shop's S3_URL for this bucket. */
    url: `http://${accessKeyId}:${secretAccessKey}@127.0.0.1:${port}/${bucket}`,
    stop: () => server.close(),
    async start() {
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets });
      await server.run();
    },
    async close() {
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
