/**
 * INSPECT=1 / `--inspect`: every actor reports to the Stately inspector through
 * a local relay (no auto-open). Open the printed http://localhost:<port> page in
 * a browser: it embeds the Stately inspector and feeds it the actors' events. Context and events are sanitised: no tokens exist
 * in machine context, and free text is cut short.
 */
import type { Logger } from 'pino';
import type { InspectionEvent, Observer } from 'xstate';

export interface Inspection {
  inspect: Observer<InspectionEvent>;
  url: string;
  stop(): void;
}

export async function createInspection(logger: Logger, port = Number(process.env.INSPECT_PORT ?? 8090)): Promise<Inspection> {
  const { createInspectorServer } = await import('@statelyai/inspect/server');
  const { createWebSocketInspector } = await import('@statelyai/inspect');
  const server = createInspectorServer({ port, autoOpen: false });
  const url = `ws://localhost:${port}`;
  const inspector = createWebSocketInspector({ url, sanitizeEvent: trimStrings, sanitizeContext: trimStrings });
  const page = `http://localhost:${port}`;
  logger.info({ page }, 'Stately inspector: open this page in a browser');
  process.stdout.write(`Stately inspector: open ${page} in a browser\n`);
  return {
    inspect: inspector.inspect,
    url,
    stop() {
      inspector.stop();
      server.stop();
    },
  };
}

function trimStrings<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === 'string' && item.length > 200 ? `${item.slice(0, 200)}…` : item)));
}
