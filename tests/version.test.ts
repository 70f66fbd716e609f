import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BOT_VERSION, readPackageVersion } from '../src/version.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('BOT_VERSION', () => {
  it('is the version in package.json', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(BOT_VERSION).toBe(manifest.version);
  });

  it('is found from a compiled tree: walks up past a package.json of another name', () => {
    dir = mkdtempSync(join(tmpdir(), 'version-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'testbed-monitor-bot', version: '9.8.7' }));
    mkdirSync(join(dir, 'dist', 'src', 'app'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'package.json'), JSON.stringify({ type: 'module' }));
    expect(readPackageVersion(join(dir, 'dist', 'src', 'app'))).toBe('9.8.7');
    expect(readPackageVersion(join(dir, 'dist'))).toBe('9.8.7');
  });

  it('says plainly when there is no such package.json', () => {
    dir = mkdtempSync(join(tmpdir(), 'version-'));
    expect(() => readPackageVersion(dir!, 'no-such-package-name')).toThrow(/No package.json named "no-such-package-name"/);
  });
});
