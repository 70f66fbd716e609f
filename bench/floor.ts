/**
 * The floor: the REST round trips a reply needs and nothing else, over bare keep-alive
 * connections (node:http) against the same emulator: read the card action the click created,
 * then post the reply the bot posted for that click (same body, same size). For bookings, also
 * the bare durable write of a file as large as the testbed document.
 */
import { constants } from 'node:fs';
import { mkdtemp, open, rename, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface FloorTarget {
  restUrl: string;
  token: string;
  actionId: string;
  roomId: string;
}

function call(agent: Agent, method: 'GET' | 'POST', url: string, token: string, body?: string): Promise<void> {
  return new Promise((done, fail) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const req = request(url, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode && res.statusCode < 400 ? done() : fail(new Error(`${method} ${url}: HTTP ${res.statusCode}`))));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/**
 * `clients` loops, each doing `rounds` times: GET the card action, POST the reply body.
 * Returns the milliseconds of each round (both calls).
 */
export async function floorRounds(target: FloorTarget, reply: { text?: string; attachments?: unknown }, clients: number, rounds: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const actionUrl = `${target.restUrl}/attachment/actions/${encodeURIComponent(target.actionId)}`;
  const body = JSON.stringify({ roomId: target.roomId, text: reply.text ?? 'floor', ...(reply.attachments ? { attachments: reply.attachments } : {}) });
  const times: number[] = [];
  const loop = async () => {
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await call(agent, 'GET', actionUrl, target.token);
      await call(agent, 'POST', `${target.restUrl}/messages`, target.token, body);
      times.push(performance.now() - started);
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, loop));
  } finally {
    agent.destroy();
  }
  return times;
}

/**
 * The disk part of a booking's floor, `rounds` times: writing the document of `bytes` the way the
 * store does (a temp file in the same folder written with O_DSYNC, rename over the target, sync of
 * the folder through a handle kept open), then appending the change's history line to a file open
 * with O_DSYNC, as a booking does before it is acknowledged.
 */
export async function durableWrites(bytes: number, rounds: number): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'tbm-bench-disk-'));
  const content = Buffer.from('x'.repeat(bytes));
  const line = `${JSON.stringify({ at: new Date(0).toISOString(), event: 'registered', testbed_id: 1, testbed_name: 'lab-00001-regression-rig', by: { email: 'person.0@example.com', name: 'Person Number 0' } })}\n`;
  const times: number[] = [];
  const { O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_APPEND, O_DSYNC } = constants;
  const history = await open(join(dir, 'history.jsonl'), O_RDWR | O_APPEND | O_CREAT | O_DSYNC, 0o644);
  const folder = await open(dir, 'r');
  try {
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      const temp = join(dir, `.testbeds.json.${i}.tmp`);
      const file = await open(temp, O_WRONLY | O_CREAT | O_EXCL | O_DSYNC, 0o644);
      await file.write(content, 0, content.length, 0);
      await Promise.all([file.close(), rename(temp, join(dir, 'testbeds.json'))]);
      await folder.sync();
      await history.appendFile(line, 'utf8');
      times.push(performance.now() - started);
    }
  } finally {
    await Promise.all([history.close(), folder.close()]);
    await rm(dir, { recursive: true, force: true });
  }
  return times;
}
