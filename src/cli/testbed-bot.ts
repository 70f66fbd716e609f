#!/usr/bin/env node
/**
 * `testbed-bot`: the command pipelines use to hold testbeds through the bot's HTTP API
 * (`npx testbed-bot hold --label 5g --purpose "nightly #123" --minutes 120 --wait 30m`). Reads
 * TESTBED_API_URL and TESTBED_API_TOKEN. Exit codes: 0 done, 2 usage, 3 none free / taken, 4 auth,
 * 5 server unreachable, 1 anything else.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { readFlagsAndPositionals } from '../cli-args.js';
import { createApiClient, EXIT, type ApiClient, type ExitCode, type Outcome } from './api-client.js';
import { runCommand } from './run.js';
import { assignments } from './words.js';
import { FLAGS, holdBody, positiveInt, seconds, UsageError, type CliIo, type Flags, type TestbedJson } from './hold-args.js';

export const USAGE = `Usage: testbed-bot COMMAND [options]

  hold    --purpose TEXT (--minutes N | --until ISO) [--label L] [--quantity N] [--wait 30m] [--ttl 10m] [--json]
          hold --id ID --purpose TEXT --minutes N     (one testbed by id)
  release ID                                          (a testbed id, or a hold id to release all its testbeds)
  extend  ID --minutes N                      (a testbed id, or a hold id: every testbed of the hold)
  status  [--label L] [--json]
  run     [--label L] [--quantity N] [--purpose TEXT] [--minutes N] [--wait 30m] [--ttl 2m] -- CMD [ARGS...]

Environment: TESTBED_API_URL (e.g. http://127.0.0.1:8081), TESTBED_API_TOKEN.
Exit codes: 0 done, 2 usage, 3 none free or taken, 4 token refused, 5 server unreachable, 1 other failures.
`;

function failed(outcome: Extract<Outcome<unknown>, { ok: false }>, io: CliIo): ExitCode {
  io.err(`testbed-bot: ${outcome.message}${outcome.status ? ` (${outcome.status} ${outcome.error})` : ''}\n`);
  return outcome.code;
}

function printHeld(testbeds: TestbedJson[], holdId: string, flags: Flags, io: CliIo): void {
  if (flags.json) {
    io.out(`${JSON.stringify({ testbeds, hold_id: holdId })}\n`);
    return;
  }
  io.out(
    assignments({
      TESTBED_ID: testbeds.map((t) => String(t.id)).join(','),
      TESTBED_NAME: testbeds.map((t) => t.testbed_name).join(','),
      TESTBED_HOLD_ID: holdId,
    }),
  );
}

async function hold(api: ApiClient, flags: Flags, io: CliIo): Promise<ExitCode> {
  const body = holdBody(flags);
  if (flags.id !== undefined) {
    const id = positiveInt(flags.id, '--id');
    const outcome = await api.call<{ testbed: TestbedJson; hold_id: string }>('POST', `/api/v1/testbeds/${id}/hold`, body);
    if (!outcome.ok) return failed(outcome, io);
    printHeld([outcome.body.testbed], outcome.body.hold_id, flags, io);
    return EXIT.ok;
  }
  if (flags.label !== undefined) body.label = flags.label;
  const quantity = positiveInt(flags.quantity, '--quantity');
  if (quantity !== undefined) body.quantity = quantity;
  body.wait_seconds = seconds(flags.wait, '--wait') ?? 0;
  const ttl = seconds(flags.ttl, '--ttl');
  if (ttl !== undefined) body.ttl_seconds = ttl;
  const outcome = await api.call<{ testbeds: TestbedJson[]; hold_id: string }>('POST', '/api/v1/holds', body);
  if (!outcome.ok) return failed(outcome, io);
  printHeld(outcome.body.testbeds, outcome.body.hold_id, flags, io);
  return EXIT.ok;
}

function theId(positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageError('Give exactly one ID (a testbed id, or a hold id).');
  return positionals[0];
}

async function release(api: ApiClient, positionals: string[], io: CliIo): Promise<ExitCode> {
  const id = theId(positionals);
  const path = /^\d{1,9}$/.test(id) ? `/api/v1/testbeds/${id}/release` : `/api/v1/holds/${encodeURIComponent(id)}/release`;
  const outcome = await api.call<{ testbed?: TestbedJson; testbeds?: TestbedJson[] }>('POST', path);
  if (!outcome.ok) return failed(outcome, io);
  const names = (outcome.body.testbeds ?? [outcome.body.testbed!]).map((t) => t.testbed_name);
  io.out(`Released ${names.join(', ')}.\n`);
  return EXIT.ok;
}

async function extend(api: ApiClient, positionals: string[], flags: Flags, io: CliIo): Promise<ExitCode> {
  const id = theId(positionals);
  const minutes = positiveInt(flags.minutes, '--minutes');
  if (minutes === undefined) throw new UsageError('--minutes is required.');
  // A testbed id, or a hold id: every testbed of the hold.
  const path = /^\d{1,9}$/.test(id) ? `/api/v1/testbeds/${id}/extend` : `/api/v1/holds/${encodeURIComponent(id)}/extend`;
  const outcome = await api.call<{ testbed?: TestbedJson; testbeds?: TestbedJson[] }>('POST', path, { minutes });
  if (!outcome.ok) return failed(outcome, io);
  for (const testbed of outcome.body.testbeds ?? [outcome.body.testbed!]) io.out(`${testbed.testbed_name} is held until ${testbed.expected_release_time}.\n`);
  return EXIT.ok;
}

async function status(api: ApiClient, flags: Flags, io: CliIo): Promise<ExitCode> {
  const query = flags.label !== undefined ? `?label=${encodeURIComponent(flags.label)}` : '';
  const outcome = await api.call<{ testbeds: TestbedJson[] }>('GET', `/api/v1/testbeds${query}`);
  if (!outcome.ok) return failed(outcome, io);
  const { testbeds } = outcome.body;
  if (flags.json) {
    io.out(`${JSON.stringify(outcome.body)}\n`);
    return EXIT.ok;
  }
  const state = (t: TestbedJson) =>
    t.maintenance ? `maintenance: ${t.maintenance.reason}` : t.status === 'in_use' ? `held by ${t.user_name} until ${t.expected_release_time}` : 'available';
  const width = Math.max(4, ...testbeds.map((t) => t.testbed_name.length));
  const lines = testbeds.map((t) => `${String(t.id).padStart(4)}  ${t.testbed_name.padEnd(width)}  ${state(t)}${t.queue_length ? ` (${t.queue_length} waiting)` : ''}`);
  io.out(testbeds.length === 0 ? 'No testbeds.\n' : `${lines.join('\n')}\n`);
  return EXIT.ok;
}

/** Runs one command line; resolves with the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === 'help') {
      (command === undefined ? io.err : io.out)(USAGE);
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    const parsed = readFlagsAndPositionals(rest, FLAGS);
    if (!parsed.ok) throw new UsageError(parsed.problem);
    const flags = parsed.values as Flags;
    if (!['hold', 'release', 'extend', 'status', 'run'].includes(command)) throw new UsageError(`Unknown command "${command}".`);
    if (!['release', 'extend', 'run'].includes(command) && parsed.positionals.length > 0) throw new UsageError(`Unexpected argument "${parsed.positionals[0]}".`);
    const url = io.env.TESTBED_API_URL?.trim();
    const token = io.env.TESTBED_API_TOKEN?.trim();
    if (!url) throw new UsageError('Set TESTBED_API_URL to the bot\'s API, e.g. http://127.0.0.1:8081.');
    if (!/^https?:\/\/[^\s/]+/.test(url)) throw new UsageError(`TESTBED_API_URL must be an http(s) URL (got "${url}").`);
    if (!token) throw new UsageError('Set TESTBED_API_TOKEN to a token made with `npm run token -- create`.');
    const api = createApiClient(url, token);
    switch (command) {
      case 'hold':
        return await hold(api, flags, io);
      case 'release':
        return await release(api, parsed.positionals, io);
      case 'extend':
        return await extend(api, parsed.positionals, flags, io);
      case 'status':
        return await status(api, flags, io);
      default:
        return await runCommand(api, flags, parsed.positionals, io);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`testbed-bot: ${error.message}\n\n${USAGE}`);
    return EXIT.usage;
  }
}

/** Run as a program (also through the `node_modules/.bin` link npx uses), not imported by a test. */
function invokedDirectly(): boolean {
  try {
    return process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}
if (invokedDirectly()) {
  process.exitCode = await main(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
  });
}
