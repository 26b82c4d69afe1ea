// Builds the web app into dist/client when the build is missing or older than its sources:
// the same build as `npm run build` (Vite, then brotli and gzip copies of the assets).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

export function ensureClientBuilt(): void {
  const built = join(ROOT, 'dist/client/index.html');
  const sources = Math.max(
    newestChange(join(ROOT, 'src/client')),
    newestChange(join(ROOT, 'src/shared')),
    statSync(join(ROOT, 'vite.config.ts')).mtimeMs,
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  process.stdout.write('Building the web app…\n');
  for (const [command, args] of [
    [join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn']],
    [process.execPath, ['scripts/compress-assets.ts']],
  ] as const) {
    const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
