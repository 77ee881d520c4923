/**
 * The picture bucket refused or did not answer (down, wrong keys, no such bucket): the request answers
 * 503 (error-handler.ts). Thrown by uploads/picture-store.ts; here so that the error handler knows it
 * without knowing the uploads.
 */
export class BucketUnavailable extends Error {
  override name = 'BucketUnavailable';
}
