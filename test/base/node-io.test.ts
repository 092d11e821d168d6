import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ClosedPipeError, OutputError, colorWanted, descriptorWriter, streamWriter } from '../../src/base/node-io.js';

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

/** A stream that keeps what it is given, in order. */
function keeper(): { stream: Writable; text: () => string; made: () => number } {
  let text = '';
  let made = 0;
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      text += chunk.toString();
      cb();
    },
  });
  return { stream, text: () => text, made: () => made++ };
}

/** A temporary file open for writing, and how to read it back. */
function tempFile(): { fd: number; read: () => string } {
  const file = join(mkdtempSync(join(tmpdir(), 'scout-fd-')), 'out');
  const fd = openSync(file, 'w');
  return { fd, read: () => readFileSync(file, 'utf8') };
}

/**
 * A named pipe, its write end non-blocking: `read` open (nobody reads it), or closed (the reader
 * has gone), as stdout is after `| head`.
 */
function fifo(reader: 'open' | 'closed'): { fd: number; end: () => void } {
  const path = join(mkdtempSync(join(tmpdir(), 'scout-fifo-')), 'p');
  execFileSync('mkfifo', [path]);
  const r = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  if (reader === 'closed') closeSync(r);
  return {
    fd,
    end: () => {
      closeSync(fd);
      if (reader === 'open') closeSync(r);
    },
  };
}

describe('descriptorWriter', () => {
  it('writes a file straight to its descriptor, strings and bytes in order, making no stream', async () => {
    const { fd, read } = tempFile();
    const k = keeper();
    const w = descriptorWriter(fd, undefined, () => (k.made(), k.stream));
    await w.write('one\n');
    await w.writeBytes!(new TextEncoder().encode('two\n'));
    await w.write('');
    closeSync(fd);
    expect(read()).toBe('one\ntwo\n');
    expect(k.made()).toBe(0);
    expect(w.waiting()).toBe(false);
    // All written, nothing that can still fail later: the program need not wait a tick for it.
    expect(w.settled!()).toBe(true);
  });

  it('writes a pipe straight only within its budget, shared by stdout and stderr: the rest, and every write after, go to the stream', async () => {
    const out = tempFile();
    const err = tempFile();
    const budget = { bytes: 10 };
    const ko = keeper();
    const ke = keeper();
    const o = descriptorWriter(out.fd, budget, () => ko.stream);
    const e = descriptorWriter(err.fd, budget, () => ke.stream);
    await e.write('abcd');
    await o.write('0123456789');
    await o.write('x');
    await e.write('efgh');
    closeSync(out.fd);
    closeSync(err.fd);
    expect([err.read(), ke.text()]).toEqual(['abcd', 'efgh']);
    expect([out.read(), ko.text()]).toEqual(['012345', '6789x']);
    expect(budget.bytes).toBe(0);
    // What went to a stream may still fail on a later tick.
    expect([o.settled!(), e.settled!()]).toEqual([false, false]);
  });

  it('hands what a full non-blocking pipe refuses (EAGAIN) to the stream, nothing lost', async () => {
    const { fd, end } = fifo('open');
    try {
      const k = keeper();
      const w = descriptorWriter(fd, undefined, () => k.stream);
      // More than a pipe holds, and the child reads none of it.
      const data = 'x'.repeat(300_000);
      await w.write(data);
      await w.write('tail');
      expect(k.text().length).toBeGreaterThan(0);
      expect(k.text().endsWith('x' + 'tail')).toBe(true);
      expect(k.text().length).toBeLessThan(data.length + 4);
    } finally {
      end();
    }
  });

  it('a pipe whose reader has gone (EPIPE) is a ClosedPipeError, for this write and every later one, never unhandled', async () => {
    const { fd, end } = fifo('closed');
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const w = descriptorWriter(fd, undefined, () => keeper().stream);
      await expect(w.write('a\n')).rejects.toBeInstanceOf(ClosedPipeError);
      await expect(w.write('b\n')).rejects.toBeInstanceOf(ClosedPipeError);
      void w.write('fire and forget\n');
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      end();
    }
  });

  it('any other failure is one OutputError, kept', async () => {
    const { fd } = tempFile();
    closeSync(fd);
    const w = descriptorWriter(fd, undefined, () => keeper().stream);
    const first = await w.write('a').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(OutputError);
    expect((first as Error).message).toMatch(/^cannot write output: .*\(EBADF\)$/);
    await expect(w.write('b')).rejects.toBe(first);
  });
});
