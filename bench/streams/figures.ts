/**
 * Printing for `npm run bench:streams`, and the server's memory and CPU time, read through
 * bench/server-probe.ts.
 */
import { loadavg } from 'node:os';
import type { RunningServer } from '../server.ts';

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
export const say = (line: string) => process.stdout.write(`${line}\n`);

export interface Usage {
  memory: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
}
/** The server's memory (after a full collection) and CPU time, from bench/server-probe.ts. */
export function usage(server: RunningServer): Promise<Usage> {
  return new Promise((resolve) => {
    server.process.once('message', (m) => resolve(m as Usage));
    server.process.send('usage');
  });
}
export const cpuMs = (a: Usage, b: Usage) =>
  (b.cpu.user + b.cpu.system - a.cpu.user - a.cpu.system) / 1000;
