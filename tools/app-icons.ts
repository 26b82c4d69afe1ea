/**
 * Draws the installed app's icons from the favicon (src/client/public/favicon.svg) into
 * src/client/public/icons/: the icon as it is at 192 and 512 px, and a full-bleed one
 * (maskable, and Apple's home-screen icon) whose mark sits inside the middle 80 %, the part
 * a launcher's mask always keeps. The PNGs are committed; run again when the favicon changes:
 *
 *   node tools/app-icons.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const PUBLIC = resolve(import.meta.dirname, '../src/client/public');
const OUT = join(PUBLIC, 'icons');

/** The favicon's background square (its first element) and the mark drawn over it. */
function parts(svg: string): { background: string; mark: string } {
  const match = /<rect[^>]*fill="(#[0-9a-f]{3,6})"[^>]*\/>(.*)<\/svg>/is.exec(svg);
  if (!match?.[1] || !match[2]) throw new Error('favicon.svg: expected a <rect> then the mark');
  return { background: match[1], mark: match[2] };
}

/** The mark on a square without rounded corners, shrunk to 80 % around the middle. */
function fullBleed(svg: string): string {
  const { background, mark } = parts(svg);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" fill="${background}"/>` +
    `<g transform="translate(3.2 3.2) scale(0.8)">${mark}</g></svg>`
  );
}

async function draw(svg: string, size: number, name: string): Promise<void> {
  const file = join(OUT, name);
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
  process.stdout.write(`  ${name}\n`);
}

if (import.meta.main) {
  const favicon = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
  mkdirSync(OUT, { recursive: true });
  await draw(favicon, 192, 'icon-192.png');
  await draw(favicon, 512, 'icon-512.png');
  await draw(fullBleed(favicon), 512, 'icon-maskable-512.png');
  await draw(fullBleed(favicon), 180, 'apple-touch-icon.png');
}
