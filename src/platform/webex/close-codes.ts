/**
 * What to do when a socket goes down, for a bot with a static token that must
 * stay connected (table in docs/platform.md, The Mercury socket). Pure.
 */
import type { PlatformErrorCode } from './errors.js';
import type { SocketDown } from './socket.js';

export type DownReaction =
  | { action: 'reconnect'; level: 'info' | 'warn' | 'error'; note: string }
  /** The registration is unknown: re-register the device, then connect. */
  | { action: 'reregister'; note: string }
  | { action: 'stop'; code: PlatformErrorCode; note: string };

export function reactionTo(down: SocketDown): DownReaction {
  switch (down.kind) {
    case 'upgrade-rejected':
      if (down.status === 404) return { action: 'reregister', note: 'registration unknown (HTTP 404 on upgrade)' };
      if (down.status === 401) return { action: 'stop', code: 'unauthorized', note: 'token rejected on upgrade (HTTP 401)' };
      return { action: 'reconnect', level: 'warn', note: `upgrade refused with HTTP ${down.status}` };
    case 'pong-timeout':
      return { action: 'reconnect', level: 'warn', note: 'pong not received' };
    case 'pong-mismatch':
      return { action: 'reconnect', level: 'warn', note: 'pong mismatch' };
    case 'silence':
      return { action: 'reconnect', level: 'warn', note: 'no frame within the silence time-out; socket presumed dead' };
    case 'error':
      return { action: 'reconnect', level: 'warn', note: `socket error ${down.message}` };
    case 'closed':
      return reactionToClose(down.code, down.reason);
  }
}

function reactionToClose(code: number, reason: string): DownReaction {
  const why = `closed with ${code}${reason ? ` "${reason}"` : ''}`;
  if (code === 4401) return { action: 'stop', code: 'unauthorized', note: `${why}: token rejected` };
  if (code === 4400 || code === 4403) return { action: 'stop', code: 'socket_rejected', note: `${why}: bad request / not entitled` };
  if (code === 1003) return { action: 'stop', code: 'socket_rejected', note: `${why}: server rejected a client frame` };
  if (code === 4000 && reason.trim().toLowerCase() === 'replaced') {
    return { action: 'reconnect', level: 'error', note: `${why}: another socket took over this registration — is a second bot instance running?` };
  }
  if (code === 1008) return { action: 'reconnect', level: 'error', note: `${why}: authentication problem` };
  return { action: 'reconnect', level: code === 1000 || code === 4000 ? 'info' : 'warn', note: why };
}
