/** A one-line progress bar on a stream (stderr): redrawn in place on a terminal, every 10 % otherwise. */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr, width = 30) {
  const started = Date.now();
  let lastLabel = '';
  let lastTenth = -1;
  return {
    update(label: string, done: number, total: number) {
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const filled = Math.round(ratio * width);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
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
  };
}
