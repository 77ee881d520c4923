import { z } from 'zod';

/** The answers of writes (DESIGN §3): creates, updates and deletes. */
export const InsertResult = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type InsertResult = z.infer<typeof InsertResult>;

export const UpdateResult = z.object({ modifiedCount: z.number().int() });
export type UpdateResult = z.infer<typeof UpdateResult>;

export const DeleteResult = z.object({ deletedCount: z.number().int() });
export type DeleteResult = z.infer<typeof DeleteResult>;
