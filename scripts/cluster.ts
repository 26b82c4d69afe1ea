// `npm run cluster`: a PostgreSQL primary and replica, three TaskBid instances and HAProxy,
// all on loopback; prints the addresses and stops everything it started on Ctrl-C.
import { startCluster } from './cluster/start-cluster.ts';

const cluster = await startCluster({
  seed: true,
  log: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(
  [
    '',
    `TaskBid through HAProxy:  ${cluster.haproxy.url}`,
    ...cluster.instances.map((i) => `  instance ${i.name}:        ${i.url}`),
    `PostgreSQL primary:       ${cluster.primary.url('taskbid')}`,
    `PostgreSQL replica:       ${cluster.replica.url('taskbid')}`,
    `Logs and data:            ${cluster.dir}`,
    'Ctrl-C stops everything.',
    '',
  ].join('\n'),
);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('Stopping…\n');
  void cluster.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
