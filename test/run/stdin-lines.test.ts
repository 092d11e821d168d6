/**
 * Issue 20, item 8: the stdin reader of batches (`-`) is linear and bounded. Each chunk is scanned
 * once for line breaks, so a line split over many chunks is not re-split from its start at every
 * chunk (a 64 MiB line took 39 s, 256 MiB over 3 minutes and 1.1 GB), and a line longer than
 * BATCH_LINE_MAX is a usage error naming it as soon as it is that long: the reader stops there
 * instead of holding a line that never ends.
 */
import { describe, expect, it } from 'vitest';
import { BATCH_LINE_MAX, readBatchLines } from '../../src/run/batch.js';
import { UsageError } from '../../src/base/errors.js';
import { memoryIo } from '../../src/base/io.js';

/** An Io whose stdin yields `chunks`, counting how many were taken. */
function stdinOf(chunks: Iterable<string | Uint8Array>) {
  const seen = { taken: 0 };
  const io = {
    ...memoryIo(),
    stdin: async function* () {
      for (const c of chunks) {
        seen.taken++;
        yield c;
      }
    },
  };
  return { io, seen };
}

/** `n` chunks of `size` characters of 'a' with no line break, then "\nok\n"; never more than `n` taken. */
function* endless(n: number, size: number): Generator<string> {
  for (let i = 0; i < n; i++) yield 'a'.repeat(size);
  yield '\nok\n';
}

describe('batch stdin lines', () => {
  it('a line over the limit is a usage error naming it, raised before the rest of it is read', async () => {
    const { io, seen } = stdinOf((function* () {
      yield '0x1\n# comment\n';
      yield* endless(2000, 1024);
    })());
    const err = await readBatchLines(io).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(`line 3: longer than ${BATCH_LINE_MAX} characters; no value is that long`);
    // Stopped within a few chunks past the limit, not at the end of the 2 MiB line.
    expect(seen.taken).toBeLessThanOrEqual(Math.ceil(BATCH_LINE_MAX / 1024) + 2);
  });

  it('a line at the limit is read, CRLF and split over one-character chunks', async () => {
    const long = 'b'.repeat(BATCH_LINE_MAX);
    const text = `\ufeff x1 \r\n${long}\r\n\nlast`;
    const { io } = stdinOf(text.split(''));
    expect(await readBatchLines(io)).toEqual([
      { line: 1, text: 'x1' },
      { line: 2, text: long },
      { line: 4, text: 'last' },
    ]);
  });

  it('an over-long last line with no break is refused too', async () => {
    const { io } = stdinOf(['ok\n', 'c'.repeat(BATCH_LINE_MAX + 1)]);
    await expect(readBatchLines(io)).rejects.toThrow(/^line 2: longer than/);
  });

  it('bytes split inside a character and a line split over chunks are joined once', async () => {
    const bytes = new TextEncoder().encode('é1\nzz\n');
    const { io } = stdinOf([bytes.subarray(0, 1), bytes.subarray(1, 4), bytes.subarray(4)]);
    expect(await readBatchLines(io)).toEqual([
      { line: 1, text: 'é1' },
      { line: 2, text: 'zz' },
    ]);
  });

  it('many lines in one big chunk are each taken once', async () => {
    const n = 200_000;
    const { io } = stdinOf([Array.from({ length: n }, (_, i) => `v${i}`).join('\n')]);
    const lines = await readBatchLines(io);
    expect(lines).toHaveLength(n);
    expect(lines[n - 1]).toEqual({ line: n, text: `v${n - 1}` });
  });
});
