/** Command-line flags of `npm run sandbox`: `--port N` (or SANDBOX_PORT) and `--inspect`. */

export interface SandboxArgs {
  port: number;
  inspect: boolean;
}

export const SANDBOX_USAGE = 'Usage: npm run sandbox -- [--port N] [--inspect]   (port default 3000, also SANDBOX_PORT)';

export function parseSandboxArgs(
  argv: string[],
  env: Record<string, string | undefined>,
): { ok: true; args: SandboxArgs } | { ok: false; problem: string } {
  let portText = env.SANDBOX_PORT?.trim() || '3000';
  let inspect = env.INSPECT === '1';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--inspect') inspect = true;
    else if (arg === '--port') {
      const value = argv[++i];
      if (value === undefined) return { ok: false, problem: '--port needs a number.' };
      portText = value;
    } else if (arg.startsWith('--port=')) portText = arg.slice('--port='.length);
    else if (arg === '--sandbox') continue; // `npm start -- --sandbox` hands its flag on
    else return { ok: false, problem: `Unknown argument "${arg}".` };
  }
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) return { ok: false, problem: `The port must be a number from 0 to 65535, not "${portText}".` };
  return { ok: true, args: { port, inspect } };
}
