/**
 * `npm run recordings:update`: replays every recording in tests/fixtures/recordings/ (as fast as
 * possible, from testbeds.json there) and rewrites its expected transcript `<name>.expected.txt`.
 * Run it after a change that alters what the bot says, then review the diff.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { parseRecording } from '../src/app/record-format.js';
import { replayRecording } from '../src/replay/replay.js';
import type { TestbedRecord } from '../src/domain.js';

const DIR = fileURLToPath(new URL('../tests/fixtures/recordings/', import.meta.url));
const testbeds = (JSON.parse(await readFile(join(DIR, 'testbeds.json'), 'utf8')) as { testbeds: TestbedRecord[] }).testbeds;
const logger = pino({ level: 'error' }, pino.destination({ dest: 2, sync: true }));
let failed = 0;
for (const name of (await readdir(DIR)).filter((file) => file.endsWith('.jsonl')).sort()) {
  const recording = parseRecording(await readFile(join(DIR, name), 'utf8'));
  const result = await replayRecording({ recording, name, testbeds, speed: Infinity, logger });
  const expected = name.replace(/\.jsonl$/, '.expected.txt');
  await writeFile(join(DIR, expected), result.transcript, 'utf8');
  failed += result.stalled;
  process.stdout.write(`${expected}: ${result.transcript.split('\n').length - 1} lines${result.stalled ? `, ${result.stalled} event(s) not finished` : ''}\n`);
}
process.exit(failed > 0 ? 1 : 0);
