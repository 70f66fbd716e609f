// A tiny bot written with the public Webex JS SDK (webex@2), used by sdk-fidelity.test.ts to prove
// that the emulator is faithful enough for real clients (docs/platform.md). It prints one JSON
// line per thing it observed. Run only by that test, with U2C_SERVICE_URL, HYDRA_SERVICE_URL and
// SDK_TOKEN pointing at a running emulator.
const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

// The SDK's calendar plugin pre-fetches a KMS key and sends client metrics on start-up without
// handling failures; the emulator has no key or metrics service, so those promises reject.
process.on('unhandledRejection', (error) => print({ step: 'sdk-background-error', message: String(error?.message ?? error).slice(0, 120) }));

const { default: Webex } = await import('webex');
const webex = Webex.init({ credentials: { access_token: process.env.SDK_TOKEN }, config: { logger: { level: 'error' } } });

const me = await webex.people.get('me');
print({ step: 'me', displayName: me.displayName, type: me.type, emails: me.emails });

webex.messages.on('created', async (event) => {
  if (event.data.personId === me.id) return;
  const message = await webex.messages.get(event.data.id);
  print({ step: 'message', text: message.text, roomType: message.roomType, personEmail: message.personEmail, roomId: message.roomId });
  const card = {
    type: 'AdaptiveCard',
    version: '1.3',
    body: [{ type: 'TextBlock', text: 'Pick one' }, { type: 'Input.Text', id: 'note', value: 'default note' }],
    actions: [{ type: 'Action.Submit', title: 'Go', data: { action: 'go' } }],
  };
  const posted = await webex.messages.create({
    roomId: message.roomId,
    text: 'Pick one',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }],
  });
  print({ step: 'posted', id: posted.id });
});

webex.attachmentActions.on('created', async (event) => {
  const action = await webex.attachmentActions.get(event.data.id);
  print({ step: 'action', inputs: action.inputs, messageId: action.messageId, personId: action.personId });
});

await webex.messages.listen();
await webex.attachmentActions.listen();
print({ step: 'listening' });

process.on('SIGTERM', async () => {
  await webex.messages.stopListening().catch(() => undefined);
  await webex.attachmentActions.stopListening().catch(() => undefined);
  process.exit(0);
});
