import { describe, expect, it } from 'vitest';
import { BatchQueue, type Queued } from '../../src/store/batch-queue.js';

function recordingQueue(fail?: (batch: number[]) => boolean) {
  const batches: number[][] = [];
  const queue = new BatchQueue<number>(async (batch: Queued<number>[]) => {
    const items = batch.map((queued) => queued.item);
    await new Promise((resolve) => setImmediate(resolve));
    if (fail?.(items)) throw new Error(`batch ${items.join(',')} failed`);
    batches.push(items);
    for (const queued of batch) queued.resolve();
  });
  return { queue, batches };
}

describe('batch queue', () => {
  it('writes items queued in one tick together, and later ones in the next batch, in order', async () => {
    const { queue, batches } = recordingQueue();
    const first = [queue.push(1), queue.push(2), queue.push(3)];
    await Promise.resolve();
    await Promise.resolve();
    const later = [queue.push(4), queue.push(5)];
    await Promise.all([...first, ...later]);
    expect(batches).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('writes an item queued by a caller the moment its own write resolved', async () => {
    const { queue, batches } = recordingQueue();
    const chained = queue.push(1).then(() => queue.push(2));
    await chained;
    await queue.drain();
    expect(batches).toEqual([[1], [2]]);
  });

  it('rejects every item of a failed batch and carries on with the next', async () => {
    const { queue, batches } = recordingQueue((items) => items.includes(1));
    const failed = queue.push(1);
    await expect(failed).rejects.toThrow('batch 1 failed');
    await queue.push(2);
    expect(batches).toEqual([[2]]);
  });
});
