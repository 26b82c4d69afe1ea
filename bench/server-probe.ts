/**
 * Loaded into the bench's server with `--import` (next to `--expose-gc`): answers `'usage'`
 * over the IPC channel with the process's memory after a full collection, and its CPU time.
 * Nothing in the server itself knows about it.
 */
process.on('message', (message) => {
  if (message !== 'usage') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ memory: process.memoryUsage(), cpu: process.cpuUsage() });
});
// The channel must not keep the server alive once it has closed.
process.channel?.unref();
