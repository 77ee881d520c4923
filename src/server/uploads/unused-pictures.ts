import type { FastifyBaseLogger } from 'fastify';
import { uploadedPicturesInUse } from '../catalog/products.repository';
import type { Database } from '../db/database';
import type { PictureStore } from './picture-store';
import { removeUnusedPictures } from './store-picture';

const EVERY_MS = 3_600_000;
const FIRST_AFTER_MS = 60_000;

/**
 * The uploaded pictures' cleaning job: a minute after the start, then hourly, pictures no product has
 * shown for a day go. Each instance cleans its own folder; instances sharing a bucket each clean it,
 * which is harmless (a removal of a removed object succeeds). The returned function stops it.
 */
export function scheduleUnusedPictureRemoval(store: PictureStore, db: Database, log: FastifyBaseLogger) {
  const run = () => {
    removeUnusedPictures(store, () => uploadedPicturesInUse(db)).then(
      (removed) => removed > 0 && log.info({ removed }, 'removed uploaded pictures no product uses'),
      (error: unknown) => log.warn({ err: error }, 'could not clean the uploaded pictures'),
    );
  };
  const first = setTimeout(run, FIRST_AFTER_MS);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
