/** Proxy agents: hpagent for http/https proxies, socks-proxy-agent for socks5. */
import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { HttpProxyAgent, HttpsProxyAgent } from 'hpagent';
import { SocksProxyAgent } from 'socks-proxy-agent';

export interface GotAgents {
  http: HttpAgent;
  https: HttpsAgent;
}

function proxyUrl(proxy: string): URL {
  try {
    return new URL(proxy);
  } catch {
    // Never echo the value: it may carry credentials.
    throw new Error('Proxy setting is not a valid URL');
  }
}

/** Agents for got (REST, discovery, devices) through an HTTP(S) CONNECT proxy. */
export function restAgents(httpsProxy: string | undefined): GotAgents | undefined {
  if (!httpsProxy) return undefined;
  const proxy = proxyUrl(httpsProxy);
  if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') {
    throw new Error(`Unsupported HTTPS_PROXY scheme ${proxy.protocol} (use http or https)`);
  }
  return {
    http: new HttpProxyAgent({ proxy, keepAlive: true }),
    https: new HttpsProxyAgent({ proxy, keepAlive: true }),
  };
}

/** Agent for the WebSocket to `targetUrl` (ws: or wss:) through WSS_PROXY. */
export function socketAgent(wssProxy: string | undefined, targetUrl: string): HttpAgent | undefined {
  if (!wssProxy) return undefined;
  const proxy = proxyUrl(wssProxy);
  if (proxy.protocol === 'socks5:' || proxy.protocol === 'socks5h:' || proxy.protocol === 'socks:') {
    return new SocksProxyAgent(proxy);
  }
  if (proxy.protocol === 'http:' || proxy.protocol === 'https:') {
    const secure = new URL(targetUrl).protocol === 'wss:';
    return secure ? new HttpsProxyAgent({ proxy }) : new HttpProxyAgent({ proxy });
  }
  throw new Error(`Unsupported WSS_PROXY scheme ${proxy.protocol} (use http, https or socks5)`);
}
