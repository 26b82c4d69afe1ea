// The few parts of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    /** Per request: `setupRequest` may give it another path (a query never sent before). */
    requests?: { setupRequest?: (req: { path?: string }) => { path?: string } }[];
  }
  interface Result {
    /** `sent`: requests written, answered or not. */
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  /** A run: awaited for its result; emits `response` for every answer as it arrives. */
  interface Run extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
    ): Run;
  }
  function autocannon(options: Options): Run;
  export default autocannon;
}
