/** HTTPS_PROXY and WSS_PROXY through a local CONNECT proxy with credentials (127.0.0.1 only). */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { HttpProxyAgent, HttpsProxyAgent } from 'hpagent';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../../../src/platform/webex/index.js';
import { socketAgent } from '../../../src/platform/webex/proxy.js';
import { startHarness, waitFor, type Harness } from './harness.js';

const USER = 'proxyuser';
const PASSWORD = 'pr0xy-pa55word';

interface Proxy {
  url: string;
  tunnels: string[];
  close(): Promise<void>;
}

async function startProxy(): Promise<Proxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head) => {
    const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    if (req.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    tunnels.push(req.url ?? '');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    tunnels,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let h: Harness | undefined;
let proxy: Proxy | undefined;
afterEach(async () => {
  await h?.close();
  await proxy?.close();
  if (h) expect(h.logs.join('')).not.toContain(PASSWORD);
  h = undefined;
  proxy = undefined;
});

describe('webex proxies', () => {
  it('sends REST, discovery and device calls through HTTPS_PROXY only', async () => {
    h = await startHarness();
    proxy = await startProxy();
    const { platform, states } = h.adapter({ httpsProxy: proxy.url });
    await platform.start();
    const emuHost = new URL(h.emu.url).host;
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    expect(proxy.tunnels.every((t) => t === emuHost)).toBe(true);
    // The socket went direct: with every tunnel of the proxy cut, it still takes a frame and acks it.
    await proxy.close();
    proxy = undefined;
    const ackedIds = () => h!.emu.frames().flatMap((f) => (f.direction === 'in' && f.frame.type === 'ack' ? [f.frame.messageId] : []));
    const before = ackedIds().length;
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'after the proxy is gone' });
    const envelope = h.emu.frames().filter((f) => f.direction === 'out' && f.frame.data?.eventType === 'conversation.activity').at(-1);
    await waitFor(() => ackedIds().length > before, 'an ack on the socket after the proxy closed');
    expect(ackedIds()).toContain(envelope?.frame.id);
    expect(platform.isConnected()).toBe(true);
    expect(states).not.toContain('disconnected');
  });

  it('opens the WebSocket through WSS_PROXY and still receives events', async () => {
    h = await startHarness();
    proxy = await startProxy();
    const { platform, events } = h.adapter({ wssProxy: proxy.url });
    await platform.start();
    expect(proxy.tunnels).toEqual([new URL(h.emu.url).host]);
    const room = h.emu.directRoom(h.ada.id, h.bot.id);
    const sent = h.emu.say({ personId: h.ada.id, roomId: room.id, text: 'via proxy' });
    await waitFor(() => events.some((e) => e.id === sent.id), 'event through the proxied socket');
  });

  it('reports a proxy that refuses the credentials without leaking them', async () => {
    h = await startHarness();
    proxy = await startProxy();
    const wrong = proxy.url.replace(PASSWORD, 'wr0ng-pa55');
    const { platform } = h.adapter({ httpsProxy: wrong, timing: { maxTransientRetries: 0 } });
    const error = await platform.getPerson(h.ada.id).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    const text = `${JSON.stringify(error)} ${(error as Error).stack}`;
    expect(text).not.toContain('wr0ng-pa55');
    expect(h.logs.join('')).not.toContain('wr0ng-pa55');
  });

  it('picks the agent by proxy scheme and target', () => {
    expect(socketAgent('socks5://u:p@127.0.0.1:1080', 'wss://x.test/')).toBeInstanceOf(SocksProxyAgent);
    expect(socketAgent('http://127.0.0.1:3128', 'wss://x.test/')).toBeInstanceOf(HttpsProxyAgent);
    expect(socketAgent('http://127.0.0.1:3128', 'ws://x.test/')).toBeInstanceOf(HttpProxyAgent);
    expect(socketAgent(undefined, 'wss://x.test/')).toBeUndefined();
    expect(() => socketAgent('ftp://127.0.0.1:21', 'wss://x.test/')).toThrow(/scheme/);
  });
});
