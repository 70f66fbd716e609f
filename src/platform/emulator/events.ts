/**
 * Live notifications and the socket frame log. Listener errors are contained:
 * a failing subscriber never breaks the emulator.
 */
import type { EmulatorEvent, SocketFrameRecord } from './api.js';

/** Oldest frames are dropped beyond this many (a few thousand more at most), so long sandbox sessions stay bounded. */
const MAX_FRAMES = 50_000;
const TRIM_CHUNK = 5_000;

export class EventBus {
  private readonly listeners = new Set<(event: EmulatorEvent) => void>();
  private readonly frameLog: SocketFrameRecord[] = [];

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

  record(frame: SocketFrameRecord): void {
    this.frameLog.push(frame);
    // Trimmed in chunks: dropping one frame per new one would move the whole log on every frame.
    if (this.frameLog.length > MAX_FRAMES + TRIM_CHUNK) this.frameLog.splice(0, this.frameLog.length - MAX_FRAMES);
  }

  frames(): SocketFrameRecord[] {
    return this.frameLog.map((f) => ({ ...f, frame: structuredClone(f.frame) }));
  }

  clear(): void {
    this.listeners.clear();
  }
}
