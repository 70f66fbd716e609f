/**
 * `npm run replay -- <recording>`: replays a RECORD_EVENTS file against the emulator and a fresh bot
 * and prints the transcript (see replay.ts). Exit status 0 when every event was answered, 1 when
 * some were not, 2 for a problem with the command line or the files.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import pino from 'pino';
import { createLogger } from '../log.js';
import { parseRecording } from '../app/record-format.js';
import { testbedsDocumentProblems } from '../store/schema.js';
import type { TestbedRecord } from '../domain.js';
import { parseReplayArgs, REPLAY_USAGE } from './args.js';
import { replayRecording } from './replay.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(`Cannot read the ${what} "${path}": ${code === 'ENOENT' ? 'there is no such file' : (error as Error).message}.`);
  }
}

async function readTestbeds(path: string | undefined): Promise<TestbedRecord[]> {
  if (!path) return [];
  let doc: unknown;
  try {
    doc = JSON.parse(await readText(path, 'testbed document'));
  } catch {
    return fail(`The testbed document "${path}" is not valid JSON.`);
  }
  const problems = testbedsDocumentProblems(doc);
  if (problems.length > 0) fail(`The testbed document "${path}" cannot be used:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return (doc as { testbeds: TestbedRecord[] }).testbeds;
}

const parsed = parseReplayArgs(process.argv.slice(2));
if (parsed.ok === 'help') {
  process.stdout.write(`${REPLAY_USAGE}\n`);
  process.exit(0);
}
if (!parsed.ok) fail(`${parsed.problem}\n${REPLAY_USAGE}`);
const args = parsed.args;
const recording = parseRecording(await readText(args.recording, 'recording'));
if (!recording.header && recording.lines.length === 0) fail(`"${args.recording}" holds no recorded events.`);
const testbeds = await readTestbeds(args.testbeds);
const logger = createLogger({ level: args.logLevel, secrets: [], destination: pino.destination({ dest: 2, sync: true }) });
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));

const result = await replayRecording({
  recording,
  name: basename(args.recording),
  testbeds,
  speed: args.speed,
  logger,
  onLine: args.out ? undefined : (line) => process.stdout.write(`${line}\n`),
});
if (args.out) {
  await writeFile(args.out, result.transcript, 'utf8');
  process.stderr.write(`Transcript written to ${args.out}\n`);
}
process.exit(result.stalled > 0 ? 1 : 0);
