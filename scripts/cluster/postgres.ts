/**
 * A PostgreSQL primary and a streaming hot-standby replica of it, in a folder of their own, on
 * loopback ports: Debian's server binaries, started with pg_ctl. PostgreSQL refuses to run as
 * root, so as root every command runs as the `postgres` system user.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface PostgresNode {
  name: string;
  port: number;
  dir: string;
  /** `postgres://postgres@127.0.0.1:PORT/DB` */
  url(database: string): string;
  start(): void;
  /** `fast` disconnects clients and stops cleanly; `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): void;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL server binaries not found: apt-get install postgresql (or set PG_BIN)',
    );
  }
  return join(root, versions[0], 'bin');
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary (as the postgres user when we are root); throws with its output. */
function run(tool: string, args: string[]): string {
  const command = join(binDir(), tool);
  const [file, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string };
    throw new Error(`${tool} failed:\n${failed.stderr ?? ''}${failed.stdout ?? ''}`);
  }
}

/** A folder the postgres user owns (as root), inside `root`. */
function ownedFolder(root: string, name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
    chownSync(dir, uid, gid);
  }
  return dir;
}

function node(name: string, dir: string, port: number): PostgresNode {
  const log = join(dir, 'server.log');
  return {
    name,
    port,
    dir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => {
      run('pg_ctl', ['-D', dir, '-l', log, '-w', '-t', '60', '-o', `-p ${port}`, 'start']);
    },
    stop: (mode = 'fast') => {
      run('pg_ctl', ['-D', dir, '-m', mode, '-w', '-t', '60', 'stop']);
    },
  };
}

/** A new primary with streaming replication allowed from loopback (trust auth). */
export function createPrimary(root: string, port: number): PostgresNode {
  const dir = ownedFolder(root, 'primary');
  run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  appendFileSync(
    join(dir, 'postgresql.conf'),
    [
      '',
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'wal_keep_size = 256MB',
      'hot_standby = on',
      'max_connections = 200',
      '',
    ].join('\n'),
  );
  const primary = node('primary', dir, port);
  primary.start();
  return primary;
}

/** A hot standby copied from the running primary with pg_basebackup (`-R`: it follows it). */
export function createReplica(root: string, primary: PostgresNode, port: number): PostgresNode {
  const dir = ownedFolder(root, 'replica');
  run('pg_basebackup', [
    '-D',
    dir,
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-X',
    'stream',
    '-R',
    '-c',
    'fast',
  ]);
  appendFileSync(join(dir, 'postgresql.conf'), `\nunix_socket_directories = '${dir}'\n`);
  const replica = node('replica', dir, port);
  replica.start();
  return replica;
}

/** Runs one SQL statement on a node with psql. */
export function psql(target: PostgresNode, database: string, statement: string): string {
  return run('psql', [
    '-h',
    '127.0.0.1',
    '-p',
    String(target.port),
    '-U',
    'postgres',
    '-d',
    database,
    '-v',
    'ON_ERROR_STOP=1',
    '-Atc',
    statement,
  ]).trim();
}
