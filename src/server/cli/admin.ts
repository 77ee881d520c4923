import { ConfigError, loadConfig } from '../config/env';
import { DataDirError } from '../db/data-dir-lock';
import { BackupError, backupEmbedded, restoreEmbedded } from '../db/backup';
import { DatabaseUnreachableError, openDatabase } from '../db/database';
import { SYSTEM_ACTORS } from '../audit/audit.repository';
import { DomainError } from '../http/domain-error';
import { makeAdmin } from '../users/make-admin';
import { revokeAdmin } from '../users/revoke-admin';
import { findUserByEmail } from '../users/users.repository';

const usage = [
  'Usage: npm run admin -- grant <email>',
  '  Makes an existing account admin (sign up first).',
  '       npm run admin -- revoke <email>',
  '  Takes admin rights back (never from the last admin).',
  '       npm run admin -- migrate',
  "  Brings the database's schema up to date and stops (run it as the tables' owner).",
  '       npm run backup -- <file>',
  '  Copies the embedded database to <file>, the shop running or not.',
  '       npm run restore -- <file>',
  '  Puts a backup in place of the embedded database (stop the shop first; the old one is kept).',
].join('\n');

/** `npm run admin -- grant <email>`: the way to name the first admin when ADMIN_EMAILS is not used. */
export async function runAdminCommand(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [command, email] = args;
  if (command === 'backup' || command === 'restore') return backupCommand(command, email, env);
  const known = command === 'migrate' || ((command === 'grant' || command === 'revoke') && email);
  if (!known) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
  });
  try {
    // Opening the database applied the migrations.
    if (command === 'migrate' || !email) {
      console.info('The database schema is up to date.');
      return 0;
    }
    if (!(await findUserByEmail(database.db, email))) {
      console.error(`There is no account for ${email}. Sign up in the shop first, then run this again.`);
      return 1;
    }
    // Recorded in the audit log as done from the command line.
    if (command === 'grant') {
      const { modifiedCount: changed } = await makeAdmin(database.db, SYSTEM_ACTORS.commandLine, email);
      console.info(changed ? `${email} is now an admin.` : `${email} already was an admin.`);
      return 0;
    }
    try {
      const { modifiedCount: changed } = await revokeAdmin(database.db, SYSTEM_ACTORS.commandLine, email);
      console.info(changed ? `${email} is no longer an admin.` : `${email} was not an admin.`);
      return 0;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      console.error(error.message);
      return 1;
    }
  } finally {
    await database.close();
  }
}

/** `npm run backup -- FILE` and `npm run restore -- FILE`, for the embedded database only. */
async function backupCommand(
  command: 'backup' | 'restore',
  file: string | undefined,
  env: Record<string, string | undefined>,
): Promise<number> {
  if (!file) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig(env);
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump --format=custom, and pg_restore); see the README.',
    );
    return 2;
  }
  try {
    if (command === 'backup') {
      const how = await backupEmbedded(config.dataDir, file);
      console.info(`Backed up the ${how === 'running' ? 'running' : 'stopped'} shop's database to ${file}.`);
      return 0;
    }
    const kept = await restoreEmbedded(config.dataDir, file);
    console.info(
      `Restored ${file} into ${config.dataDir}.${kept ? ` The database it replaced is kept in ${kept}.` : ''}`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof DataDirError)) throw error;
    console.error(error.message);
    return 1;
  }
}

if (process.argv[1] && /admin\.(ts|js)$/.test(process.argv[1])) {
  runAdminCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const explained = [ConfigError, DataDirError, DatabaseUnreachableError].some(
        (kind) => error instanceof kind,
      );
      console.error(explained ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
