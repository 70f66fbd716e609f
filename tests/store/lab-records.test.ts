import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry, Maintenance, TestbedRecord } from '../../src/domain.js';
import { openStore, StoreError, type Store } from '../../src/store/index.js';
import { testbedsDocumentProblems } from '../../src/store/schema.js';
import { available, inUse, tempDir } from './records.js';

const ADA = { email: 'ada@example.com', name: 'Ada Ops' };
const AT = '2026-03-02T10:00:00.000Z';
const MAINTENANCE: Maintenance = { reason: 'new power supply', until: '2026-03-03T12:00:00.000Z', since: AT, by: ADA };

describe('labels, description, maintenance and retired testbeds in testbeds.json', () => {
  let dir: string;
  let testbedPath: string;
  const opened: Store[] = [];
  beforeEach(() => {
    dir = tempDir();
    testbedPath = join(dir, 'testbeds.json');
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  async function open(document: object): Promise<Store> {
    writeFileSync(testbedPath, JSON.stringify(document));
    const store = await openStore({ testbedPath, broadcastPath: join(dir, 'rooms.json') });
    opened.push(store);
    return store;
  }
  const onDisk = () => JSON.parse(readFileSync(testbedPath, 'utf8')) as { testbeds: TestbedRecord[]; retired?: unknown[] };
  const history = () => readFileSync(join(dir, 'history.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as HistoryEntry);

  it('loads and keeps the optional fields through reads, saves and the file', async () => {
    const lab = { ...available(1, 'lab-1'), labels: ['5G', 'ran'], description: 'Rack 4, top shelf', maintenance: MAINTENANCE };
    const store = await open({ testbeds: [lab, inUse(2, 'lab-2')], retired: [{ id: 7, testbed_name: 'old', retired_at: AT }] });
    expect(store.testbeds.get(1)).toEqual(lab);
    expect(store.testbeds.retired()).toEqual([{ id: 7, testbed_name: 'old', retired_at: AT }]);
    await store.testbeds.save({ ...lab, maintenance: null });
    expect(onDisk().testbeds[0]).toEqual({ ...available(1, 'lab-1'), labels: ['5G', 'ran'], description: 'Rack 4, top shelf' });
    expect(onDisk().testbeds[1]).toEqual(inUse(2, 'lab-2'));
    expect(Object.keys(onDisk().testbeds[1])).toHaveLength(8);
  });

  it.each([
    [{ ...available(1), labels: ['5g', 'with space'] }, 'testbeds[0].labels: label "with space" must be 1 to 32 letters'],
    [{ ...available(1), labels: ['5g', '5G'] }, 'label "5G" is listed twice'],
    [{ ...available(1), labels: Array.from({ length: 11 }, (_, i) => `l${i}`) }, 'at most 10 labels are allowed (found 11)'],
    [{ ...available(1), labels: ['x'.repeat(33)] }, 'must be 1 to 32 letters'],
    [{ ...available(1), description: 'd'.repeat(201) }, 'testbeds[0].description must be at most 200 characters'],
    [{ ...inUse(1), maintenance: MAINTENANCE }, 'testbeds[0].maintenance must be null or absent when status is in_use'],
    [{ ...available(1), maintenance: { ...MAINTENANCE, reason: ' ' } }, 'testbeds[0].maintenance.reason must not be empty'],
    [{ ...available(1), maintenance: { ...MAINTENANCE, since: 'yesterday' } }, 'testbeds[0].maintenance.since must be an ISO 8601 UTC timestamp'],
  ])('names the problem of an invalid record: %o', (record, message) => {
    expect(testbedsDocumentProblems({ testbeds: [record] }).join('\n')).toContain(message);
  });

  it('refuses a retired id that is still used, or listed twice', () => {
    const problems = testbedsDocumentProblems({
      testbeds: [available(1)],
      retired: [{ id: 1, testbed_name: 'a', retired_at: AT }, { id: 3, testbed_name: 'b', retired_at: AT }, { id: 3, testbed_name: 'c', retired_at: AT }],
    });
    expect(problems).toEqual(['retired[0].id 1 is still used by a testbed; a retired id is never used again', 'retired[2].id 3 is listed twice']);
  });

  it('add gives the next id after every live and retired id, writes the record, then its history line', async () => {
    const store = await open({ testbeds: [available(2, 'lab-2')], retired: [{ id: 5, testbed_name: 'gone', retired_at: AT }] });
    const added = await store.testbeds.add(
      { testbed_name: 'lab-6', labels: ['5g'], description: 'new rack' },
      { history: (record) => [{ at: AT, event: 'added', testbed_id: record.id, testbed_name: record.testbed_name, by: ADA, labels: record.labels ?? [], description: record.description ?? null }] },
    );
    expect(added).toEqual({ ...available(6, 'lab-6'), labels: ['5g'], description: 'new rack' });
    expect(onDisk().testbeds.map((r) => r.id)).toEqual([2, 6]);
    expect(history()).toEqual([{ at: AT, event: 'added', testbed_id: 6, testbed_name: 'lab-6', by: ADA, labels: ['5g'], description: 'new rack' }]);
  });

  it('add refuses a name in use (ignoring case) and writes nothing', async () => {
    const store = await open({ testbeds: [available(1, 'Lab-1')] });
    const error = await store.testbeds.add({ testbed_name: ' lab-1 ' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'STORE_NAME_TAKEN' });
    expect(onDisk().testbeds).toHaveLength(1);
  });

  it('retire moves a free testbed to the retired list; an in-use one is refused; its id is never reused', async () => {
    const store = await open({ testbeds: [available(1, 'lab-1'), inUse(2, 'lab-2'), available(3, 'lab-3')] });
    const line: HistoryEntry = { at: AT, event: 'retired', testbed_id: 3, testbed_name: 'lab-3', by: ADA };
    expect(await store.testbeds.retire(3, { at: AT, history: [line] })).toEqual({ id: 3, testbed_name: 'lab-3', retired_at: AT });
    expect(onDisk()).toEqual({ testbeds: [available(1, 'lab-1'), inUse(2, 'lab-2')], retired: [{ id: 3, testbed_name: 'lab-3', retired_at: AT }] });
    expect(history()).toEqual([line]);
    await expect(store.testbeds.retire(2, { at: AT })).rejects.toMatchObject({ code: 'STORE_RECORD_INVALID', message: expect.stringContaining('in use') });
    await expect(store.testbeds.retire(9, { at: AT })).rejects.toMatchObject({ code: 'STORE_NOT_FOUND' });
    await expect(store.testbeds.save(available(3, 'again'))).rejects.toMatchObject({ message: expect.stringContaining('belongs to a retired testbed') });
    expect((await store.testbeds.add({ testbed_name: 'lab-new' })).id).toBe(4);
  });
});
