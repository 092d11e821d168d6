/**
 * The world a command sees: two output streams, what they are connected to, the environment, a
 * clock and (optionally) how to wait. Commands never touch process.stdout, process.exit or
 * Date.now() directly, so tests can hand them string buffers in terminal or pipe mode.
 */
export interface Writer {
  /** Write text; the promise settles when the stream can take more (backpressure for --all). */
  write(chunk: string): Promise<void>;
  /**
   * Write bytes that are already the UTF-8 to print (a big document as it came), as `write` does
   * text. Optional: without it, the text is decoded and written.
   */
  writeBytes?(chunk: Uint8Array): Promise<void>;
  /**
   * True when everything written so far is written, and no failure of it can still come later
   * (a pipe or a file written synchronously). Absent or false: a stream's error may arrive on a
   * later tick, and the program waits one before it reports success (cli.ts).
   */
  settled?(): boolean;
}

export interface Io {
  out: Writer;
  err: Writer;
  /** stdout is a terminal: tables, indentation, colour. */
  stdoutIsTTY: boolean;
  /** stderr is a terminal: spinners and progress. */
  stderrIsTTY: boolean;
  /** Colour decided once from the terminal, NO_COLOR, FORCE_COLOR and TERM=dumb; --no-color can still turn it off. */
  color: boolean;
  /** Terminal width in columns (80 when unknown). */
  width: number;
  env: Readonly<Record<string, string | undefined>>;
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Waits `ms` (retry backoff, rate-limit waits), ending early with an error when `signal` aborts.
   * Absent, the HTTP layer uses a real timer; tests pass one that records the waits asked for.
   */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /**
   * Opens a URL in the desktop's browser (--web). Absent, the `open` package does it; tests pass one
   * that records the URLs instead of starting a browser.
   */
  openUrl?: ((url: string) => Promise<void>) | undefined;
  /**
   * Standard input, read only by a batch (`-` for the argument). Absent, there is none to read.
   */
  stdin?: (() => AsyncIterable<string | Uint8Array>) | undefined;
  /**
   * Runs synchronous work (rendering a big answer) during which Ctrl-C ends the process at once, as
   * the signal's default action does (exit status 130 in the shell): the event loop, and with it the
   * program's own Ctrl-C handler, cannot run until the work returns. Absent, the work just runs.
   */
  blocking?: (<T>(work: () => T) => T) | undefined;
  /**
   * Output the tasks of a run of many (a batch's values, the chains of `--chains`) may hold between
   * them while they wait for their turn to print, in bytes. Absent, the production budget
   * (WAITING_OUTPUT_BYTES in run/many.ts); tests pass a small one.
   */
  waitingOutputBytes?: number | undefined;
}

/** Runs `work` through the Io's `blocking` when it has one. */
export function blocking<T>(io: Pick<Io, 'blocking'>, work: () => T): T {
  return io.blocking ? io.blocking(work) : work();
}

/** An Io that collects output in strings, for tests. */
export function memoryIo(options: Partial<Omit<Io, 'out' | 'err' | 'stdin'>> & { stdin?: string } = {}): Io & { stdout(): string; stderr(): string } {
  const input = options.stdin ?? '';
  let out = '';
  let err = '';
  const bytes = new TextDecoder();
  return {
    out: { write: async (s) => void (out += s), writeBytes: async (b) => void (out += bytes.decode(b, { stream: true })) },
    err: { write: async (s) => void (err += s) },
    stdoutIsTTY: options.stdoutIsTTY ?? false,
    stderrIsTTY: options.stderrIsTTY ?? false,
    color: options.color ?? false,
    width: options.width ?? 100,
    env: options.env ?? {},
    now: options.now ?? (() => Date.UTC(2026, 10, 21, 12, 0, 0)),
    sleep: options.sleep,
    waitingOutputBytes: options.waitingOutputBytes,
    // Tests never start a browser: one that forgets to pass an opener gets a failure, not a window.
    openUrl: options.openUrl ?? (async () => Promise.reject(new Error('this Io opens no browser'))),
    // What a test pipes in, as one chunk; an empty stdin when it pipes nothing.
    stdin: async function* () {
      if (input) yield input;
    },
    stdout: () => out,
    stderr: () => err,
  };
}
