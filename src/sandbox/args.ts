/** Command-line flags of `npm run sandbox`: `--port N` (or SANDBOX_PORT) and `--inspect`. */
import { readFlags } from '../cli-args.js';

export interface SandboxArgs {
  port: number;
  inspect: boolean;
}

export const SANDBOX_USAGE = 'Usage: npm run sandbox -- [--port N] [--inspect]   (port default 3000, also SANDBOX_PORT)';

export function parseSandboxArgs(
  argv: string[],
  env: Record<string, string | undefined>,
): { ok: true; args: SandboxArgs } | { ok: false; problem: string } {
  // `npm start -- --sandbox` hands its own flag on; it means nothing more here.
  const flags = readFlags(argv, { port: { type: 'string' }, inspect: { type: 'boolean' }, sandbox: { type: 'boolean' } });
  if (!flags.ok) return flags;
  const portText = flags.values.port ?? (env.SANDBOX_PORT?.trim() || '3000');
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) return { ok: false, problem: `The port must be a number from 0 to 65535, not "${portText}".` };
  return { ok: true, args: { port, inspect: flags.values.inspect === true || env.INSPECT === '1' } };
}
