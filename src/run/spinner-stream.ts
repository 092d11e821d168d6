/**
 * The terminal a spinner draws on: a real writable stream over the Io's stderr, with the terminal
 * members ora uses (isTTY, columns, and the cursor controls of its clear()) as a tty.WriteStream
 * has them. The cursor controls are node:readline's, the functions tty.WriteStream itself calls, so
 * no escape sequence is spelled here. Writing through the Io keeps one ordered stderr for the
 * spinner and scout's own messages (and lets tests, whose Io is in memory, see what a terminal
 * would). Loaded with ora, only when a spinner shows.
 */
import { clearLine, cursorTo, type Direction, moveCursor } from 'node:readline';
import { Writable } from 'node:stream';
import type { WriteStream } from 'node:tty';
import type { Io } from '../base/io.js';

/** What ora reads or calls on its `stream` beyond a writable stream's own members. */
export type SpinnerTerminal = Pick<WriteStream, 'isTTY' | 'columns' | 'cursorTo' | 'moveCursor' | 'clearLine'>;

export class SpinnerStream extends Writable implements SpinnerTerminal {
  /** Only made when stderr is a terminal (spinnerWanted). */
  readonly isTTY = true;
  readonly columns: number;
  private readonly err: Io['err'];

  constructor(io: Pick<Io, 'err' | 'width'>) {
    // Strings stay strings: the Io takes text.
    super({ decodeStrings: false });
    this.err = io.err;
    this.columns = io.width;
  }

  override _write(chunk: string | Uint8Array, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    // As a terminal takes it: at once, in order. A failed stderr is the Io's to report.
    void this.err.write(typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk));
    done();
  }

  cursorTo(x: number, y?: number | (() => void), callback?: () => void): boolean {
    return typeof y === 'function' ? cursorTo(this, x, undefined, y) : cursorTo(this, x, y, callback);
  }

  moveCursor(dx: number, dy: number, callback?: () => void): boolean {
    return moveCursor(this, dx, dy, callback);
  }

  clearLine(dir: Direction, callback?: () => void): boolean {
    return clearLine(this, dir, callback);
  }
}
