import { z } from 'zod';
import { text } from './text';

/**
 * Punchout (DESIGN §11): a company's procurement system (SAP Ariba, Coupa, SAP SRM…) opens the shop for
 * its buyers and takes the cart back as a requisition; its purchase order then becomes an order.
 */
export const PUNCHOUT_PROTOCOLS = ['cxml', 'oci'] as const;

/** A host a cart may be returned to: a name or an address, no scheme, no path. */
const host = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/, {
    error: 'A return host is a host name such as procurement.example.com, without https:// or a path',
  });

const secret = (what: string) =>
  z
    .string({ error: `Please give the ${what}` })
    .min(12, { error: `The ${what} needs at least 12 characters` })
    .max(200, { error: `The ${what} is too long (200 characters at most)` });

const common = {
  systemName: text({ required: 'Please name the procurement system (SAP Ariba, Coupa…)', max: 60 }),
  returnHosts: z
    .array(host)
    .min(1, { error: 'Give at least one host carts may be returned to' })
    .max(10, { error: 'At most 10 return hosts' }),
  /** The colleague the system's buyers order as; by default the company's first admin. */
  buyerEmail: z.email({ error: 'The buyer is a colleague’s email address' }).optional(),
};

/** POST /api/admin/punchout-connections. */
export const CreatePunchoutConnectionBody = z.discriminatedUnion(
  'protocol',
  [
    z.strictObject({
      companyId: z.uuid({ error: 'Choose the company' }),
      protocol: z.literal('cxml'),
      senderDomain: text({ required: 'Please give the sender credential’s domain (NetworkId…)', max: 80 }),
      senderIdentity: text({ required: 'Please give the sender credential’s identity', max: 200 }),
      sharedSecret: secret('shared secret'),
      ...common,
    }),
    z.strictObject({
      companyId: z.uuid({ error: 'Choose the company' }),
      protocol: z.literal('oci'),
      username: text({ required: 'Please give the OCI user name', max: 80 }),
      password: secret('OCI password'),
      ...common,
    }),
  ],
  { error: 'The protocol is cxml or oci' },
);
export type CreatePunchoutConnectionBody = z.input<typeof CreatePunchoutConnectionBody>;

/** PUT /api/admin/punchout-connections/{id}: what may change; a secret left out is kept. */
export const UpdatePunchoutConnectionBody = z.strictObject({
  systemName: common.systemName,
  returnHosts: common.returnHosts,
  buyerEmail: common.buyerEmail,
  senderDomain: text({ max: 80 }).optional(),
  senderIdentity: text({ max: 200 }).optional(),
  username: text({ max: 80 }).optional(),
  /** The new shared secret (cXML) or password (OCI). */
  secret: secret('new secret').optional(),
  disabled: z.boolean(),
});
export type UpdatePunchoutConnectionBody = z.input<typeof UpdatePunchoutConnectionBody>;

export const PunchoutConnection = z
  .object({
    _id: z.string(),
    company: z.object({ _id: z.string(), name: z.string() }),
    protocol: z.enum(PUNCHOUT_PROTOCOLS),
    systemName: z.string(),
    senderDomain: z.string().nullable(),
    senderIdentity: z.string().nullable(),
    username: z.string().nullable(),
    returnHosts: z.array(z.string()),
    buyer: z.object({ name: z.string(), email: z.string() }).nullable(),
    disabled: z.boolean(),
    createdAt: z.string(),
    /** The latest punchouts: when, who, and whether the cart went back. */
    sessions: z.array(
      z.object({
        at: z.string(),
        contact: z.string().nullable(),
        started: z.boolean(),
        transferred: z.boolean(),
      }),
    ),
    /** The latest orders it sent. */
    orders: z.array(
      z.object({
        _id: z.string(),
        orderNumber: z.number().int(),
        poNumber: z.string().nullable(),
        payloadId: z.string(),
        at: z.string(),
      }),
    ),
  })
  .meta({ id: 'PunchoutConnection' });
export type PunchoutConnection = z.infer<typeof PunchoutConnection>;

export const PunchoutConnectionParams = z.object({ id: z.uuid({ error: 'Malformed connection id' }) });

/** GET /api/punchout/session: the punchout the signed-in browser is in. */
export const PunchoutSessionInfo = z.object({
  protocol: z.enum(PUNCHOUT_PROTOCOLS),
  systemName: z.string(),
  company: z.string(),
  operation: z.string(),
  transferred: z.boolean(),
});
export type PunchoutSessionInfo = z.infer<typeof PunchoutSessionInfo>;

/** GET /api/purchase/{id}/punchout: the procurement system an order came from, and its OrderRequest's payloadID. */
export const OrderPunchout = z.object({ systemName: z.string(), payloadId: z.string() });
export type OrderPunchout = z.infer<typeof OrderPunchout>;

/** The answer to POST /api/admin/punchout-connections. */
export const CreatedPunchoutConnection = z.object({ _id: z.string() });
export type CreatedPunchoutConnection = z.infer<typeof CreatedPunchoutConnection>;
