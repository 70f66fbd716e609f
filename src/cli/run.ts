/**
 * `testbed-bot run [hold options] -- CMD [ARGS...]`: holds the testbeds (with a time-to-live), runs
 * CMD with TESTBED_IDS, TESTBED_NAMES and TESTBED_HOLD_ID in its environment, renews the hold while
 * CMD runs, releases it when CMD ends or when this command is stopped by SIGINT or SIGTERM (which
 * it passes on to CMD), and exits with CMD's code. If this command dies without a chance to
 * release (SIGKILL, a crashed runner), the time-to-live runs out and the bot releases the hold.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { ApiClient } from './api-client.js';
import { holdBody, positiveInt, seconds, UsageError, type CliIo, type Flags, type TestbedJson } from './hold-args.js';

const DEFAULT_TTL_SECONDS = 120;
const DEFAULT_MINUTES = 120;

const signalNumber = (signal: NodeJS.Signals): number => constants.signals[signal] ?? 15;

export async function runCommand(api: ApiClient, flags: Flags, positionals: string[], io: CliIo): Promise<number> {
  const [command, ...args] = positionals;
  if (command === undefined) throw new UsageError('Give the command to run after --, e.g. testbed-bot run --label 5g -- ./test.sh');
  const body = holdBody(flags, { purpose: `testbed-bot run: ${[command, ...args].join(' ')}`.slice(0, 500), minutes: DEFAULT_MINUTES });
  if (flags.label !== undefined) body.label = flags.label;
  const quantity = positiveInt(flags.quantity, '--quantity');
  if (quantity !== undefined) body.quantity = quantity;
  body.wait_seconds = seconds(flags.wait, '--wait') ?? 0;
  const ttl = seconds(flags.ttl, '--ttl') ?? DEFAULT_TTL_SECONDS;
  body.ttl_seconds = ttl;

  const held = await api.call<{ testbeds: TestbedJson[]; hold_id: string }>('POST', '/api/v1/holds', body);
  if (!held.ok) {
    io.err(`testbed-bot: ${held.message}${held.status ? ` (${held.status} ${held.error})` : ''}\n`);
    return held.code;
  }
  const { testbeds, hold_id: holdId } = held.body;
  const names = testbeds.map((t) => t.testbed_name);
  io.err(`testbed-bot: holding ${names.join(', ')} (hold ${holdId}) while ${command} runs\n`);

  let released: Promise<void> | undefined;
  const release = () =>
    (released ??= (async () => {
      clearInterval(heartbeat);
      const answer = await api.call('POST', `/api/v1/holds/${encodeURIComponent(holdId)}/release`);
      if (answer.ok) io.err(`testbed-bot: released ${names.join(', ')}\n`);
      else if (answer.status !== 404) io.err(`testbed-bot: could not release hold ${holdId}: ${answer.message}\n`);
    })());

  // Renewed three times per time-to-live, so one lost heartbeat never costs the hold.
  const heartbeat = setInterval(() => {
    void api.call('POST', `/api/v1/holds/${encodeURIComponent(holdId)}/heartbeat`).then((answer) => {
      if (!answer.ok) io.err(`testbed-bot: heartbeat for hold ${holdId} failed: ${answer.message}\n`);
    });
  }, Math.max(1, Math.floor((ttl * 1000) / 3)));

  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, TESTBED_IDS: testbeds.map((t) => String(t.id)).join(','), TESTBED_NAMES: names.join(','), TESTBED_HOLD_ID: holdId },
  });

  let stoppedBy: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppedBy) return;
    stoppedBy = signal;
    io.err(`testbed-bot: ${signal}: stopping ${command} and releasing the hold\n`);
    child.kill(signal);
    void release();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const code = await new Promise<number>((resolve) => {
    child.on('error', (error) => {
      io.err(`testbed-bot: cannot run ${command}: ${error.message}\n`);
      resolve(127);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? 128 + signalNumber(signal ?? 'SIGTERM')));
  });
  await release();
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  return stoppedBy ? 128 + signalNumber(stoppedBy) : code;
}
