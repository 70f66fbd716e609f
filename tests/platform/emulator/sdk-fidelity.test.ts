/**
 * Fidelity: the public Webex JS SDK (webex@2, in its own process) runs against the emulator,
 * to show that a real client works against it: discovery, device registration, the Mercury socket, message
 * and card-action events, and the REST calls the SDK makes to hydrate them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/platform/emulator/index.js';
import type { Emulator } from '../../../src/platform/emulator/api.js';
import { until } from '../../support/wait.js';

interface Line {
  step: string;
  [key: string]: unknown;
}

describe('the public Webex JS SDK against the emulator', () => {
  let emu: Emulator;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    child?.kill('SIGKILL');
    await emu.stop();
  });

  it('registers, listens, receives a mention and a card submission, and posts a card', async () => {
    emu = await startEmulator();
    const bot = emu.createBot({ displayName: 'SDK Bot', email: 'sdk-bot@webex.bot' });
    const ada = emu.createPerson({ displayName: 'Ada Ops', email: 'ada@example.com' });
    const room = emu.createRoom({ title: 'Lab', memberIds: [bot.id, ada.id] });
    const lines: Line[] = [];
    let stderr = '';
    child = spawn(process.execPath, [join(import.meta.dirname, 'sdk-client.mjs')], {
      env: { PATH: process.env.PATH ?? '', U2C_SERVICE_URL: emu.discoveryUrl, HYDRA_SERVICE_URL: emu.restUrl, SDK_TOKEN: bot.token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    child.stdout!.on('data', (chunk) => {
      buffered += chunk;
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as Line);
    });
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const seen = (step: string) => lines.find((line) => line.step === step);
    const wait = (step: string) => until(() => seen(step) !== undefined, { timeoutMs: 30_000, what: `SDK step ${step} (stderr: ${stderr.slice(-300)})` });

    await wait('listening');
    expect(seen('me')).toMatchObject({ displayName: 'SDK Bot', type: 'bot', emails: ['sdk-bot@webex.bot'] });
    expect(emu.devices(bot.id)).toHaveLength(1);
    expect(emu.connectedSockets(bot.id)).toBeGreaterThanOrEqual(1);

    emu.say({ personId: ada.id, roomId: room.id, text: 'SDK Bot status please', mentions: [bot.id] });
    await wait('posted');
    expect(seen('message')).toMatchObject({ roomType: 'group', personEmail: 'ada@example.com', roomId: room.id });
    expect(String(seen('message')!.text)).toContain('status please');
    const card = emu.messages({ roomId: room.id }).find((message) => message.personId === bot.id && message.attachments);
    expect(card?.id).toBe(seen('posted')!.id);

    emu.submitCard({ personId: ada.id, messageId: card!.id, action: 'Go', inputs: { note: 'from Ada' } });
    await wait('action');
    expect(seen('action')).toMatchObject({ inputs: { note: 'from Ada', action: 'go' }, messageId: card!.id, personId: ada.id });
    // The only background failures allowed are the SDK's key-service pre-fetches (the emulator has no KMS).
    const background = lines.filter((line) => line.step === 'sdk-background-error').map((line) => String(line.message));
    expect(background.filter((message) => !/'encryption' is not a known service/.test(message))).toEqual([]);
  }, 60_000);
});
