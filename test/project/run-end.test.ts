/**
 * How a run ends (src/cli.ts `run`): a write nobody awaited whose stream fails a tick later still
 * fails the run, so the program waits one tick before it reports success; writers that wrote
 * everything synchronously (node-io.ts `descriptorWriter`, a pipe or a file) have nothing left to
 * fail, and the run ends without that wait.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { memoryIo, type Writer } from '../../src/base/io.js';

const ARGV = ['node', 'scout', 'chains', '--json'];

/** Counts the setImmediate calls made while `work` runs. */
let immediates = 0;
const realImmediate = globalThis.setImmediate;
afterEach(() => {
  globalThis.setImmediate = realImmediate;
});
function countImmediates(): void {
  immediates = 0;
  globalThis.setImmediate = ((...a: Parameters<typeof setImmediate>) => {
    immediates++;
    return realImmediate(...a);
  }) as typeof setImmediate;
}

/** A writer whose every write succeeds at once and then fails on the next tick, as a stream's does. */
function failingLater(): Writer {
  let failure: Error | undefined;
  return {
    write: (s: string) => {
      if (failure) return Promise.reject(failure);
      if (s) realImmediate(() => (failure = Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' })));
      return Promise.resolve();
    },
  };
}

describe('the end of a run', () => {
  it('waits a tick for writers that may still fail, and a failure then fails the run', async () => {
    const io = memoryIo();
    const out = failingLater();
    expect(await run(ARGV, { ...io, out })).toBe(1);
    expect(io.stderr()).toContain('i/o error');
  });

  it('does not wait for writers that wrote everything already', async () => {
    const settled = memoryIo();
    countImmediates();
    const code = await run(ARGV, { ...settled, out: { ...settled.out, settled: () => true }, err: { ...settled.err, settled: () => true } });
    const withoutWait = immediates;
    expect(code).toBe(0);
    const unsettled = memoryIo();
    countImmediates();
    expect(await run(ARGV, unsettled)).toBe(0);
    expect(immediates - withoutWait).toBe(1);
    expect(settled.stdout()).toBe(unsettled.stdout());
  });
});
