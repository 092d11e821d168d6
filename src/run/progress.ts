/**
 * Progress while pages load: an ora spinner on stderr ("⠙ address txs · 12,350 items · page 248"),
 * behind a small interface so the output code reports progress without knowing how (or whether) it
 * is shown, and tests can record it. A spinner shows only when stderr is a terminal, never under `CI`
 * or with `TERM=dumb` (docs/cli-contract.md, Output). With stdout a terminal too, only for table
 * output. With stdout a file or a pipe, only for long work (`--all`, a list of many pages, a batch):
 * the reader of `> file` sees it move, and a short `| head` is not drawn over. It is cleared at the
 * end. While the HTTP layer waits (a retry, a rate limit) it says so, from the session's waits:
 * "address txs · page 3 · retry 1/3 after a timeout". Its frame is coloured only when the output is
 * (never under NO_COLOR or `--color never`). ora is imported only when a spinner is wanted, so
 * --help, --version and short piped runs never load it.
 */
import type { WaitBoard } from '../api/waits.js';
import type { Io } from '../base/io.js';
import type { OutputMode } from '../kit/page-options.js';

/** Where progress goes. The output code calls it; it never writes to stdout. */
export interface Progress {
  /** What is happening now, e.g. "address txs · 150 items · page 3". */
  update(text: string): void;
  /** Removes the spinner; called before anything else is written to stderr and at the end. */
  stop(): void;
  /** Clears the spinner's line for a message on stderr; it is drawn again at its next frame. */
  clear?(): void;
}

/** Shows nothing. */
export const silentProgress: Progress = { update: () => undefined, stop: () => undefined, clear: () => undefined };

/**
 * Opens a progress display for a command whose output is in `mode`; `color` is whether the output
 * is coloured (the session's decision), which the spinner follows.
 */
export type ProgressFactory = (io: Io, mode: OutputMode, text: string, color: boolean, of?: ProgressOf) => Promise<Progress>;

/** What else a progress display is told of its work. */
export interface ProgressOf {
  /** The session's waits (a retry, a rate limit), said while they last. */
  waits?: Pick<WaitBoard, 'listen'> | undefined;
  /** Long work (`--all`, many pages, a batch): shown on a terminal's stderr with stdout piped too. */
  long?: boolean | undefined;
}

/**
 * Whether a spinner may show: stderr a terminal, not in CI, not a dumb terminal; and either stdout a
 * terminal with table output, or stdout piped and the work long.
 */
export function spinnerWanted(io: Io, mode: OutputMode, long = false): boolean {
  const ci = io.env.CI;
  const inCi = ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
  if (!io.stderrIsTTY || inCi || io.env.TERM === 'dumb') return false;
  return io.stdoutIsTTY ? mode === 'table' : long;
}

/** The real progress: an ora spinner when wanted, else nothing. */
export const openProgress: ProgressFactory = async (io, mode, text, color, of = {}) => {
  if (!spinnerWanted(io, mode, of.long)) return silentProgress;
  const [{ default: ora, spinners }, { paint }, { SpinnerStream }, { waitText }] = await Promise.all([
    import('ora'),
    import('../render/paint.js'),
    import('./spinner-stream.js'),
    import('../api/waits.js'),
  ]);
  // ora would colour the frame through chalk's own guess, which knows nothing of NO_COLOR or
  // --color: the frames are painted here, as the session decided, and ora adds no colour.
  const frames = spinners.dots.frames.map((f) => paint(f, 'accent', { color }));
  const spinner = ora({
    text,
    spinner: { interval: spinners.dots.interval, frames },
    color: false,
    // stderr through the Io, as a terminal stream; spinnerWanted has decided, so ora does not guess.
    stream: new SpinnerStream(io),
    isEnabled: true,
    // Leave stdin alone (no raw mode): Ctrl-C must reach our own handler.
    discardStdin: false,
  }).start();
  // What the work is at, and what it waits for now (until the work moves on).
  let at = text;
  let waiting: string | undefined;
  const show = () => {
    spinner.text = waiting ? `${at} · ${waiting}` : at;
  };
  // A wait is drawn at once: it may last longer than a frame's interval would take to show it.
  const unlisten = of.waits?.listen((e) => {
    waiting = waitText(e);
    show();
    if (spinner.isSpinning) spinner.render();
  });
  return {
    update: (t) => {
      at = t;
      waiting = undefined;
      show();
    },
    clear: () => {
      if (spinner.isSpinning) spinner.clear();
    },
    stop: () => {
      unlisten?.();
      if (spinner.isSpinning) spinner.stop();
    },
  };
};
