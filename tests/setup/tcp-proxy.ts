import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy a test controls: `cut()` drops every connection and refuses new ones (the
 * database is gone, as far as the app can tell); `restore()` lets connections through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let open = true;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A proxy in front of the PostgreSQL server of `databaseUrl`. */
export function startDatabaseProxy(databaseUrl: string) {
  const server = new URL(databaseUrl);
  return startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
}

/** A `routeDatabaseUrl` option that sends the app's connections through `proxy`. */
export function throughProxy(proxy: { readonly port: number }) {
  return (url: string) => {
    const routed = new URL(url);
    routed.hostname = '127.0.0.1';
    routed.port = String(proxy.port);
    return routed.toString();
  };
}
