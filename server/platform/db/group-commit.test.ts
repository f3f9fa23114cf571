import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A write that records its batches and answers each input doubled after a turn of the event loop. */
function recorder(fail?: (input: number) => boolean) {
  const batches: number[][] = [];
  const write = async (inputs: readonly number[]) => {
    batches.push([...inputs]);
    await new Promise((resolve) => setImmediate(resolve));
    if (fail && inputs.some(fail)) throw new Error(`refused ${inputs.filter(fail).join(',')}`);
    return inputs.map((n) => n * 2);
  };
  return { batches, write };
}

describe('GroupCommit', () => {
  it('writes a lone input at once, on its own', async () => {
    const { batches, write } = recorder();
    const group = new GroupCommit(write);
    expect(await group.submit(1)).toBe(2);
    expect(batches).toEqual([[1]]);
  });

  it('inputs of one turn of the event loop go together, each caller getting its own result', async () => {
    const { batches, write } = recorder();
    const group = new GroupCommit(write);
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => group.submit(n)));
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('inputs that arrive while a batch is being written go together in the next one', async () => {
    const { batches, write } = recorder();
    const group = new GroupCommit(write);
    const first = group.submit(1);
    await new Promise((resolve) => setImmediate(resolve)); // the first batch is being written
    const later = [2, 3, 4].map((n) => group.submit(n));
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('caps a batch at maxBatch', async () => {
    const { batches, write } = recorder();
    const group = new GroupCommit(write, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => group.submit(n)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('a failing batch is retried input by input: only the bad input fails', async () => {
    const { batches, write } = recorder((n) => n === 3);
    const group = new GroupCommit(write);
    const settled = await Promise.allSettled([1, 2, 3, 4].map((n) => group.submit(n)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(settled[3]).toMatchObject({ value: 8 });
    expect(settled[0]).toMatchObject({ value: 2 });
    expect(batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('keeps going after a failure: the next submit is written', async () => {
    const { write } = recorder((n) => n < 0);
    const group = new GroupCommit(write);
    await expect(group.submit(-1)).rejects.toThrow('refused -1');
    expect(await group.submit(7)).toBe(14);
  });
});
