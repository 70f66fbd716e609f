/**
 * Connections: undici's dispatchers for REST (direct, or through an HTTP(S) CONNECT proxy), and
 * node:http agents for the WebSocket (hpagent for http/https proxies, socks-proxy-agent for socks5).
 */
import type { Agent as HttpAgent, ClientRequestArgs } from 'node:http';
import type { RequestOptions } from 'node:https';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import { HttpProxyAgent, HttpsProxyAgent } from 'hpagent';
import type { SocksProxyAgent } from 'socks-proxy-agent';
import type { Agent as UndiciAgent, ProxyAgent as UndiciProxyAgent, Dispatcher } from 'undici';

// undici's index loads all of undici (fetch, WebSocket, mocks, caches: about 1.7 MiB more heap). Without a
// proxy the REST client needs only the keep-alive Agent, loaded from its own file; the ProxyAgent needs the
// rest of undici set up, so a bot with HTTPS_PROXY loads the index (docs/runtime-memory.md).
const load = createRequire(import.meta.url);
const Agent = load('undici/lib/dispatcher/agent.js') as typeof UndiciAgent;

/** `code` of the error raised when an HTTP(S) proxy answers the CONNECT with anything but 200. */
export const PROXY_REFUSED = 'EPROXYREFUSED';

type ConnectCallback = (err: Error | null, stream: Duplex) => void;

/** The error for a proxy that answered the CONNECT with `status` (no credentials involved). */
function refusal(status: string): Error {
  const hint = status === '407' ? ' Proxy Authentication Required: check the user and password in the proxy URL' : '';
  return Object.assign(new Error(`proxy refused the tunnel with HTTP ${status}${hint}`), { code: PROXY_REFUSED, proxyStatus: Number(status) });
}

/**
 * hpagent reports a refused CONNECT as a bare "Bad response: 407" error, which ws then reduces to
 * a generic code, so the log never said why. Say it in words.
 */
function explainRefusal(error: Error | null): Error | null {
  const status = error ? /^Bad response: (\d{3})$/.exec(error.message)?.[1] : undefined;
  return error && status ? refusal(status) : error;
}

/** undici words a refused CONNECT as "Proxy response (407) !== 200 when HTTP Tunneling"; the same words as above. */
export function explainRestProxyRefusal(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  const status = /^Proxy response \((\d{3})\)/.exec(message)?.[1];
  return status ? refusal(status) : error;
}

class ExplainedHttpProxyAgent extends HttpProxyAgent {
  override createConnection(options: ClientRequestArgs, callback?: ConnectCallback): Duplex | null | undefined {
    return super.createConnection(options, (err, stream) => callback?.(explainRefusal(err), stream));
  }
}

class ExplainedHttpsProxyAgent extends HttpsProxyAgent {
  override createConnection(options: RequestOptions, callback?: ConnectCallback): Duplex | null | undefined {
    return super.createConnection(options, (err, stream) => callback?.(explainRefusal(err), stream));
  }
}

function proxyUrl(proxy: string): URL {
  try {
    return new URL(proxy);
  } catch {
    // Never echo the value: it may carry credentials.
    throw new Error('Proxy setting is not a valid URL');
  }
}

/**
 * The dispatcher for REST, discovery and device calls: keep-alive connections, direct or through an
 * HTTP(S) CONNECT proxy (credentials in the proxy URL become a Basic Proxy-Authorization header).
 */
export function restDispatcher(httpsProxy: string | undefined, connectTimeoutMs: number): Dispatcher {
  if (!httpsProxy) return new Agent({ connect: { timeout: connectTimeoutMs } });
  const proxy = proxyUrl(httpsProxy);
  if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') {
    throw new Error(`Unsupported HTTPS_PROXY scheme ${proxy.protocol} (use http or https)`);
  }
  const { ProxyAgent } = load('undici') as { ProxyAgent: typeof UndiciProxyAgent };
  return new ProxyAgent({ uri: proxy.href, connect: { timeout: connectTimeoutMs } });
}

/** Agent for the WebSocket to `targetUrl` (ws: or wss:) through WSS_PROXY. */
export function socketAgent(wssProxy: string | undefined, targetUrl: string): HttpAgent | undefined {
  if (!wssProxy) return undefined;
  const proxy = proxyUrl(wssProxy);
  if (proxy.protocol === 'socks5:' || proxy.protocol === 'socks5h:' || proxy.protocol === 'socks:') {
    // Loaded only for a SOCKS proxy: with its dependencies it takes about 0.9 MiB of heap.
    const { SocksProxyAgent: Socks } = load('socks-proxy-agent') as { SocksProxyAgent: typeof SocksProxyAgent };
    return new Socks(proxy);
  }
  if (proxy.protocol === 'http:' || proxy.protocol === 'https:') {
    const secure = new URL(targetUrl).protocol === 'wss:';
    return secure ? new ExplainedHttpsProxyAgent({ proxy }) : new ExplainedHttpProxyAgent({ proxy });
  }
  throw new Error(`Unsupported WSS_PROXY scheme ${proxy.protocol} (use http, https or socks5)`);
}
