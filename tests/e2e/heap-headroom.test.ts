/**
 * The production process with its old generation capped (deploy/runtime.env): when the lab already
 * takes half of the heap's limit after start-up, the bot says so in its log, naming the setting to
 * raise; with room to spare it says nothing. Run for real: the built bot against the emulator.
 */
import { join } from 'node:path';
import { parse as parseEnvFile } from 'dotenv';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { heapAfterStart } from '../../src/runtime-flags.js';
import { ROOT, builtBotLab, type BotProcess } from '../support/bot-process.js';
import { until } from '../support/wait.js';

const MiB = 1024 * 1024;
const RUNTIME_ENV = parseEnvFile(readFileSync(join(ROOT, 'deploy/runtime.env'), 'utf8'));
const WARNING = 'raise --max-old-space-size in NODE_OPTIONS';

describe('heap headroom after start-up', () => {
  it('is tight only above half the limit, and then names the setting with both figures in MiB', () => {
    expect(heapAfterStart({ used_heap_size: 100 * MiB, heap_size_limit: 200 * MiB })).toEqual({ tight: false, message: 'heap after start-up', heapMiB: 100, limitMiB: 200 });
    const tight = heapAfterStart({ used_heap_size: 101 * MiB, heap_size_limit: 200 * MiB });
    expect(tight).toMatchObject({ tight: true, heapMiB: 101, limitMiB: 200 });
    expect(tight.message).toBe(
      'after start-up the heap takes 101 of its 200 MiB limit: raise --max-old-space-size in NODE_OPTIONS (deploy/runtime.env) before the lab grows further',
    );
  });

  describe('in the built bot', () => {
    const lab = builtBotLab('tbm-heap-');
    afterEach(() => lab.stop());

    async function startedBot(nodeOptions: string): Promise<BotProcess> {
      const { run } = await lab.start({ ...RUNTIME_ENV, NODE_OPTIONS: nodeOptions, HEALTH_PORT: 'off' });
      await until(() => run.exitCode() !== null || run.output().includes('"msg":"bot started"'), { what: 'the bot to start' });
      expect(run.exitCode(), run.output()).toBeNull();
      return run;
    }

    it('with the shipped runtime settings there is room: no warning', async () => {
      const bot = await startedBot(RUNTIME_ENV.NODE_OPTIONS);
      await until(() => bot.output().includes('"msg":"heap after start-up"') || bot.output().includes(WARNING), { what: 'the heap line' });
      const line = JSON.parse(bot.output().split('\n').find((l) => l.includes('"msg":"heap after start-up"'))!) as { level: number; heapMiB: number; limitMiB: number };
      expect(line.level).toBe(30);
      expect(line.heapMiB).toBeLessThanOrEqual(line.limitMiB / 2);
      expect(bot.output()).not.toContain(WARNING);
    });

    it('with an old generation too small for what the bot holds, it names the setting to raise', async () => {
      const bot = await startedBot('--max-semi-space-size=1 --max-old-space-size=20');
      await until(() => bot.output().includes(WARNING), { what: 'the heap warning' });
      const line = JSON.parse(bot.output().split('\n').find((l) => l.includes(WARNING))!) as { level: number; heapMiB: number; limitMiB: number };
      expect(line.level).toBe(40);
      expect(line.heapMiB).toBeGreaterThan(line.limitMiB / 2);
      expect(line.limitMiB).toBeLessThan(32);
    });
  });
});
