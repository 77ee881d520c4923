import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.repository';
import { PUNCHOUT_SESSION_MS } from '../auth/session';
import type { Database, Executor } from '../db/database';
import { companyMembers, punchoutConnections, punchoutSessions, sessions, users } from '../db/schema';
import { membershipOf } from '../identity/membership';
import type { SessionUser } from '../identity/request-user';
import { emptyCart, setCartLines } from '../orders/cart';
import { findOrderable } from '../records/products.repository';
import { type ConnectionRow, type PunchoutPolicy, returnUrlAllowed } from './connections';

/**
 * Every query of `punchout_sessions`, and a punchout's life (DESIGN §11): a setup request (cXML) or a
 * catalog call (OCI) makes one with a single-use start address that lasts five minutes; opening it signs
 * the browser in as the company's buyer, in a session that may browse, fill the cart and transfer it,
 * nothing else (`sessions.punchout_session_id`); the transfer carries the cart back to `returnUrl`.
 */

/** A punchout refused, with the HTTP status to answer and what to tell the buyer or the system. */
export class PunchoutRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 429,
    message: string,
  ) {
    super(message);
  }
}

export const START_VALID_MS = 5 * 60_000;

export type PunchoutSessionRow = typeof punchoutSessions.$inferSelect;

export interface Setup {
  returnUrl: string;
  buyerCookie: string | null;
  /** cXML: the setup request's From, echoed as the To of the cart sent back. */
  buyerCredential: { domain: string; identity: string } | null;
  operation: 'create' | 'edit' | 'inspect';
  ociTarget: string | null;
  setupPayloadId: string | null;
  /** The procurement system's buyer, when it names them: they shop as their own account in the company. */
  contact: { email: string; name: string | null } | null;
  items: { sku: string; quantity: number; buyerPartId: string | null }[];
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes a punchout for an authenticated connection; answers its start address, good once for five minutes. */
export async function beginPunchout(
  ex: Executor,
  connection: ConnectionRow,
  setup: Setup,
  { publicUrl, policy, now = new Date() }: { publicUrl: string; policy: PunchoutPolicy; now?: Date },
): Promise<string> {
  if (!returnUrlAllowed(connection, setup.returnUrl, policy)) {
    throw new PunchoutRefusal(
      403,
      `The cart cannot be returned to ${setup.returnUrl.slice(0, 200)}: it is not on this connection’s return hosts`,
    );
  }
  const token = randomBytes(32).toString('base64url');
  await ex.insert(punchoutSessions).values({
    connectionId: connection.id,
    startTokenHash: hashOf(token),
    startExpiresAt: new Date(now.getTime() + START_VALID_MS),
    returnUrl: setup.returnUrl,
    buyerCookie: setup.buyerCookie,
    buyerCredential: setup.buyerCredential,
    operation: setup.operation,
    ociTarget: setup.ociTarget,
    setupPayloadId: setup.setupPayloadId,
    contact: setup.contact?.email ?? null,
    contactName: setup.contact?.name ?? null,
    items: setup.items,
    createdAt: now,
  });
  return `${publicUrl}/punchout/start/${token}`;
}

export interface Started {
  /** better-auth's session token for the cookie. */
  sessionToken: string;
  expiresAt: Date;
  /** Where the browser goes: the cart when it holds the requisition's lines, else the shop. */
  landing: '/cart' | '/shop';
}

/**
 * Opens a start address: once, within its five minutes, for an enabled connection. Signs the browser in
 * as the contact's account (made on first use, as a buyer of the company) or the connection's buyer,
 * whose cart starts empty, or with the requisition's lines for an edit or inspect.
 */
export async function startPunchout(
  db: Database,
  token: string,
  { floor, now = new Date() }: { floor: number; now?: Date },
): Promise<Started> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(punchoutSessions)
      .where(eq(punchoutSessions.startTokenHash, hashOf(token)))
      .for('update');
    if (!session)
      throw new PunchoutRefusal(
        404,
        'This punchout link is not valid. Start again from your procurement system.',
      );
    if (session.startedAt) {
      throw new PunchoutRefusal(
        410,
        'This punchout link was used already. Start again from your procurement system.',
      );
    }
    if (session.startExpiresAt <= now) {
      throw new PunchoutRefusal(
        410,
        'This punchout link has expired. Start again from your procurement system.',
      );
    }
    const [connection] = await tx
      .select()
      .from(punchoutConnections)
      .where(eq(punchoutConnections.id, session.connectionId));
    if (!connection || connection.disabledAt) {
      throw new PunchoutRefusal(
        403,
        'This procurement system’s connection to the shop is disabled. Please contact us.',
      );
    }
    const buyer = await accountFor(tx, connection, session.contact, session.contactName, now);
    await tx
      .update(punchoutSessions)
      .set({ startedAt: now, userId: buyer.id })
      .where(eq(punchoutSessions.id, session.id));
    // One punchout at a time per account (its cart is the account's): a new one ends the browser
    // sessions of the earlier ones, which are told to start again, rather than share a cart unawares.
    await tx.delete(sessions).where(
      inArray(
        sessions.punchoutSessionId,
        tx
          .select({ id: punchoutSessions.id })
          .from(punchoutSessions)
          .where(and(eq(punchoutSessions.userId, buyer.id), ne(punchoutSessions.id, session.id))),
      ),
    );
    await emptyCart(tx, buyer.id);
    const known = await findOrderable(tx, { skus: session.items.map((item) => item.sku) });
    const lines = new Map<string, number>();
    for (const item of session.items) {
      const product = known.find((candidate) => candidate.sku.toUpperCase() === item.sku.toUpperCase());
      if (product) lines.set(product.id, item.quantity);
    }
    await setCartLines(tx, buyer, lines, floor);
    const sessionToken = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + PUNCHOUT_SESSION_MS);
    await tx.insert(sessions).values({
      id: randomBytes(24).toString('base64url'),
      token: sessionToken,
      userId: buyer.id,
      expiresAt,
      punchoutSessionId: session.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, buyer, {
      action: 'punchout.session',
      subject: `punchout ${connection.protocol} of company ${connection.companyId}`,
      after: {
        system: connection.systemName,
        operation: session.operation,
        contact: session.contact,
        lines: lines.size,
      },
    });
    return { sessionToken, expiresAt, landing: lines.size > 0 ? ('/cart' as const) : ('/shop' as const) };
  });
}

/**
 * The account a punchout shops as: the contact's own when the system names them (a colleague who may
 * order, or a new account made a buyer of the company: the authenticated system vouches for its
 * buyers), else the connection's buyer.
 */
export async function accountFor(
  ex: Executor,
  connection: ConnectionRow,
  contact: string | null,
  name: string | null,
  now: Date,
): Promise<SessionUser> {
  let userId = connection.buyerUserId;
  if (contact) {
    const email = contact.toLowerCase();
    const [existing] = await ex.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) {
      const membership = await membershipOf(ex, existing.id);
      if (
        membership?.id === connection.companyId &&
        membership.roles.some((role) => role === 'buyer' || role === 'admin')
      ) {
        userId = existing.id;
      }
    } else {
      // A buyer of the company in this shop, vouched for by its procurement system; the address itself
      // is not confirmed (its owner confirms it as anyone does), so it grants nothing beyond the punchout.
      const id = randomUUID().replaceAll('-', '');
      const [made] = await ex
        .insert(users)
        .values({
          id,
          name: (name?.trim() || email.split('@')[0] || email).slice(0, 80),
          email,
          emailVerified: false,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!made) {
        throw new PunchoutRefusal(
          409,
          'This buyer’s account is being made by another punchout: please start again.',
        );
      }
      await ex
        .insert(companyMembers)
        .values({ companyId: connection.companyId, userId: id, roles: ['buyer'], joinedAt: now });
      userId = id;
    }
  }
  if (!userId) {
    throw new PunchoutRefusal(409, 'This connection has no buyer to order as. Please contact us.');
  }
  const [user] = await ex.select().from(users).where(eq(users.id, userId));
  const company = await membershipOf(ex, userId);
  if (!user || company?.id !== connection.companyId) {
    throw new PunchoutRefusal(
      409,
      'This connection’s buyer is no longer a colleague in the company. Please contact us.',
    );
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: 'user',
    emailVerified: user.emailVerified,
    company,
  };
}

/** The cookie better-auth reads as its session: the token signed with the shop's auth secret, as better-call signs it. */
export function sessionCookie(
  { sessionToken, expiresAt }: Pick<Started, 'sessionToken' | 'expiresAt'>,
  { secret, secure, now = new Date() }: { secret: string; secure: boolean; now?: Date },
): string {
  const signature = createHmac('sha256', secret).update(sessionToken).digest('base64');
  const value = encodeURIComponent(`${sessionToken}.${signature}`);
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return [
    `${secure ? '__Secure-' : ''}better-auth.session_token=${value}`,
    `Max-Age=${maxAge}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The punchout a better-auth session belongs to, with its connection; null for an ordinary session. */
export async function punchoutOfSession(ex: Executor, punchoutSessionId: string) {
  const [row] = await ex
    .select({ session: punchoutSessions, connection: punchoutConnections })
    .from(punchoutSessions)
    .innerJoin(punchoutConnections, eq(punchoutConnections.id, punchoutSessions.connectionId))
    .where(eq(punchoutSessions.id, punchoutSessionId));
  return row ?? null;
}

export async function markTransferred(
  ex: Executor,
  punchoutSessionId: string,
  now = new Date(),
): Promise<void> {
  await ex
    .update(punchoutSessions)
    .set({ transferredAt: now })
    .where(eq(punchoutSessions.id, punchoutSessionId));
}
