import { z } from 'zod';
import { text } from './text';

/**
 * What a company's API key may do: read the catalog at the company's prices, read its orders with their
 * invoices and credit notes, and order (the cart, quick-add, checkout, placing and changing orders).
 */
export const API_KEY_SCOPES = ['catalog:read', 'orders:read', 'orders:write'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES, {
  error: 'Scopes are catalog:read, orders:read and orders:write',
});
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** POST /api/company/api-keys: a named key with its scopes. */
export const CreateApiKeyBody = z.strictObject({
  name: text({ required: 'Please name the key after the system that uses it', max: 80 }),
  scopes: z
    .array(ApiKeyScope)
    .min(1, { error: 'Give the key at least one scope' })
    .max(3)
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'Each scope once' }),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

/** A key as its company's admins see it: never the key itself, which was shown once. */
export const ApiKey = z
  .object({
    _id: z.string(),
    name: z.string(),
    scopes: z.array(ApiKeyScope),
    /** Scopes the key was given that its maker's current role does not allow: refused until then. */
    pausedScopes: z.array(ApiKeyScope),
    /** The colleague who made it: the key acts in their name and never beyond their role. */
    madeBy: z.string(),
    /** The key's first characters ("fl_AbC1"), to tell keys apart. */
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

/** A key as the shop's admin sees it: whose it is too. */
export const CompanyApiKey = ApiKey.extend({ company: z.string() }).meta({ id: 'CompanyApiKey' });
export type CompanyApiKey = z.infer<typeof CompanyApiKey>;

/** The answer to POST /api/company/api-keys: the key, shown this once. */
export const CreatedApiKey = z.object({ _id: z.string(), key: z.string(), prefix: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyParams = z.object({ id: z.uuid({ error: 'Malformed key id' }) });

/** The answer to removing a colleague: the API keys they made, which stopped with their leaving. */
export const RemoveMemberResult = z
  .object({
    modifiedCount: z.number().int(),
    endedApiKeys: z.array(z.object({ name: z.string(), prefix: z.string() })),
  })
  .meta({ id: 'RemoveMemberResult' });
export type RemoveMemberResult = z.infer<typeof RemoveMemberResult>;
