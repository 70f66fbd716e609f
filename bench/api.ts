/**
 * The HTTP API's latency, measured against the production process (`node dist/main.js`) over real
 * HTTP with keep-alive: a hold and its release (each answered once the change is on disk), one at a
 * time and 20 pipelines at once, and the testbed list. Figures, never assertions.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { newToken, sha256Hex, writeTokensDocument } from '../src/store/tokens.js';
import { freePort } from './processes.js';

export interface ApiLatencyRow {
  call: string;
  mode: 'sequential' | '20 concurrent';
  samples: number[];
}

/** Runs `body` with the API's base URL and a token; `world` starts the bot with the extra settings. */
export async function apiLatency(
  world: <T>(env: Record<string, string>, body: () => Promise<T>) => Promise<T>,
): Promise<ApiLatencyRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'tbm-bench-api-'));
  const token = newToken();
  const file = join(dir, 'api_tokens.json');
  await writeTokensDocument(file, { tokens: [{ name: 'bench-ci', owner_email: 'bench@example.com', sha256: sha256Hex(token), admin: false }] });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const timed = async (method: string, path: string, body?: unknown): Promise<number> => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    return ms;
  };
  try {
    return await world({ API_PORT: String(port), API_TOKENS_FILE: file }, async () => {
      const rows: ApiLatencyRow[] = [
        { call: 'hold', mode: 'sequential', samples: [] },
        { call: 'release', mode: 'sequential', samples: [] },
        { call: 'list testbeds', mode: 'sequential', samples: [] },
        { call: 'hold', mode: '20 concurrent', samples: [] },
        { call: 'release', mode: '20 concurrent', samples: [] },
      ];
      // Warm-up, not counted.
      for (let i = 0; i < 20; i++) {
        await timed('POST', '/testbeds/1/hold', { purpose: 'bench warm-up', minutes: 30 });
        await timed('POST', '/testbeds/1/release');
      }
      for (let i = 0; i < 200; i++) {
        rows[0].samples.push(await timed('POST', '/testbeds/1/hold', { purpose: `bench ${i}`, minutes: 30 }));
        rows[1].samples.push(await timed('POST', '/testbeds/1/release'));
        if (i % 4 === 0) rows[2].samples.push(await timed('GET', '/testbeds'));
      }
      // The fleet's odd ids start free (bench/in-process.ts): 20 pipelines hold 20 different testbeds at once.
      const ids = Array.from({ length: 20 }, (_, i) => 2 * i + 1);
      for (let round = 0; round < 10; round++) {
        rows[3].samples.push(...(await Promise.all(ids.map((id) => timed('POST', `/testbeds/${id}/hold`, { purpose: 'bench', minutes: 30 })))));
        rows[4].samples.push(...(await Promise.all(ids.map((id) => timed('POST', `/testbeds/${id}/release`)))));
      }
      return rows;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
