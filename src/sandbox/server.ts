/**
 * The chat page's HTTP server (node:http, 127.0.0.1 only): the static page, the adaptivecards
 * bundle, a JSON API and a server-sent event stream of everything that happens in the emulator.
 * Every answer is checked for tokens before it leaves, and no request can crash the process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Emulator, EmulatorEvent } from '../platform/emulator/api.js';
import { createScrubber } from '../secrets.js';
import { handleDropSocket, handleSay, handleSubmit, RequestError, type PageApiContext } from './page-api.js';
import { messageView, stateView, type ConnectionTracker, type SandboxDirectory } from './state.js';

export interface PageServerOptions {
  emulator: Emulator;
  directory: SandboxDirectory;
  connection: ConnectionTracker;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Strings that must never appear in a response (every demo token). */
  secrets: string[];
  /** Called when a request fails unexpectedly (logged by the caller). */
  onError?: (error: unknown) => void;
}

export interface PageServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const HEARTBEAT_MS = 15_000;

const require = createRequire(import.meta.url);
const publicFile = (name: string) => fileURLToPath(new URL(`./public/${name}`, import.meta.url));
const STATIC: Record<string, { path: string; type: string }> = {
  '/': { path: publicFile('index.html'), type: 'text/html; charset=utf-8' },
  '/app.js': { path: publicFile('app.js'), type: 'text/javascript; charset=utf-8' },
  '/render.js': { path: publicFile('render.js'), type: 'text/javascript; charset=utf-8' },
  '/sidebar.js': { path: publicFile('sidebar.js'), type: 'text/javascript; charset=utf-8' },
  '/style.css': { path: publicFile('style.css'), type: 'text/css; charset=utf-8' },
  '/vendor/adaptivecards.js': { path: require.resolve('adaptivecards/dist/adaptivecards.min.js'), type: 'text/javascript; charset=utf-8' },
  '/vendor/adaptivecards.css': { path: require.resolve('adaptivecards/dist/adaptivecards.css'), type: 'text/css; charset=utf-8' },
  '/vendor/markdown-it.js': { path: require.resolve('markdown-it/dist/markdown-it.min.js'), type: 'text/javascript; charset=utf-8' },
};

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors 'none'",
};

export async function startPageServer(options: PageServerOptions): Promise<PageServer> {
  const context: PageApiContext = { emulator: options.emulator, directory: options.directory };
  const streams = new Set<ServerResponse>();
  const scrub = createScrubber(options.secrets);

  function sendJson(res: ServerResponse, status: number, body: unknown): void {
    const text = scrub(JSON.stringify(body));
    res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8' });
    res.end(text);
  }

  function openEventStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      Connection: 'keep-alive',
    });
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${scrub(JSON.stringify(data))}\n\n`);
    res.write('retry: 1500\n\n');
    send('connection', { state: options.connection.state });
    const unsubscribeEmulator = options.emulator.subscribe((event: EmulatorEvent) => {
      try {
        if (event.type === 'message.created') send('message', messageView(options.directory, event.message));
        else if (event.type === 'message.deleted') send('deleted', { messageId: event.messageId, roomId: event.roomId });
        else if (event.type === 'action.created') {
          const { messageId, roomId, personId } = event.action;
          send('action', { messageId, roomId, personId });
        }
      } catch (error) {
        options.onError?.(error);
      }
    });
    const unsubscribeConnection = options.connection.onChange((state) => send('connection', { state }));
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    streams.add(res);
    const cleanUp = () => {
      clearInterval(heartbeat);
      unsubscribeEmulator();
      unsubscribeConnection();
      streams.delete(res);
    };
    req.on('close', cleanUp);
    res.on('error', cleanUp);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://sandbox.invalid').pathname;
    const method = req.method ?? 'GET';
    if (!isLocalHost(req.headers.host)) return sendJson(res, 403, { error: 'This page only answers on 127.0.0.1 or localhost.' });

    const asset = STATIC[path];
    if (asset) {
      if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { error: 'Use GET.' });
      const content = await readFile(asset.path);
      res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': asset.type, 'Content-Length': content.length });
      res.end(method === 'HEAD' ? undefined : content);
      return;
    }
    if (path === '/api/state' && method === 'GET') {
      return sendJson(res, 200, stateView(options.directory, options.emulator, options.connection.state));
    }
    if (path === '/api/events' && method === 'GET') return openEventStream(req, res);

    const post: Record<string, (body: unknown) => unknown> = {
      '/api/say': (body) => handleSay(context, body),
      '/api/submit': (body) => handleSubmit(context, body),
      '/api/drop-socket': () => handleDropSocket(context),
    };
    const action = post[path];
    if (!action) return sendJson(res, 404, { error: 'Not found.' });
    if (method !== 'POST') return sendJson(res, 405, { error: 'Use POST.' });
    // A JSON content type cannot be sent cross-site without a CORS preflight, which this server never grants.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return sendJson(res, 415, { error: 'Send the body as application/json.' });
    }
    if (req.headers.origin && !isLocalOrigin(req.headers.origin, req.headers.host)) {
      return sendJson(res, 403, { error: 'Cross-origin requests are not allowed.' });
    }
    const body = parseJson(await readBody(req));
    return sendJson(res, 200, { ok: true, ...(action(body) as object) });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof RequestError) {
        sendJson(res, error.status, { error: error.message });
        return;
      }
      options.onError?.(error);
      if (!res.headersSent) sendJson(res, 500, { error: 'The sandbox could not handle that request.' });
      else res.end();
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.end();
        streams.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function isLocalHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return name === '127.0.0.1' || name === 'localhost' || name === '[::1]';
}

function isLocalOrigin(origin: string, host: string | undefined): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && url.host === host;
  } catch {
    return false;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new RequestError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RequestError(400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
