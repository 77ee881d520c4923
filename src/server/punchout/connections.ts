import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type {
  CreatePunchoutConnectionBody,
  PunchoutConnection,
  UpdatePunchoutConnectionBody,
} from '../../shared/api/punchout.schemas';
import { companyRolesAllow } from '../../shared/domain/company-roles';
import { type Actor, recordAudit } from '../audit/audit.repository';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Database, Executor } from '../db/database';
import {
  companies,
  companyMembers,
  punchoutConnections,
  punchoutOrders,
  punchoutSessions,
  users,
} from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { DomainError } from '../http/domain-error';
import { findCompany } from '../records/companies.repository';
import { orderReferencesOf } from '../orders/storage/orders.repository';

/**
 * Every query of `punchout_connections`, and what a connection is (DESIGN §11): the shop's admin sets
 * one up per company and procurement system; its shared secret or password is kept only as an argon2id
 * hash (as account passwords are); carts go back only to its return hosts.
 */

export type ConnectionRow = typeof punchoutConnections.$inferSelect;

/** Whether local return hosts (127.0.0.1, localhost) and plain http are allowed: PUNCHOUT_ALLOW_LOCAL. */
export interface PunchoutPolicy {
  allowLocal: boolean;
}

const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)(:\d+)?$/;

function checkHosts(hosts: readonly string[], policy: PunchoutPolicy): string[] {
  const local = hosts.find((host) => LOCAL_HOST.test(host));
  if (local && !policy.allowLocal) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `${local} is this machine: carts are returned to the procurement system’s own hosts (PUNCHOUT_ALLOW_LOCAL=true allows it for tests)`,
    );
  }
  return [...new Set(hosts.map((host) => host.toLowerCase()))];
}

/**
 * Whether a cart may be returned to `url` (a BrowserFormPost or HOOK_URL): https (http only where local
 * hosts are allowed) to one of the connection's return hosts. No open redirect through the shop.
 */
export function returnUrlAllowed(
  connection: Pick<ConnectionRow, 'returnHosts'>,
  url: string,
  policy: PunchoutPolicy,
) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && policy.allowLocal)) return false;
  if (parsed.username || parsed.password) return false;
  const host = parsed.host.toLowerCase();
  return connection.returnHosts.some(
    (allowed) => allowed === host || allowed === parsed.hostname.toLowerCase(),
  );
}

/** The colleague the system's buyers order as: the one named, who may order for the company, or its first admin. */
async function buyerOf(ex: Executor, companyId: string, email: string | undefined): Promise<string> {
  const members = await ex
    .select({ id: users.id, email: users.email, roles: companyMembers.roles })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.joinedAt));
  const buyer = email
    ? members.find((member) => member.email.toLowerCase() === email.toLowerCase())
    : members.find((member) => member.roles.includes('admin'));
  if (!buyer) {
    throw new DomainError(
      'VALIDATION_FAILED',
      email
        ? `${email} is not a colleague in this company`
        : 'This company has no admin to order as: name the buyer',
    );
  }
  if (!companyRolesAllow(buyer.roles, 'order')) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `${buyer.email} may not order for the company: give them the buyer role`,
    );
  }
  return buyer.id;
}

const taken = (protocol: string) =>
  new DomainError(
    'CONFLICT',
    protocol === 'cxml'
      ? 'Another connection uses this sender credential (domain and identity)'
      : 'Another connection uses this OCI user name',
  );

export async function createConnection(
  db: Database,
  admin: Actor,
  body: CreatePunchoutConnectionBody,
  policy: PunchoutPolicy,
): Promise<{ _id: string }> {
  const returnHosts = checkHosts(body.returnHosts, policy);
  const secretHash = await hashPassword(body.protocol === 'cxml' ? body.sharedSecret : body.password);
  try {
    return await db.transaction(async (tx) => {
      const company = await findCompany(tx, body.companyId);
      if (!company) throw new DomainError('NOT_FOUND', 'There is no such company');
      const buyerUserId = await buyerOf(tx, company.id, body.buyerEmail);
      const [row] = await tx
        .insert(punchoutConnections)
        .values({
          companyId: company.id,
          protocol: body.protocol,
          systemName: body.systemName,
          senderDomain: body.protocol === 'cxml' ? body.senderDomain : null,
          senderIdentity: body.protocol === 'cxml' ? body.senderIdentity : null,
          username: body.protocol === 'oci' ? body.username : null,
          secretHash,
          returnHosts,
          buyerUserId,
        })
        .returning({ id: punchoutConnections.id });
      if (!row) throw new Error('The punchout connection was not stored');
      await recordAudit(tx, admin, {
        action: 'punchout.connection_save',
        subject: `punchout ${body.protocol} of ${company.name}`,
        after: { systemName: body.systemName, returnHosts, ...credentialOf(body) },
      });
      return { _id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(body.protocol);
    throw error;
  }
}

const credentialOf = (row: {
  protocol: string;
  senderDomain?: string | null;
  senderIdentity?: string | null;
  username?: string | null;
}) =>
  row.protocol === 'cxml'
    ? { senderDomain: row.senderDomain ?? null, senderIdentity: row.senderIdentity ?? null }
    : { username: row.username ?? null };

export async function updateConnection(
  db: Database,
  admin: Actor,
  id: string,
  body: UpdatePunchoutConnectionBody,
  policy: PunchoutPolicy,
): Promise<void> {
  const returnHosts = checkHosts(body.returnHosts, policy);
  const secretHash = body.secret ? await hashPassword(body.secret) : undefined;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(punchoutConnections)
        .where(eq(punchoutConnections.id, id))
        .for('update');
      if (!before) throw new DomainError('NOT_FOUND', 'There is no such punchout connection');
      const buyerUserId = await buyerOf(tx, before.companyId, body.buyerEmail);
      const [after] = await tx
        .update(punchoutConnections)
        .set({
          systemName: body.systemName,
          returnHosts,
          buyerUserId,
          ...(before.protocol === 'cxml'
            ? {
                senderDomain: body.senderDomain ?? before.senderDomain,
                senderIdentity: body.senderIdentity ?? before.senderIdentity,
              }
            : { username: body.username ?? before.username }),
          ...(secretHash ? { secretHash } : {}),
          disabledAt: body.disabled ? (before.disabledAt ?? new Date()) : null,
          updatedAt: new Date(),
        })
        .where(eq(punchoutConnections.id, id))
        .returning();
      if (!after) throw new Error('The punchout connection was not updated');
      await recordAudit(tx, admin, {
        action: 'punchout.connection_save',
        subject: `punchout ${before.protocol} connection ${id}`,
        before: {
          systemName: before.systemName,
          returnHosts: before.returnHosts,
          disabled: before.disabledAt !== null,
          ...credentialOf(before),
        },
        after: {
          systemName: after.systemName,
          returnHosts: after.returnHosts,
          disabled: after.disabledAt !== null,
          ...credentialOf(after),
          ...(secretHash ? { secret: 'changed' } : {}),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(body.username ? 'oci' : 'cxml');
    throw error;
  }
}

/** Removes a connection that never sent an order (one that did is disabled instead: its orders name it). */
export async function deleteConnection(db: Database, admin: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked as an OrderRequest locks it: none comes in between the count and the delete.
    await tx
      .select({ id: punchoutConnections.id })
      .from(punchoutConnections)
      .where(eq(punchoutConnections.id, id))
      .for('update');
    const [used] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(punchoutOrders)
      .where(eq(punchoutOrders.connectionId, id));
    if ((used?.n ?? 0) > 0) {
      throw new DomainError('CONFLICT', 'This connection has sent orders, which name it: disable it instead');
    }
    const [removed] = await tx.delete(punchoutConnections).where(eq(punchoutConnections.id, id)).returning();
    if (!removed) throw new DomainError('NOT_FOUND', 'There is no such punchout connection');
    await recordAudit(tx, admin, {
      action: 'punchout.connection_delete',
      subject: `punchout ${removed.protocol} connection ${id}`,
      before: { systemName: removed.systemName, ...credentialOf(removed) },
    });
  });
}

/** Every connection, newest first, with its latest five punchouts and orders (the admin's Punchout page). */
export async function listConnections(db: Database): Promise<PunchoutConnection[]> {
  const rows = await db
    .select({
      connection: punchoutConnections,
      companyName: companies.name,
      buyerName: users.name,
      buyerEmail: users.email,
    })
    .from(punchoutConnections)
    .innerJoin(companies, eq(companies.id, punchoutConnections.companyId))
    .leftJoin(users, eq(users.id, punchoutConnections.buyerUserId))
    .orderBy(desc(punchoutConnections.createdAt));
  const ids = rows.map((row) => row.connection.id);
  if (ids.length === 0) return [];
  const ranked = db
    .select({
      connectionId: punchoutSessions.connectionId,
      at: punchoutSessions.createdAt,
      contact: punchoutSessions.contact,
      startedAt: punchoutSessions.startedAt,
      transferredAt: punchoutSessions.transferredAt,
      rank: sql<number>`row_number() over (partition by ${punchoutSessions.connectionId} order by ${punchoutSessions.createdAt} desc)`.as(
        'rank',
      ),
    })
    .from(punchoutSessions)
    .where(inArray(punchoutSessions.connectionId, ids))
    .as('ranked');
  const sessions = await db.select().from(ranked).where(lte(ranked.rank, 5));
  const rankedOrders = db
    .select({
      connectionId: punchoutOrders.connectionId,
      payloadId: punchoutOrders.payloadId,
      at: punchoutOrders.createdAt,
      orderId: punchoutOrders.orderId,
      rank: sql<number>`row_number() over (partition by ${punchoutOrders.connectionId} order by ${punchoutOrders.createdAt} desc)`.as(
        'order_rank',
      ),
    })
    .from(punchoutOrders)
    .where(inArray(punchoutOrders.connectionId, ids))
    .as('ranked_orders');
  const sent = await db
    .select()
    .from(rankedOrders)
    .where(lte(rankedOrders.rank, 5))
    .orderBy(desc(rankedOrders.at));
  const references = await orderReferencesOf(
    db,
    sent.map((order) => order.orderId),
  );
  return rows.map(({ connection, companyName, buyerName, buyerEmail }) => ({
    _id: connection.id,
    company: { _id: connection.companyId, name: companyName },
    protocol: connection.protocol,
    systemName: connection.systemName,
    senderDomain: connection.senderDomain,
    senderIdentity: connection.senderIdentity,
    username: connection.username,
    returnHosts: connection.returnHosts,
    buyer: buyerEmail ? { name: buyerName ?? '', email: buyerEmail } : null,
    disabled: connection.disabledAt !== null,
    createdAt: connection.createdAt.toISOString(),
    sessions: sessions
      .filter((session) => session.connectionId === connection.id)
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .map((session) => ({
        at: session.at.toISOString(),
        contact: session.contact,
        started: session.startedAt !== null,
        transferred: session.transferredAt !== null,
      })),
    orders: sent
      .filter((order) => order.connectionId === connection.id)
      .map((order) => ({
        _id: order.orderId,
        orderNumber: references.get(order.orderId)?.orderNumber ?? 0,
        poNumber: references.get(order.orderId)?.poNumber ?? null,
        payloadId: order.payloadId,
        at: order.at.toISOString(),
      })),
  }));
}

/** A hash no secret matches: checked when no connection is found, so a miss takes as long as a hit. */
let decoy: Promise<string> | undefined;

/**
 * The enabled connection these credentials open, or null: cXML's sender domain and identity with its
 * shared secret, or OCI's user name with its password. Compared as argon2id hashes.
 */
export async function authenticate(
  ex: Executor,
  who: { protocol: 'cxml'; domain: string; identity: string } | { protocol: 'oci'; username: string },
  secret: string,
): Promise<ConnectionRow | null> {
  const [row] = await ex
    .select()
    .from(punchoutConnections)
    .where(
      and(
        eq(punchoutConnections.protocol, who.protocol),
        isNull(punchoutConnections.disabledAt),
        who.protocol === 'cxml'
          ? and(
              eq(sql`lower(${punchoutConnections.senderDomain})`, who.domain.toLowerCase()),
              eq(sql`lower(${punchoutConnections.senderIdentity})`, who.identity.toLowerCase()),
            )
          : eq(sql`lower(${punchoutConnections.username})`, who.username.toLowerCase()),
      ),
    );
  if (!row) {
    decoy ??= hashPassword('no connection has this secret');
    await verifyPassword({ hash: await decoy, password: secret });
    return null;
  }
  return (await verifyPassword({ hash: row.secretHash, password: secret })) ? row : null;
}
