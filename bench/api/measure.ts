/**
 * Measuring for `npm run bench:api`: one endpoint under autocannon (its body size plain and
 * brotli-compressed, a warm-up, then the run) as a row of the table, the aims a row is held
 * to, and the table itself.
 */
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sendWhileShedding } from '../../tests/setup/load-shedding.ts';
import { backendPids, cpuMs, cpuOf } from '../cpu.ts';

/** How every endpoint is loaded: `--connections` for `--warmup`, then `--duration` seconds. */
export interface Load {
  duration: number;
  connections: number;
  warmup: number;
  /** The server answering (its pid) and its database: each row then carries its CPU per answer. */
  serving?: { pid: number; databaseUrl: string };
}

/** What every part of the API bench runs with. */
export interface ApiBench {
  /** DATABASE_URL: the server where the bench makes its databases. */
  adminUrl: string;
  /** The environment of our server besides DATABASE_URL (and a mode's own). */
  serverEnv: Record<string, string>;
  load: Load;
}

/** One answer as sent: its status, its body's bytes and its X-Total-Count. */
interface Sized {
  statusCode: number;
  bytes: number;
  total: string | undefined;
}

/** One GET, its body counted as sent (`encoding` set: compressed by the server). */
function answerBytes(url: string, headers: Record<string, string>, encoding?: string) {
  return new Promise<Sized>((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: { ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          const total = res.headers['x-total-count'] as string | undefined;
          resolve({ statusCode: res.statusCode ?? 0, bytes, total });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** `answerBytes`, sent again while the server sheds load; throws unless the GET succeeded. */
async function bodyBytes(url: string, headers: Record<string, string>, encoding?: string) {
  const answer = await sendWhileShedding(() => answerBytes(url, headers, encoding));
  if (answer.statusCode >= 300) throw new Error(`${url}: HTTP ${answer.statusCode}`);
  return answer;
}

export interface Row {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  bytes: number;
  brBytes: number;
  failures: number;
  /** The machine's 1-minute load average as the row finished (it is shared: read by it). */
  load: number;
  /** Status codes other than 200 and how often, plus connection errors and timeouts. */
  failureDetail: string;
  /** CPU time per answer (µs) of the Node process and of the PostgreSQL backends; NaN unmeasured. */
  nodeUs: number;
  pgUs: number;
  /** The aim this row is held to, and whether it was met (set after measuring). */
  aim?: string;
  met?: boolean;
}

export async function measure(
  load: Load,
  label: string,
  url: string,
  headers: Record<string, string> = {},
  connections = load.connections,
  /** A path for each request (from the second on; `url` is the first): queries never sent before. */
  nextPath?: () => string,
) {
  const { duration, warmup } = load;
  const size = await bodyBytes(url, headers);
  const br = await bodyBytes(url, headers, 'br');
  process.stdout.write(`  ${label}: warm-up ${warmup} s, then ${duration} s…`);
  const requests = nextPath && [{ setupRequest: (req: object) => ({ ...req, path: nextPath() }) }];
  await autocannon({ url, connections, duration: warmup, headers, ...(requests && { requests }) });
  const { serving } = load;
  const backends = serving ? await backendPids(serving.databaseUrl) : [];
  const cpu0 = serving ? [cpuMs(serving.pid), cpuOf(backends)] : [];
  const r = await autocannon({
    url,
    connections,
    duration,
    headers,
    ...(requests && { requests }),
  });
  const perAnswer = (i: number, now: number) =>
    serving && r['2xx'] > 0 ? ((now - cpu0[i]!) * 1000) / r['2xx'] : NaN;
  const row: Row = {
    label,
    // Answers served (200) per second: 503s from load shedding are counted as failed.
    reqPerSec: r['2xx'] / duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    bytes: size.bytes,
    brBytes: br.bytes,
    failures: r.non2xx + r.errors + r.timeouts,
    load: loadavg()[0] ?? NaN,
    nodeUs: perAnswer(0, serving ? cpuMs(serving.pid) : 0),
    pgUs: perAnswer(1, cpuOf(backends)),
    failureDetail: [
      ...Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => code !== '200')
        .map(([code, stat]) => `${stat.count}× HTTP ${code}`),
      ...(r.errors ? [`${r.errors} errors (${r.timeouts} timeouts)`] : []),
    ].join(', '),
  };
  process.stdout.write(` ${row.reqPerSec.toFixed(0)} req/s, p99 ${row.p99.toFixed(1)} ms\n`);
  return { row, total: size.total };
}

/** Holds `row` to "p99 ≤ limit ms" with at most 1 % of answers failed (shed or errors). */
export function p99Aim(load: Load, row: Row, limit: number, what = `p99 ≤ ${limit} ms`): Row {
  const served = row.reqPerSec * load.duration;
  const fewFailures = row.failures <= 0.01 * (served + row.failures);
  return Object.assign(row, {
    aim: fewFailures ? what : `${what}, ≤ 1 % failed`,
    met: row.p99 <= limit && fewFailures,
  });
}

/** A figure rounded, or a dash where the row has none (a ledger loop has no HTTP bytes). */
const cell = (n: number, width: number) =>
  (Number.isFinite(n) ? n.toFixed(0) : '–').padStart(width);

export function print(rows: Row[]) {
  const head = `${'endpoint'.padEnd(50)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'bytes'.padStart(7)} ${'br'.padStart(6)} ${'failed'.padStart(6)} ${'load'.padStart(5)} ${'node µs'.padStart(7)} ${'pg µs'.padStart(6)}  aim`;
  process.stdout.write(`\n${head}\n`);
  for (const r of rows) {
    const aim = r.aim ? `${r.aim}: ${r.met ? 'met' : 'NOT met'}` : '';
    process.stdout.write(
      `${r.label.padEnd(50)} ${r.reqPerSec.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${cell(r.bytes, 7)} ${cell(r.brBytes, 6)} ${String(r.failures).padStart(6)} ${r.load.toFixed(1).padStart(5)} ${cell(r.nodeUs, 7)} ${cell(r.pgUs, 6)}  ${aim}\n`,
    );
  }
}

export const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
