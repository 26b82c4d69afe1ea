/** A one-line progress bar on a stream (stderr): redrawn in place on a terminal, every 10 % otherwise. */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr, width = 30) {
  const started = Date.now();
  let lastLabel = '';
  let lastTenth = -1;
  /** Each label's first and last update, in ms since the start. */
  const spans = new Map<string, { from: number; to: number }>();
  return {
    update(label: string, done: number, total: number) {
      const now = Date.now() - started;
      const span = spans.get(label);
      if (span) span.to = now;
      else spans.set(label, { from: lastLabel ? (spans.get(lastLabel)?.to ?? now) : 0, to: now });
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const filled = Math.round(ratio * width);
      const seconds = (now / 1000).toFixed(1);
      const line = `${label.padEnd(8)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}  ${seconds}s`;
      if (stream.isTTY) {
        stream.write(`\r${line}${ratio === 1 ? '\n' : ''}`);
      } else {
        const tenth = Math.floor(ratio * 10);
        if (label !== lastLabel || tenth !== lastTenth) stream.write(`${line}\n`);
        lastTenth = tenth;
      }
      lastLabel = label;
    },
    /** Seconds per label, from the end of the one before to its last update: "users 0.2 s, …". */
    summary(): string {
      return [...spans]
        .map(([label, { from, to }]) => `${label} ${((to - from) / 1000).toFixed(1)} s`)
        .join(', ');
    },
  };
}
