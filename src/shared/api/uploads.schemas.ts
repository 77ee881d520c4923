import { z } from 'zod';

/** The largest product picture an admin may upload. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
/** The picture types the shop takes, told apart by their content, never by the name or the header. */
export const PICTURE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** POST /api/admin/uploads: where the uploaded picture is served, for a product's image field. */
export const UploadResult = z.object({ url: z.string() }).meta({ id: 'UploadResult' });
export type UploadResult = z.infer<typeof UploadResult>;
