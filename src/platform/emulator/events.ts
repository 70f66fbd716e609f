/**
 * Live notifications and the socket frame log. Listener errors are contained:
 * a failing subscriber never breaks the emulator.
 *
 * The log keeps each frame as the JSON text that went over the wire (or came in) and parses it
 * when asked: recording costs nothing beyond the send, and every reader gets its own copy.
 */
import type { EmulatorEvent, SocketFrameRecord } from './api.js';

/** A frame as logged: its JSON text instead of the parsed object. */
export interface LoggedFrame extends Omit<SocketFrameRecord, 'frame'> {
  text: string;
}

/** Oldest frames are dropped beyond this many (a few thousand more at most), so long sandbox sessions stay bounded. */
const MAX_FRAMES = 50_000;
const TRIM_CHUNK = 5_000;

export class EventBus {
  private readonly listeners = new Set<(event: EmulatorEvent) => void>();
  private readonly frameLog: LoggedFrame[] = [];

  constructor(private readonly recording = true) {}

  /** Builds the event only when someone listens (events carry copies, which cost time to make). */
  announce(build: () => EmulatorEvent): void {
    if (this.listeners.size > 0) this.emit(build());
  }

  emit(event: EmulatorEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // a subscriber's problem is not the emulator's
      }
    }
  }

  subscribe(listener: (event: EmulatorEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  record(frame: LoggedFrame): void {
    if (!this.recording) return;
    this.frameLog.push(frame);
    // Trimmed in chunks: dropping one frame per new one would move the whole log on every frame.
    if (this.frameLog.length > MAX_FRAMES + TRIM_CHUNK) this.frameLog.splice(0, this.frameLog.length - MAX_FRAMES);
  }

  frames(): SocketFrameRecord[] {
    if (!this.recording) throw new Error('frames(): this emulator keeps no frame log (it was started with recordFrames: false)');
    return this.frameLog.map((f) => ({ registrationId: f.registrationId, direction: f.direction, frame: JSON.parse(f.text) as SocketFrameRecord['frame'], at: f.at }));
  }

  clear(): void {
    this.listeners.clear();
  }
}
