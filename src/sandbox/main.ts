/**
 * `npm run sandbox [-- --port N] [-- --inspect]`: the emulator, the real bot and the chat page in
 * one process, offline. Prints the page URL; Ctrl-C stops everything cleanly.
 */
import { parseSandboxArgs, SANDBOX_USAGE } from './args.js';
import { startSandbox, type Sandbox } from './sandbox.js';

const parsed = parseSandboxArgs(process.argv.slice(2), process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.problem}\n${SANDBOX_USAGE}\n`);
  process.exit(1);
}

let sandbox: Sandbox;
try {
  sandbox = await startSandbox({ port: parsed.args.port, inspect: parsed.args.inspect });
} catch (error) {
  const { code, message } = error as { code?: string; message: string };
  if (code === 'EADDRINUSE') {
    process.stderr.write(`Port ${parsed.args.port} is already in use. Try: npm run sandbox -- --port ${parsed.args.port + 1}\n`);
  } else if (typeof code === 'string' && code.startsWith('STORE_')) {
    process.stderr.write(`The sandbox's data could not be opened: ${message}\n`);
    if (code !== 'STORE_LOCKED') process.stderr.write('Delete the sandbox data folder (.sandbox-data, or SANDBOX_DATA_DIR) to start over with demo data.\n');
  } else {
    process.stderr.write(`The sandbox could not start: ${message}\n`);
  }
  process.exit(1);
}

const lines = [
  '',
  `  ${sandbox.directory.bot.displayName} sandbox is running (offline: emulator + the real bot + a chat page).`,
  '',
  `  Chat page:  ${sandbox.url}`,
  `  Data:       ${sandbox.data.dir}${sandbox.data.seededTestbeds ? ' (seeded with demo testbeds)' : ''}  (delete it to start over)`,
];
if (sandbox.inspectorUrl) lines.push(`  Inspector:  ${sandbox.inspectorUrl} (open it in a browser, then chat on the page)`);
lines.push('', '  Press Ctrl-C to stop.', '');
process.stdout.write(`${lines.join('\n')}\n`);

let stopping = false;
async function shutDown(signal: string): Promise<void> {
  if (stopping) {
    process.stderr.write('Stopping immediately.\n');
    process.exit(1);
  }
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the sandbox…\n`);
  try {
    await sandbox.stop();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`Stopping failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutDown('SIGINT'));
process.on('SIGTERM', () => void shutDown('SIGTERM'));
