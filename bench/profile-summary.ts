/**
 * Where a CPU profile's time went, in a few lines:
 *
 *   npx tsx bench/profile-summary.ts bench/profiles/<file>.cpuprofile [--top 30]
 *
 * Self time by area (a package under node_modules, a folder of src/, Node's internals, GC) and
 * the functions with the most self and total time. Idle time is left out of the shares.
 */
import { readFileSync } from 'node:fs';
import { readFlags } from '../src/cli-args.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const USAGE = 'Usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [--top N]';

function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/(?:dist|src)\/(.+)$/.exec(url)?.[1];
  if (own) return own.includes('/') ? `src/${own.slice(0, own.lastIndexOf('/'))}` : `src/${own}`;
  return url;
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^.*\/(dist|src)\//, '$1/') : '';
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

function main(): void {
  const flags = readFlags(process.argv.slice(2).filter((arg) => !arg.endsWith('.cpuprofile')), { top: { type: 'string' } });
  const file = process.argv.slice(2).find((arg) => arg.endsWith('.cpuprofile'));
  if (!flags.ok || !file) {
    process.stderr.write(`${flags.ok ? 'Name a .cpuprofile file.' : flags.problem}\n${USAGE}\n`);
    process.exit(2);
  }
  const top = Number(flags.values.top ?? 25);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    busy += micros;
    self.set(label(node), (self.get(label(node)) ?? 0) + micros);
    const where = area(node.callFrame.url, node.callFrame.functionName);
    areas.set(where, (areas.get(where) ?? 0) + micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (!frame) break;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + micros);
    }
  });

  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%`;
  const list = (title: string, values: Map<string, number>, count: number) => {
    process.stdout.write(`\n${title}\n`);
    for (const [key, micros] of [...values].sort((a, b) => b[1] - a[1]).slice(0, count)) process.stdout.write(`${share(micros)}  ${key}\n`);
  };
  process.stdout.write(`busy ${(busy / 1000).toFixed(0)} ms of ${(profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000).toFixed(0)} ms\n`);
  list('Self time by area', areas, top);
  list('Self time by function', self, top);
  list('Total time by function (callees included)', total, top);
}

main();
