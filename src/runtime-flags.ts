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
