/**
 * Ports for servers that a child process (a bot, PostgreSQL) opens itself, so the test cannot hold the
 * port until then. A port that the kernel hands out for port 0 (any emulator, any outgoing connection)
 * comes from its ephemeral range, 32768 and up here; taking one of those and letting it go leaves a
 * moment in which another socket in another test can take it, and the child then fails with EADDRINUSE.
 * These ports come from below that range instead, from a block of 1,000 per vitest worker (the main
 * process has its own), tried in turn and checked free before they are handed out.
 */
import { createServer } from 'node:net';

const FIRST = 20_000;
const BLOCK = 1_000;
const BLOCKS = 12;

const block = (Number(process.env.VITEST_POOL_ID ?? 0) || 0) % BLOCKS;
let nextInBlock = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tried = 0; tried < BLOCK; tried++) {
    const port = FIRST + block * BLOCK + (nextInBlock++ % BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port in ${FIRST + block * BLOCK} to ${FIRST + (block + 1) * BLOCK - 1}`);
}
