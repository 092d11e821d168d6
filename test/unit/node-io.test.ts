import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ClosedPipeError, colorWanted, streamWriter } from '../../src/node-io.js';

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
