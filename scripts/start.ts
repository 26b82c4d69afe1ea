// `npm start`: builds the web app when its build is missing or older than its sources,
// then starts the server (embedded PGlite under ./data unless DATABASE_URL says otherwise).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'dist/client/index.html';

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

const sources = Math.max(
  newestChange('src/client'),
  newestChange('src/shared'),
  statSync('vite.config.ts').mtimeMs,
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  process.stdout.write('Building the web app…\n');
  // The same build as `npm run build`: Vite, then brotli and gzip copies of the assets.
  for (const [command, args] of [
    [join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn']],
    [process.execPath, ['scripts/compress-assets.ts']],
  ] as const) {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

await import('../src/server/main.ts');
