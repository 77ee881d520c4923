import { createHash, randomBytes } from 'node:crypto';
import { type SQL, and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type {
  ApiKey,
  ApiKeyScope,
  CompanyApiKey,
  CreateApiKeyBody,
  CreatedApiKey,
} from '../../shared/api/api-keys.schemas';
import { type CompanyRole, companyRolesAllow } from '../../shared/domain/company-roles';
import { messages } from '../../shared/messages';
import type { Database, Executor } from '../db/database';
import { apiKeys, companies, companyMembers, users } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { type Actor, recordAudit } from '../audit/audit.repository';
import { companyOf } from '../identity/membership';
import type { SessionUser } from '../identity/request-user';

/**
 * Every query of `api_keys` (CONVENTIONS §13), and what a key is: `fl_` and 43 characters of
 * randomness, kept only as its SHA-256, acting as its company within its scopes (DESIGN §11).
 */

/** How a key is written: the prefix and base64url of 32 random bytes. */
export const API_KEY_PATTERN = /^fl_[A-Za-z0-9_-]{43}$/;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** How often a key's last use is written: a busy ERP's every call does not write a row. */
const LAST_USED_EVERY_MS = 60_000;

/** A company admin makes a key; the key is answered this once. */
export async function createApiKey(
  db: Database,
  caller: SessionUser,
  { name, scopes }: CreateApiKeyBody,
): Promise<CreatedApiKey> {
  const company = companyOf(caller, 'manage');
  const key = `fl_${randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, 7);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ companyId: company.id, createdBy: caller.id, name, scopes, keyHash: hashOf(key), prefix })
      .returning({ id: apiKeys.id });
    if (!row) throw new Error('The API key was not stored');
    await recordAudit(tx, caller, {
      action: 'api_key.create',
      subject: `API key ${prefix} of company ${company.id}`,
      after: { name, scopes },
    });
    return { _id: row.id, key, prefix };
  });
}

/** The company's keys that are not revoked, newest first (its admins). */
export async function listApiKeys(db: Database, caller: SessionUser): Promise<ApiKey[]> {
  const company = companyOf(caller, 'manage');
  const rows = await openKeys(db, eq(apiKeys.companyId, company.id));
  return rows.map(({ company: _company, ...key }) => key);
}

/** Every company's keys that are not revoked, newest first: which systems act for whom (the shop's admin). */
export function listAllApiKeys(db: Database): Promise<CompanyApiKey[]> {
  return openKeys(db);
}

async function openKeys(db: Database, where?: SQL): Promise<CompanyApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, company: companies.name, madeBy: users.email, makerRoles: companyMembers.roles })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.userId, apiKeys.createdBy), eq(companyMembers.companyId, apiKeys.companyId)),
    )
    .where(and(isNull(apiKeys.revokedAt), where))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(({ key, company, madeBy, makerRoles }) => {
    const allowed = makerRoles ? scopesAllowed(key.scopes, makerRoles) : [];
    return {
      _id: key.id,
      name: key.name,
      scopes: key.scopes,
      pausedScopes: key.scopes.filter((scope) => !allowed.includes(scope)),
      madeBy,
      prefix: key.prefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      company,
    };
  });
}

/**
 * The keys a colleague made in a company, revoked as they leave it (removed, or their account
 * deleted): a key is never more than its maker, and one whose maker is gone stops at once. Audited;
 * answers the keys it ended, for the admin to see which systems lose their access.
 */
export async function revokeKeysMadeBy(
  tx: Executor,
  actor: Actor,
  maker: { companyId?: string; userId: string; email: string },
): Promise<{ name: string; prefix: string }[]> {
  const ended = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        ...(maker.companyId ? [eq(apiKeys.companyId, maker.companyId)] : []),
        eq(apiKeys.createdBy, maker.userId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
  if (ended.length > 0) {
    await recordAudit(tx, actor, {
      action: 'api_key.revoke',
      subject: `API keys made by ${maker.email}`,
      before: { keys: ended.map((key) => `${key.name} (${key.prefix})`) },
      after: { reason: 'its maker left the company' },
    });
  }
  return ended;
}

/** A company admin revokes one of its keys: it is refused from the next call on. */
export async function revokeApiKey(db: Database, caller: SessionUser, keyId: string): Promise<void> {
  const company = companyOf(caller, 'manage');
  await revoke(db, caller, and(eq(apiKeys.id, keyId), eq(apiKeys.companyId, company.id)));
}

/** The shop's admin revokes any company's key (one leaked, or a system retired). */
export async function revokeAnyApiKey(db: Database, admin: Actor, keyId: string): Promise<void> {
  await revoke(db, admin, eq(apiKeys.id, keyId));
}

async function revoke(db: Database, actor: Actor, which: SQL | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(which, isNull(apiKeys.revokedAt)))
      .returning({
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        companyId: apiKeys.companyId,
      });
    if (!revoked) throw new DomainError('NOT_FOUND', messages.apiKeyNotFound);
    await recordAudit(tx, actor, {
      action: 'api_key.revoke',
      subject: `API key ${revoked.prefix} of company ${revoked.companyId}`,
      before: { name: revoked.name, scopes: revoked.scopes },
    });
  });
}

/**
 * The caller a key stands for, or null for a key that is unknown or revoked, or whose maker is no
 * longer in its company (removed, left, their account deleted): the company's, in the name of the
 * member who made it (their orders, their mails), named after the key. A key is never more than its
 * maker is now: its scopes narrowed to what the maker's current roles allow (orders:write only while
 * they may order), read with the request, so a demotion stops it at the next call. Never an admin of
 * the shop or of the company. A suspended company's key reads but does not order, as its people.
 */
export async function callerOfKey(db: Database, key: string, now = new Date()): Promise<SessionUser | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      companyId: apiKeys.companyId,
      companyStatus: companies.status,
      userId: users.id,
      userName: users.name,
      email: users.email,
      makerRoles: companyMembers.roles,
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.userId, apiKeys.createdBy), eq(companyMembers.companyId, apiKeys.companyId)),
    )
    .where(and(eq(apiKeys.keyHash, hashOf(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
          ),
        ),
      );
  }
  const scopes = scopesAllowed(row.scopes, row.makerRoles);
  return {
    id: row.userId,
    name: `${row.name} (API key of ${row.userName})`,
    email: row.email,
    role: 'user',
    emailVerified: true,
    company: { id: row.companyId, roles: rolesOf(scopes), active: row.companyStatus === 'active' },
    apiKey: { id: row.id, name: row.name, scopes, granted: row.scopes },
  };
}

/** A key's scopes that its maker's roles allow now: ordering only while they may order. */
export function scopesAllowed(
  scopes: readonly ApiKeyScope[],
  makerRoles: readonly CompanyRole[],
): ApiKeyScope[] {
  return scopes.filter((scope) => scope !== 'orders:write' || companyRolesAllow(makerRoles, 'order'));
}

/** The company roles a key's scopes give: a buyer to order, a viewer to read; nothing else. */
function rolesOf(scopes: readonly ApiKeyScope[]): CompanyRole[] {
  if (scopes.includes('orders:write')) return ['buyer'];
  if (scopes.includes('orders:read')) return ['viewer'];
  return [];
}
