/**
 * A TCP forwarder on 127.0.0.1 that can go silent: `freeze()` stops passing bytes either way
 * without closing anything, which is what a half-open connection (a pulled cable, a dropped NAT
 * entry) looks like to both ends. `refuse()` makes new connections fail; `close()` ends it all.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Stops forwarding on every open connection; nothing is closed. */
  freeze(): void;
  /** New connections are closed at once (the target "is down"). */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    freeze() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    refuse(on) {
      refusing = on;
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
