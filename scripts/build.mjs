// Compiles src/ to dist/ with tsc (tsconfig.build.json) and copies every non-TypeScript file of src/
// (the sandbox page) beside the compiled code, so dist/ runs on its own with runtime dependencies only.
//
//   node scripts/build.mjs             always build (npm run build)
//   node scripts/build.mjs --if-stale  build only when the sources changed since the last build (npm start,
//                                      the test run); without TypeScript installed, an up-to-date dist/ is kept
//   node scripts/build.mjs --prepare   as --if-stale, run by `npm ci`; a production install (--omit=dev, no
//                                      TypeScript) keeps whatever dist/ there is and never fails
//
// "Changed" means a different fingerprint: a hash of every file under src/ plus the files that shape the build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');
const FINGERPRINT_FILE = join(DIST, '.build-fingerprint');
const BUILD_INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'scripts/build.mjs'];

const mode = process.argv.includes('--prepare') ? 'prepare' : process.argv.includes('--if-stale') ? 'if-stale' : 'always';

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

function fingerprint() {
  const hash = createHash('sha256');
  const inputs = [...filesUnder(SRC), ...BUILD_INPUTS.map((name) => join(ROOT, name)).filter((path) => existsSync(path))];
  for (const path of inputs) {
    hash.update(relative(ROOT, path).split(sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function findTsc() {
  try {
    return createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return undefined;
  }
}

function build(tsc, wanted) {
  rmSync(DIST, { recursive: true, force: true });
  try {
    execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    process.stderr.write('The build failed: TypeScript reported the problems above (dist/ is incomplete).\n');
    process.exit(1);
  }
  for (const path of filesUnder(SRC).filter((file) => !file.endsWith('.ts'))) {
    const target = join(DIST, relative(SRC, path));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(path, target);
  }
  // The package's commands (`bin` in package.json, e.g. `npx testbed-bot`) must be executable.
  const bins = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin ?? {};
  for (const file of Object.values(bins)) if (existsSync(join(ROOT, file))) chmodSync(join(ROOT, file), 0o755);
  // Written last: a build that stopped half-way has no fingerprint and is redone next time.
  writeFileSync(FINGERPRINT_FILE, `${wanted}\n`);
}

const wanted = fingerprint();
const built = existsSync(FINGERPRINT_FILE) ? readFileSync(FINGERPRINT_FILE, 'utf8').trim() : undefined;
const tsc = findTsc();

if (mode !== 'always' && built === wanted && existsSync(join(DIST, 'main.js'))) process.exit(0);

if (tsc) {
  if (mode !== 'always') process.stdout.write(`Building dist/ (${built ? 'the sources changed since the last build' : 'no complete build yet'})…\n`);
  build(tsc, wanted);
} else if (mode === 'always') {
  process.stderr.write('Cannot build: TypeScript is not installed. Run `npm ci` (with the dev dependencies) first.\n');
  process.exit(1);
} else if (mode === 'prepare') {
  process.stdout.write(
    existsSync(join(DIST, 'main.js'))
      ? 'TypeScript is not installed (a production install): keeping the existing dist/ build.\n'
      : 'TypeScript is not installed (a production install) and there is no dist/ yet: build on a machine with the\n' +
          'dev dependencies (`npm ci && npm run build`) and copy dist/ here before `npm start`.\n',
  );
} else if (existsSync(join(DIST, 'main.js'))) {
  process.stderr.write(
    'Note: dist/ was built from other sources than the ones here, and TypeScript is not installed to rebuild it\n' +
      '(a production install). Running the existing build; `npm ci && npm run build` brings it up to date.\n',
  );
} else {
  process.stderr.write(
    'There is no build in dist/ and TypeScript is not installed to make one. Run `npm ci` (with the dev\n' +
      'dependencies), or `npm ci && npm run build` on another machine and copy dist/ here.\n',
  );
  process.exit(1);
}
