/**
 * Two small recording proxies for tests, on 127.0.0.1 only:
 * - an HTTP CONNECT proxy that demands Basic credentials (407 without the right ones);
 * - a SOCKS5 server (RFC 1928, CONNECT only) with no-auth or RFC 1929 user/password.
 * Each keeps one TunnelRecord per client connection. With `inspect` (the key and certificate
 * the target serves, trusted by the client) the tunnel terminates TLS on both sides and
 * records the HTTP request lines that passed through it — never their headers or bodies.
 */
import { createServer as createHttpServer } from 'node:http';
import { connect as netConnect, createServer as createNetServer, isIP, type Server, type Socket } from 'node:net';
import { connect as tlsConnect, TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The request asked for a WebSocket upgrade. */
  websocket: boolean;
}

export interface TunnelRecord {
  kind: 'connect' | 'socks5';
  /** host:port the client asked for. */
  target: string;
  /** Credentials the client presented (undefined when none). */
  user?: string;
  password?: string;
  outcome: 'tunnelled' | 'auth-refused' | 'upstream-failed' | 'bad-request';
  /** HTTP requests seen inside the tunnel (only with `inspect`, or for plain-text targets). */
  requests: SeenRequest[];
  bytesFromClient: number;
  bytesFromTarget: number;
}

export interface RecordingProxy {
  readonly port: number;
  readonly tunnels: TunnelRecord[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Required credentials (for SOCKS5: when absent, only no-auth is offered). */
  user?: string;
  password?: string;
  /** Terminate TLS with this key/cert and verify the target against `cert`. */
  inspect?: { key: string; cert: string };
}

const REQUEST_HEAD = /(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) (\S+) HTTP\/1\.[01]\r\n([\s\S]*?)\r\n\r\n/;

/** Collects request lines from a client→server byte stream (keep-alive: many per stream). */
function requestSniffer(into: SeenRequest[]): (chunk: Buffer) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString('latin1');
    for (let m = REQUEST_HEAD.exec(pending); m; m = REQUEST_HEAD.exec(pending)) {
      into.push({ method: m[1], path: m[2].split('?')[0], websocket: /^upgrade:\s*websocket\s*$/im.test(m[3]) });
      pending = pending.slice((m.index ?? 0) + m[0].length);
    }
    if (pending.length > 16_384) pending = pending.slice(-4_096);
  };
}

/**
 * Joins `client` to host:port. `ready` is called once the target answered (or with an error);
 * it must send the protocol's success reply before any tunnelled byte flows.
 */
function tunnel(client: Socket, host: string, port: number, record: TunnelRecord, options: ProxyOptions,
  ready: (error?: Error) => void): void {
  const sniff = requestSniffer(record.requests);
  const upstream = options.inspect
    ? tlsConnect({ host, port, ca: options.inspect.cert, ...(isIP(host) ? {} : { servername: host }) })
    : netConnect({ host, port });
  let open = false;
  upstream.once(options.inspect ? 'secureConnect' : 'connect', () => {
    open = true;
    ready();
    const inner = options.inspect
      ? new TLSSocket(client, { isServer: true, key: options.inspect.key, cert: options.inspect.cert })
      : client;
    inner.on('data', (chunk: Buffer) => {
      record.bytesFromClient += chunk.length;
      sniff(chunk);
      upstream.write(chunk);
    });
    inner.resume();
    upstream.on('data', (chunk: Buffer) => {
      record.bytesFromTarget += chunk.length;
      inner.write(chunk);
    });
    inner.on('end', () => upstream.end());
    upstream.on('end', () => inner.end());
    inner.on('error', () => upstream.destroy());
    inner.on('close', () => upstream.destroy());
    upstream.on('close', () => inner.destroy());
  });
  upstream.on('error', (error) => {
    if (!open) ready(error);
    client.destroy();
  });
  client.on('error', () => upstream.destroy());
}

function track(server: Server, port: number, tunnels: TunnelRecord[]): RecordingProxy {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    port,
    tunnels,
    close: () => new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    }),
  };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  return (server.address() as AddressInfo).port;
}

function splitTarget(target: string): { host: string; port: number } | undefined {
  const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(target);
  return m ? { host: m[1], port: Number(m[2]) } : undefined;
}

/** HTTP CONNECT proxy requiring `Proxy-Authorization: Basic base64(user:password)`. */
export async function startConnectProxy(options: ProxyOptions & { user: string; password: string }): Promise<RecordingProxy> {
  const tunnels: TunnelRecord[] = [];
  const server = createHttpServer((_req, res) => res.writeHead(501, { 'content-length': '0', connection: 'close' }).end());
  server.on('connect', (req, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    const record: TunnelRecord = { kind: 'connect', target: req.url ?? '', outcome: 'bad-request', requests: [], bytesFromClient: 0, bytesFromTarget: 0 };
    tunnels.push(record);
    const auth = /^Basic\s+(\S+)$/i.exec(req.headers['proxy-authorization'] ?? '');
    if (auth) {
      const decoded = Buffer.from(auth[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      record.user = colon >= 0 ? decoded.slice(0, colon) : decoded;
      record.password = colon >= 0 ? decoded.slice(colon + 1) : '';
    }
    const target = splitTarget(record.target);
    if (!target) return void client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    if (record.user !== options.user || record.password !== options.password) {
      record.outcome = 'auth-refused';
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test proxy"\r\n'
        + 'Content-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    // Clients wait for the 200 before sending; early bytes (never seen in practice) are refused.
    if (head.length > 0) return void client.destroy();
    tunnel(client, target.host, target.port, record, options, (error) => {
      record.outcome = error ? 'upstream-failed' : 'tunnelled';
      client.write(error ? 'HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'
        : 'HTTP/1.1 200 Connection Established\r\n\r\n');
      if (error) client.end();
    });
  });
  return track(server, await listen(server), tunnels);
}

/** Reads exact byte counts from a socket during a handshake. */
function byteReader(socket: Socket): { read(n: number): Promise<Buffer>; release(): number } {
  let buffered = Buffer.alloc(0);
  let waiter: { n: number; done: (b: Buffer) => void; fail: (e: Error) => void } | undefined;
  const settle = () => {
    if (waiter && buffered.length >= waiter.n) {
      const { n, done } = waiter;
      waiter = undefined;
      const out = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      done(out);
    }
  };
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    settle();
  };
  const onEnd = () => waiter?.fail(new Error('client went away during the handshake'));
  socket.on('data', onData);
  socket.on('close', onEnd);
  return {
    read: (n) => new Promise((done, fail) => {
      waiter = { n, done, fail };
      settle();
    }),
    release() {
      socket.off('data', onData);
      socket.off('close', onEnd);
      socket.pause();
      if (buffered.length > 0) socket.unshift(buffered);
      return buffered.length;
    },
  };
}

const SOCKS_REPLY = (code: number) => Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]);

async function socksHandshake(client: Socket, record: TunnelRecord, options: ProxyOptions): Promise<void> {
  const reader = byteReader(client);
  const [version, count] = await reader.read(2);
  if (version !== 5) throw new Error('not SOCKS5');
  const methods = [...(await reader.read(count))];
  const method = options.user !== undefined ? 2 : 0;
  if (!methods.includes(method)) {
    record.outcome = 'auth-refused';
    return void client.end(Buffer.from([5, 0xff]));
  }
  client.write(Buffer.from([5, method]));
  if (method === 2) {
    const [, userLength] = await reader.read(2);
    record.user = (await reader.read(userLength)).toString('utf8');
    const [passwordLength] = await reader.read(1);
    record.password = (await reader.read(passwordLength)).toString('utf8');
    const ok = record.user === options.user && record.password === options.password;
    client.write(Buffer.from([1, ok ? 0 : 1]));
    if (!ok) {
      record.outcome = 'auth-refused';
      return void client.end();
    }
  }
  const [, command, , addressType] = await reader.read(4);
  let host: string;
  if (addressType === 1) host = [...(await reader.read(4))].join('.');
  else if (addressType === 3) host = (await reader.read((await reader.read(1))[0])).toString('utf8');
  else if (addressType === 4) host = ((await reader.read(16)).toString('hex').match(/.{4}/g) ?? []).join(':');
  else throw new Error('unknown address type');
  const port = (await reader.read(2)).readUInt16BE(0);
  record.target = `${host}:${port}`;
  if (command !== 1) return void client.end(SOCKS_REPLY(7));
  if (reader.release() > 0 && options.inspect) throw new Error('client sent data before the SOCKS reply');
  tunnel(client, host, port, record, options, (error) => {
    record.outcome = error ? 'upstream-failed' : 'tunnelled';
    client.write(SOCKS_REPLY(error ? 5 : 0));
    if (error) client.end();
  });
}

/** SOCKS5 server: user/password (RFC 1929) when `user` is given, otherwise no-auth only. */
export async function startSocks5Proxy(options: ProxyOptions = {}): Promise<RecordingProxy> {
  const tunnels: TunnelRecord[] = [];
  const server = createNetServer((client) => {
    client.on('error', () => client.destroy());
    const record: TunnelRecord = { kind: 'socks5', target: '', outcome: 'bad-request', requests: [], bytesFromClient: 0, bytesFromTarget: 0 };
    tunnels.push(record);
    socksHandshake(client, record, options).catch(() => client.destroy());
  });
  return track(server, await listen(server), tunnels);
}
