/**
 * The ordered runner (run/many.ts): tasks finishing out of order print in order, the waiting output
 * stays within the budget passed in, a run ended early drops what waits, and the exit policy is the
 * one `scout help exit-codes` and docs/cli-contract.md state.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/commands/help/topics.js';
import { EXIT_SEVERITY, inOrder, type Waiting, WaitingOutput, worse } from '../../src/run/many.js';

/** A promise and its resolver. */
function later(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('exit policy', () => {
  it('the worst code wins, in the order help and the contract state', () => {
    const order = EXIT_SEVERITY.join(', ');
    expect(EXIT_CODES.replace(/\s+/g, ' ')).toContain(`from least to most severe: ${order}.`);
    expect(readFileSync('docs/cli-contract.md', 'utf8').replace(/\s+/g, ' ')).toContain(`from least to most severe: ${order}.`);
    expect([4, 5].reduce(worse, 0)).toBe(5);
    expect([5, 1, 3].reduce(worse, 0)).toBe(1);
    expect([3, 3].reduce(worse, 0)).toBe(3);
    expect(worse(2, 130)).toBe(130);
    // A code the table does not know counts as a failure of unknown cause.
    expect(worse(0, 42)).toBe(42);
    expect(worse(42, 5)).toBe(42);
  });
});

describe('inOrder', () => {
  it('prints in task order whatever order the tasks finish in', async () => {
    const gates = [later(), later(), later()];
    const printed: string[] = [];
    const run = inOrder({
      tasks: ['a', 'b', 'c'],
      concurrency: 3,
      budget: new WaitingOutput(1 << 20),
      work: async (t: string, out: Waiting<string>, i) => {
        await gates[i]!.promise;
        await out.push(`${t}1`, 2);
        await out.push(`${t}2`, 2);
      },
    });
    gates[2]!.resolve();
    gates[1]!.resolve();
    setTimeout(() => gates[0]!.resolve(), 5);
    for await (const { out } of run) for await (const p of out.drain()) printed.push(p);
    expect(printed).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);
  });

  it('holds no more than the budget while the head is stuck, and a failure stays with its task', async () => {
    const head = later();
    let pushedByB = 0;
    const run = inOrder({
      tasks: ['a', 'b'],
      concurrency: 2,
      budget: new WaitingOutput(10),
      work: async (t: string, out: Waiting<string>) => {
        if (t === 'a') {
          await head.promise;
          throw new Error('a failed');
        }
        for (let n = 0; n < 20; n++) {
          await out.push(`b${n}`, 4);
          pushedByB++;
        }
      },
    });
    const first = await run.next();
    // b may hold its first part, then as many as fit in 10 bytes: three parts of 4 at most.
    await new Promise((r) => setTimeout(r, 20));
    expect(pushedByB).toBeLessThanOrEqual(3);
    head.resolve();
    const a = first.value!;
    for await (const _ of a.out.drain()) void _;
    expect((a.out.error as Error).message).toBe('a failed');
    const b = (await run.next()).value!;
    const parts: string[] = [];
    for await (const p of b.out.drain()) parts.push(p);
    expect(parts).toHaveLength(20);
    expect(b.out.error).toBeUndefined();
    expect((await run.next()).done).toBe(true);
  });

  it('ended early, drops what waits and lets the tasks still running end', async () => {
    let ended = 0;
    const run = inOrder({
      tasks: [1, 2, 3],
      concurrency: 3,
      budget: new WaitingOutput(8),
      work: async (_t: number, out: Waiting<number>) => {
        for (let n = 0; n < 50; n++) await out.push(n, 4);
        ended++;
      },
    });
    for await (const { out } of run) {
      for await (const p of out.drain()) if (p === 3) break;
      break;
    }
    expect(ended).toBe(3);
  });
});
