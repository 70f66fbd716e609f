// Preloaded into the bot process by `npm run bench` only (node --expose-gc --import bench/heap-probe.mjs):
// on SIGUSR2, a full garbage collection, then the heap in use on stderr as `BENCH_HEAP <bytes>`.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  process.stderr.write(`BENCH_HEAP ${process.memoryUsage().heapUsed}\n`);
});
