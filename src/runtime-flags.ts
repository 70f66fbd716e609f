/**
 * V8 settings the bot process gives itself at start-up; imported first by the entry points, before
 * anything compiles WebAssembly. (Heap sizes cannot be changed once the process runs: those are in
 * deploy/runtime.env.)
 *
 * The HTTP client parses responses with a WebAssembly build of llhttp. V8 compiles it quickly with
 * its baseline compiler (Liftoff) and, once it is busy, again with its optimizing one, which takes
 * about 30 MiB of scratch memory at once: the largest step in the process's resident memory after
 * start-up. The baseline code parses the platform's short responses fast enough, so it is kept.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--liftoff-only');

const MiB = 1024 * 1024;

/**
 * The heap after start-up, for the log. The live heap is then mostly the lab itself (its records,
 * wait-lists and one actor per testbed). With the old generation capped (deploy/runtime.env), a lab
 * that already takes half the limit leaves too little room to work in, and one that outgrows it
 * stops the process: `tight` says so early, and the message names the setting to raise.
 */
export function heapAfterStart(heap: { used_heap_size: number; heap_size_limit: number }): { tight: boolean; message: string; heapMiB: number; limitMiB: number } {
  const heapMiB = Math.round(heap.used_heap_size / MiB);
  const limitMiB = Math.round(heap.heap_size_limit / MiB);
  const tight = heap.used_heap_size > heap.heap_size_limit / 2;
  const message = tight
    ? `after start-up the heap takes ${heapMiB} of its ${limitMiB} MiB limit: raise --max-old-space-size in NODE_OPTIONS (deploy/runtime.env) before the lab grows further`
    : 'heap after start-up';
  return { tight, message, heapMiB, limitMiB };
}
