/**
 * Post-build step: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of
 * the built client, at the highest levels, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on each request.
 *
 *   node scripts/compress-assets.ts [dir]   (default dist/client; run by `npm run build`)
 */
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);

export interface CompressedFile {
  path: string;
  size: number;
  /** Sizes of the written variants; null when the variant would not be smaller. */
  gzip: number | null;
  br: number | null;
}

/** The server's side of the app (`ssr/` at the top): read by the server, never sent. */
const SERVER_DIR = 'ssr';

function* textFiles(dir: string, top = true): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && top && entry.name === SERVER_DIR) continue;
    if (entry.isDirectory()) yield* textFiles(path, false);
    else if (EXTENSIONS.has(extname(entry.name))) yield path;
  }
}

/** Writes `variant` only when it is smaller than the original; otherwise removes a stale one. */
function writeIfSmaller(path: string, variant: Buffer, original: Buffer): number | null {
  if (variant.length < original.length) {
    writeFileSync(path, variant);
    return variant.length;
  }
  try {
    unlinkSync(path);
  } catch {
    // There was none.
  }
  return null;
}

/** Compresses every text file under `root` (recursively); returns what it wrote. */
export function compressDirectory(root: string): CompressedFile[] {
  const done: CompressedFile[] = [];
  for (const path of textFiles(root)) {
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    done.push({
      path,
      size: body.length,
      br: writeIfSmaller(`${path}.br`, br, body),
      gzip: writeIfSmaller(`${path}.gz`, gzip, body),
    });
  }
  return done;
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, '../dist/client'));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
  const files = compressDirectory(root);
  const sum = (pick: (f: CompressedFile) => number) => files.reduce((n, f) => n + pick(f), 0);
  for (const f of files.filter((file) => file.size > 10_240)) {
    const name = relative(root, f.path).padEnd(44);
    process.stdout.write(
      `  ${name} ${kb(f.size)}  gzip ${kb(f.gzip ?? f.size)}  br ${kb(f.br ?? f.size)}\n`,
    );
  }
  process.stdout.write(
    `compress-assets: ${files.length} files in ${relative(process.cwd(), root) || '.'}: ` +
      `${kb(sum((f) => f.size)).trim()} → gzip ${kb(sum((f) => f.gzip ?? f.size)).trim()}, ` +
      `brotli ${kb(sum((f) => f.br ?? f.size)).trim()}\n`,
  );
}
