/**
 * ora draws on a real writable stream over the Io's stderr (src/run/spinner-stream.ts), not a
 * hand-faked object cast to a terminal: it has every member ora reads or calls, and the spinner
 * writes the same bytes as before, frames, wrapping, clearing and cursor included (pinned here).
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openProgress } from '../../src/run/progress.js';
import { SpinnerStream } from '../../src/run/spinner-stream.js';
import { memoryIo } from '../../src/base/io.js';

const terminal = (width = 80) => memoryIo({ stdoutIsTTY: true, stderrIsTTY: true, width, env: {} });

afterEach(() => {
  vi.useRealTimers();
});

describe('the stream ora draws on', () => {
  it('is a writable stream that writes through the Io, in order', () => {
    const io = terminal(42);
    const s = new SpinnerStream(io);
    expect(s).toBeInstanceOf(Writable);
    expect([s.isTTY, s.columns]).toEqual([true, 42]);
    expect(s.write('a')).toBe(true);
    s.cursorTo(0);
    s.moveCursor(0, -1);
    s.moveCursor(3, 2);
    s.clearLine(1);
    s.clearLine(-1);
    s.clearLine(0);
    expect(io.stderr()).toBe('a\u001b[1G\u001b[1A\u001b[3C\u001b[2B\u001b[0K\u001b[1K\u001b[2K');
  });

  it('has every member ora reads or calls while it spins, wraps and stops', async () => {
    const { default: ora } = await import('ora');
    const io = terminal(20);
    const read = new Set<string>();
    const stream = new Proxy(new SpinnerStream(io), {
      get(target, key, receiver) {
        if (typeof key === 'string') read.add(key);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date', 'performance'] });
    const spinner = ora({ text: 'a text longer than twenty columns', stream, isEnabled: true, discardStdin: false }).start();
    vi.advanceTimersByTime(200);
    spinner.stop();
    // What a tty.WriteStream has and a plain object faking one would have to spell out.
    for (const member of ['write', 'isTTY', 'columns', 'cursorTo', 'moveCursor', 'clearLine']) expect(read).toContain(member);
    // Everything ora read is there, but the terminal's height, which ora treats as unknown when absent.
    const absent = [...read].filter((k) => (Reflect.get(stream, k) as unknown) === undefined);
    expect(absent.filter((k) => k !== 'rows')).toEqual([]);
    expect(io.stderr()).toContain('a text longer than twenty columns');
  });
});

describe('the spinner writes what it always wrote', () => {
  it('start and stop, plain and coloured', async () => {
    const drawn = async (color: boolean) => {
      const io = terminal();
      const p = await openProgress(io, 'table', 'address txs · loading', color);
      p.update('address txs · 50 items · page 1');
      p.stop();
      p.stop();
      return io.stderr();
    };
    expect(await drawn(false)).toBe('\u001b[?25l\u001b[?2026h\u001b[1G⠋ address txs · loading\u001b[?2026l\u001b[1G\u001b[0K\u001b[?25h');
    expect(await drawn(true)).toBe('\u001b[?25l\u001b[?2026h\u001b[1G\u001b[36m⠋\u001b[39m address txs · loading\u001b[?2026l\u001b[1G\u001b[0K\u001b[?25h');
  });

  it('frames, a text wrapped at the terminal width cleared line by line, then a shorter text', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date', 'performance'] });
    const io = terminal(20);
    const p = await openProgress(io, 'table', 'a text longer than twenty columns', true);
    vi.advanceTimersByTime(80);
    p.update('short');
    vi.advanceTimersByTime(80);
    p.stop();
    expect(io.stderr()).toBe(
      '\u001b[?25l\u001b[?2026h\u001b[1G\u001b[36m⠋\u001b[39m a text longer than twenty columns\u001b[?2026l' +
        '\u001b[?2026h\u001b[1G\u001b[0K\u001b[1A\u001b[0K\u001b[36m⠙\u001b[39m a text longer than twenty columns\u001b[?2026l' +
        '\u001b[?2026h\u001b[1G\u001b[0K\u001b[1A\u001b[0K\u001b[36m⠹\u001b[39m short\u001b[?2026l' +
        '\u001b[1G\u001b[0K\u001b[?25h',
    );
  });
});
