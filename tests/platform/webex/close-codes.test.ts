/** Pure table test of the close-code reactions (docs/platform.md, The Mercury socket). */
import { describe, expect, it } from 'vitest';
import { reactionTo } from '../../../src/platform/webex/close-codes.js';
import type { SocketDown } from '../../../src/platform/webex/socket.js';

describe('reactionTo', () => {
  const table: Array<[SocketDown, string, string?]> = [
    [{ kind: 'upgrade-rejected', status: 404 }, 'reregister'],
    [{ kind: 'upgrade-rejected', status: 401 }, 'stop', 'unauthorized'],
    [{ kind: 'upgrade-rejected', status: 503 }, 'reconnect'],
    [{ kind: 'closed', code: 4401, reason: '' }, 'stop', 'unauthorized'],
    [{ kind: 'closed', code: 4400, reason: '' }, 'stop', 'socket_rejected'],
    [{ kind: 'closed', code: 4403, reason: '' }, 'stop', 'socket_rejected'],
    [{ kind: 'closed', code: 1003, reason: 'invalid frame' }, 'stop', 'socket_rejected'],
    [{ kind: 'closed', code: 4000, reason: 'replaced' }, 'reconnect'],
    [{ kind: 'closed', code: 4000, reason: 'moved' }, 'reconnect'],
    [{ kind: 'closed', code: 1000, reason: 'idle' }, 'reconnect'],
    [{ kind: 'closed', code: 1001, reason: '' }, 'reconnect'],
    [{ kind: 'closed', code: 1006, reason: '' }, 'reconnect'],
    [{ kind: 'closed', code: 1008, reason: 'authentication failed' }, 'reconnect'],
    [{ kind: 'closed', code: 1011, reason: '' }, 'reconnect'],
    [{ kind: 'pong-timeout' }, 'reconnect'],
    [{ kind: 'pong-mismatch' }, 'reconnect'],
    [{ kind: 'silence' }, 'reconnect'],
    [{ kind: 'error', message: 'ECONNREFUSED' }, 'reconnect'],
  ];
  it.each(table)('%j → %s', (down, action, code) => {
    const reaction = reactionTo(down);
    expect(reaction.action).toBe(action);
    if (code) expect(reaction).toMatchObject({ code });
  });

  it('logs "replaced" at error level (two instances?) and ordinary churn below it', () => {
    expect(reactionTo({ kind: 'closed', code: 4000, reason: 'replaced' })).toMatchObject({ level: 'error' });
    expect(reactionTo({ kind: 'closed', code: 1000, reason: 'idle' })).toMatchObject({ level: 'info' });
  });
});
