/** An S3-compatible bucket: AWS S3, MinIO, Cloudflare R2, Backblaze B2, Ceph… */
export interface BucketConfig {
  /** The service's address; undefined means AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  /** Keys start with this (e.g. `uploads/`), so the bucket can hold other things. */
  prefix: string;
  region: string;
  /** Undefined: the AWS SDK's usual chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` as the address's path rather than its host name: what most S3-compatible servers want. */
  forcePathStyle: boolean;
}
