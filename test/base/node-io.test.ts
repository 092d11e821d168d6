import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ClosedPipeError, OutputError, colorWanted, streamWriter } from '../../src/base/node-io.js';

/** A stream whose reader has gone away: every write fails with EPIPE, as stdout does after `| head`. */
function closedPipe(): Writable {
  return new Writable({
    write(_chunk, _enc, cb) {
      cb(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    },
  });
}

describe('streamWriter', () => {
  it('turns EPIPE into ClosedPipeError for callers that await', async () => {
    const w = streamWriter(closedPipe());
    await expect(w.write('a\n')).rejects.toBeInstanceOf(ClosedPipeError);
    await expect(w.write('b\n')).rejects.toBeInstanceOf(ClosedPipeError);
  });

  it('a fire-and-forget write to a closed pipe is no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const w = streamWriter(closedPipe());
      await w.write('first\n').catch(() => undefined);
      void w.write('log line\n');
      // Node reports unhandled rejections once the microtasks drain, before the next turn of the loop.
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

/** A full disk: every write fails with ENOSPC, the way fs reports it. */
function fullDisk(): Writable {
  return new Writable({
    write(_chunk, _enc, cb) {
      cb(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    },
  });
}

describe('streamWriter on a failing stream', () => {
  it('turns ENOSPC into one OutputError line, for this write and every later one', async () => {
    const w = streamWriter(fullDisk());
    const first = await w.write('a\n').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(OutputError);
    expect((first as Error).message).toBe('cannot write output: no space left on device (ENOSPC)');
    // The failed stream is destroyed now: later writes are the same failure, not a quiet closed pipe.
    await expect(w.write('b\n')).rejects.toBe(first);
    await expect(w.write('')).rejects.toBe(first);
  });

  it('an error event is never thrown out of its listener', async () => {
    const stream = fullDisk();
    const w = streamWriter(stream);
    void w.write('fire and forget\n');
    await new Promise((r) => setImmediate(r));
    expect(() => stream.emit('error', Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' }))).not.toThrow();
    await expect(w.write('x')).rejects.toBeInstanceOf(OutputError);
  });
});

describe('colorWanted', () => {
  it('FORCE_COLOR wins, then NO_COLOR, then TERM=dumb, then the terminal', () => {
    expect(colorWanted({}, true)).toBe(true);
    expect(colorWanted({}, false)).toBe(false);
    expect(colorWanted({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorWanted({ NO_COLOR: '' }, true)).toBe(true);
    expect(colorWanted({ TERM: 'dumb' }, true)).toBe(false);
    expect(colorWanted({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '0' }, true)).toBe(false);
  });
});
