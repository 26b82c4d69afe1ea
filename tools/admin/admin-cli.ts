import { parseArgs } from 'node:util';
import { isRole, ROLE_NAMES, type Role } from '../../src/shared/operators/rules.ts';
import { createSessionCache } from '../../src/server/platform/auth/session-cache.ts';
import { ConfigError, loadConfig } from '../../src/server/platform/config.ts';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { createEventBus } from '../../src/server/platform/events/bus.ts';
import { HttpError } from '../../src/server/platform/http/errors.ts';
import { createOperatorRepository } from '../../src/server/features/operators/index.ts';

const USAGE = `Usage: npm run admin -- grant <email> [admin|moderator|support]   (default: admin)
       npm run admin -- revoke <email>                                 (back to member)
The account must exist (sign up first). Each change is written to the audit log.
The database is DATABASE_URL (default: the embedded PGlite in ./data/pglite; stop the server first).`;

/** What the command asks for, or a ConfigError that says what is wrong. */
export function parseAdminArgs(args: string[]): { email: string; role: Role } {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const [command, email, role = 'admin'] = positionals;
  if (!email || positionals.length > (command === 'grant' ? 3 : 2)) {
    throw new ConfigError('Name one account by its e-mail address.');
  }
  if (command === 'revoke') return { email, role: 'user' };
  if (command !== 'grant') throw new ConfigError(`Unknown command "${command ?? ''}".`);
  if (!isRole(role) || role === 'user') {
    throw new ConfigError(`"${role}" is not an operator role (admin, moderator or support).`);
  }
  return { email, role };
}

async function main() {
  const { email, role } = parseAdminArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl);
  const bus = await createEventBus(database, () => {});
  try {
    const operators = createOperatorRepository(database.db, createSessionCache(bus));
    const result = await operators.setRoleFromConsole(email, role);
    process.stdout.write(
      result.changed
        ? `${email}: ${ROLE_NAMES[result.before]} → ${ROLE_NAMES[role]} (written to the audit log).\n`
        : `${email} is already ${ROLE_NAMES[role]}; nothing changed.\n`,
    );
  } finally {
    await bus.close();
    await database.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const known = error instanceof ConfigError || error instanceof HttpError;
    process.stderr.write(`${known ? error.message : (error as Error).stack}\n${USAGE}\n`);
    process.exit(1);
  });
}
