/**
 * npm run create-admin -- --email a@b.c [--name "Full Name"]
 * Creates the account as an admin, or promotes an existing one (its password is replaced and its sessions
 * ended). The password comes from ADMIN_PASSWORD or, on a terminal, a prompt that does not echo.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { hashPassword } from '../../lib/crypto.js';
import { audit } from '../audit/service.js';
import { normaliseEmail, revokeAllSessions } from './service.js';
import { openDatabase } from '../../db/client.js';
import { users } from '../../db/schema.js';

const MIN_LENGTH = 12;

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const email = normaliseEmail(values.email ?? '');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new Error('Usage: npm run create-admin -- --email admin@example.com [--name "Full Name"]');
  const password = await readPassword();
  if (password.length < MIN_LENGTH) throw new Error(`The password must be at least ${MIN_LENGTH} characters.`);
  const passwordHash = await hashPassword(password);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const now = new Date();
    const created = await database.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      const fields = {
        role: 'admin',
        status: 'active',
        passwordHash,
        failedLoginCount: 0,
        lockedUntil: null,
        updatedAt: now,
      };
      if (existing) {
        await tx
          .update(users)
          .set({ ...fields, ...(values.name ? { name: values.name } : {}) })
          .where(eq(users.id, existing.id));
        await revokeAllSessions(tx, existing.id, now);
        await audit(tx, null, 'user.promote_admin', 'user', existing.id, { email, via: 'create-admin' });
        return false;
      }
      const [user] = await tx
        .insert(users)
        .values({ email, name: values.name ?? null, ...fields })
        .returning({ id: users.id });
      await audit(tx, null, 'user.create_admin', 'user', user!.id, { email, via: 'create-admin' });
      return true;
    });
    console.log(
      created
        ? `Created admin ${email}.`
        : `${email} is now an admin; its password was replaced and its sessions ended.`,
    );
  } finally {
    await database.close();
  }
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY)
    throw new Error('Set ADMIN_PASSWORD or run this on a terminal to be asked for the password.');
  const first = await promptHidden('Password (at least 12 characters): ');
  if (first.length >= MIN_LENGTH && (await promptHidden('Repeat the password: ')) !== first)
    throw new Error('The passwords do not match.');
  return first;
}

/** Reads one line from the terminal in raw mode, so the typed characters are not echoed. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    let value = '';
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new Error('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
