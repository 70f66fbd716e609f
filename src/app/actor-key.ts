/**
 * Actor keys as typed values. Code passes these around and reads their fields;
 * `keyOf` gives the string form, which is the actor's systemId, the `key` of its
 * log lines and the name of its reply queue:
 *
 *   testbed:<id>                       one per testbed record
 *   conversation:<roomId>:<personId>   one per person and room
 *   broadcast:<roomId>:<personId>      one per person and room
 *   admin:<roomId>:<personId>          one per person and room
 *
 * The room and person ids are REST ids exactly as the platform event carried them.
 * Nothing parses the string form back: whoever needs the room reads `key.roomId`.
 */

/** The short-lived flows the router starts, one actor per person and room. */
export type Flow = 'conversation' | 'broadcast' | 'admin';

export interface FlowKey {
  kind: Flow;
  roomId: string;
  personId: string;
}

export interface TestbedKey {
  kind: 'testbed';
  testbedId: number;
}

export type ActorKey = FlowKey | TestbedKey;

export function flowKey(kind: Flow, roomId: string, personId: string): FlowKey {
  return { kind, roomId, personId };
}

export function testbedKey(testbedId: number): TestbedKey {
  return { kind: 'testbed', testbedId };
}

/** The string form: systemId, log binding and queue name. */
export function keyOf(key: ActorKey): string {
  return key.kind === 'testbed' ? `testbed:${key.testbedId}` : `${key.kind}:${key.roomId}:${key.personId}`;
}
