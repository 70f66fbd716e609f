/**
 * Takes docs/sandbox.png for the README: the sandbox page mid-flow, with the bot's menu card and
 * status card on screen. Runs the whole sandbox in-process on a free port with a throw-away data
 * folder, drives it in headless Chromium, then stops everything.
 *   npx tsx scripts/screenshot.ts [output.png]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { startSandbox } from '../src/sandbox/sandbox.js';
import { launchChromium } from '../tests/support/chromium.js';

const output = resolve(process.argv[2] ?? 'docs/sandbox.png');
const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-screenshot-'));
const sandbox = await startSandbox({ port: 0, dataDir, logLevel: 'silent' });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1360, height: 1060 }, deviceScaleFactor: 1 });
  await page.goto(sandbox.url);
  await page.locator('#connection[data-state="connected"]').waitFor();
  await page.locator('.person', { hasText: 'Ada Ops' }).click();
  await page.locator('.room', { hasText: 'Lab Team' }).click();

  await page.locator('#composer-text').fill('testbed');
  await page.locator('#composer-text').press('Enter');
  const menu = page.locator('.message.from-bot .card-host', { hasText: 'What would you like to do?' }).last();
  await menu.getByRole('button', { name: 'Status' }).click();
  await page.locator('.message.from-bot .card-host', { hasText: 'Testbed status' }).last().waitFor();
  await page.locator('#composer-text').fill('register');
  // Let layout settle, then show the conversation from its start (the menu card, then the status card).
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    document.getElementById('messages')!.scrollTop = 0;
  });
  mkdirSync(dirname(output), { recursive: true });
  await page.screenshot({ path: output });
  process.stdout.write(`Saved ${output}\n`);
} finally {
  await browser.close();
  await sandbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
