/**
 * Command-line flags for the repo's small commands (`provision`, `sandbox`, `chaos`): Node's
 * `util.parseArgs` in strict mode, with its refusals turned into one short sentence that names
 * the argument ("Unknown argument "--colour".", "--name needs a value.").
 */
import { parseArgs } from 'node:util';

type FlagOptions = Record<string, { type: 'string' | 'boolean' }>;
export type FlagValues<O extends FlagOptions> = ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: false }>>['values'];

export function readFlags<const O extends FlagOptions>(
  argv: string[],
  options: O,
): { ok: true; values: FlagValues<O> } | { ok: false; problem: string } {
  try {
    return { ok: true, values: parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values };
  } catch (error) {
    return { ok: false, problem: describeRefusal(error, options) };
  }
}

/** As `readFlags`, with positional arguments allowed (everything after `--` is one of them too). */
export function readFlagsAndPositionals<const O extends FlagOptions>(
  argv: string[],
  options: O,
): { ok: true; values: FlagValues<O>; positionals: string[] } | { ok: false; problem: string } {
  try {
    const parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
    return { ok: true, values: parsed.values as FlagValues<O>, positionals: parsed.positionals };
  } catch (error) {
    return { ok: false, problem: describeRefusal(error, options) };
  }
}

function describeRefusal(error: unknown, options: FlagOptions): string {
  const code = (error as { code?: unknown }).code;
  // Node quotes the argument it refused: 'red', '--colour', '--name <value>'.
  const quoted = error instanceof Error ? /'([^']+)'/.exec(error.message)?.[1]?.split(' ')[0] : undefined;
  if (quoted === undefined) throw error;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `Unknown argument "${quoted}".`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return options[quoted.replace(/^-+/, '')]?.type === 'boolean' ? `${quoted} takes no value.` : `${quoted} needs a value.`;
  }
  throw error;
}
