// @module-tag database-specific: PostgreSQL roles and grants
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { runAdminCommand } from '../cli/admin';
import { loadConfig } from '../config/env';
import { injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { databaseUrl, onServer } from '../test/global-setup';
import { openDatabase } from './database';

/**
 * The shop run as the least-privilege role of the README (scripts/least-privilege.sql).
 * It serves and records admin actions, and it cannot disable, drop or step around the audit log's
 * triggers, nor change or remove an entry.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';

/** A URL of the test server for another role (the machine's PostgreSQL trusts local connections). */
function asRole(url: string, role: string): string {
  const as = new URL(url);
  as.username = role;
  as.password = '';
  return as.toString();
}

describe.skipIf(!serverUrl)('the shop as a least-privilege PostgreSQL role', () => {
  const suffix = randomBytes(4).toString('hex');
  const [owner, shop, name] = [`toolshop_owner_${suffix}`, `toolshop_app_${suffix}`, `toolshop_lp_${suffix}`];
  let ownerUrl: string;
  let shopUrl: string;

  beforeAll(async () => {
    await onServer(serverUrl, `create role ${owner} login`);
    await onServer(serverUrl, `create role ${shop} login`);
    await onServer(serverUrl, `create database ${name} owner ${owner}`);
    ownerUrl = asRole(databaseUrl(serverUrl, name), owner);
    shopUrl = asRole(databaseUrl(serverUrl, name), shop);
    // The owner migrates, then grants the shop's role what the README's script grants.
    const info = console.info;
    console.info = () => undefined;
    try {
      expect(await runAdminCommand(['migrate'], { DATABASE_URL: ownerUrl })).toBe(0);
    } finally {
      console.info = info;
    }
    const grants = readFileSync('scripts/least-privilege.sql', 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('--'))
      .join('\n')
      .replaceAll(':"app_role"', `"${shop}"`);
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    try {
      await client.query(grants);
    } finally {
      await client.end();
    }
  });
  afterAll(async () => {
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    await onServer(serverUrl, `drop role if exists ${shop}`);
    await onServer(serverUrl, `drop role if exists ${owner}`);
  });

  it('serves and records as that role, and cannot touch the audit log’s triggers or entries', async () => {
    const database = await openDatabase({ databaseUrl: shopUrl, dataDir: 'unused' });
    const app = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false', DATABASE_URL: shopUrl }),
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database,
      backgroundJobs: false,
    });
    await app.ready();
    try {
      const admin = await signUpAdmin(app, database.db);
      const customer = await signUp(app);
      const tool = await insertTool(database.db, { available: 1000 });
      const order = await injectAs(app, customer, {
        method: 'POST',
        url: '/api/purchase',
        payload: { toolId: tool.id, name: 'Least', address: '1 Road', number: '5550100', quantity: 100 },
      });
      expect(order.statusCode, order.body).toBe(201);
      const edit = await injectAs(app, admin, {
        method: 'PATCH',
        url: `/api/tools/${tool.id}`,
        payload: { name: 'Renamed by the least-privilege shop' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }

    const client = new pg.Client({ connectionString: shopUrl });
    await client.connect();
    try {
      const refused = async (statement: string) => {
        const error = await client.query(statement).then(
          () => null,
          (failure: unknown) => failure as { code?: string },
        );
        return error?.code;
      };
      const entries = await client.query<{ n: string }>('select count(*) as n from audit_log');
      expect(Number(entries.rows[0]?.n)).toBeGreaterThan(0);
      // Only an owner or a superuser may do any of these: 42501, insufficient privilege.
      for (const statement of [
        'alter table audit_log disable trigger all',
        'alter table audit_log disable trigger audit_log_no_changes',
        'drop trigger audit_log_no_changes on audit_log',
        'set session_replication_role = replica',
        "update audit_log set subject = 'rewritten'",
        'delete from audit_log',
        'truncate audit_log',
        'create table sneaky (id int)',
      ]) {
        expect(await refused(statement), statement).toBe('42501');
      }
    } finally {
      await client.end();
    }
  });

  it('refuses to start, saying what to do, when a new migration needs the owner', async () => {
    await onServer(
      databaseUrl(serverUrl, name),
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    await expect(openDatabase({ databaseUrl: shopUrl, dataDir: 'unused' })).rejects.toThrow(
      /may not change the schema.*npm run admin -- migrate/,
    );
  });
});
