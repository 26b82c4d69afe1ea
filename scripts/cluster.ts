// `npm run cluster`: a PostgreSQL primary and replica, three TaskBid instances and HAProxy,
// all on loopback; prints the addresses and stops everything it started on Ctrl-C.
import { startSmtpServer } from '../tests/setup/smtp-server.ts';
import { startCluster } from './cluster/start-cluster.ts';

// The instances run in production mode, which sends mail over SMTP: a local SMTP server
// receives it and prints each mail's subject and first link.
const smtp = await startSmtpServer();
const cluster = await startCluster({
  seed: true,
  env: { SMTP_URL: smtp.url },
  log: (line) => process.stdout.write(`${line}\n`),
});
let printed = 0;
setInterval(() => {
  for (const mail of smtp.received.slice(printed)) {
    process.stdout.write(`mail to ${mail.to.join(', ')}: ${mail.subject} ${mail.links[0] ?? ''}\n`);
  }
  printed = smtp.received.length;
}, 1000).unref();
process.stdout.write(
  [
    '',
    `TaskBid through HAProxy:  ${cluster.haproxy.url}`,
    ...cluster.instances.map((i) => `  instance ${i.name}:        ${i.url}`),
    `PostgreSQL primary:       ${cluster.primary.url('taskbid')}`,
    `PostgreSQL replica:       ${cluster.replica.url('taskbid')}`,
    `Mail (SMTP, printed here): ${smtp.url}`,
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
  void cluster
    .stop()
    .then(() => smtp.stop())
    .then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
