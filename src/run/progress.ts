/**
 * Progress while pages load: an ora spinner on stderr ("⠙ address txs · 12,350 items · page 248"),
 * behind a small interface so the output code reports progress without knowing how (or whether) it
 * is shown, and tests can record it. A spinner shows only when stderr is a terminal and the output
 * is a table, never under `CI` or with `TERM=dumb` (docs/cli-contract.md, Output), and only when stdout is a
 * terminal too: piped (`| head`), a spinner on the same terminal would draw over the first lines the
 * reader prints. Its frame is coloured only when the output is (never under NO_COLOR or
 * `--color never`). ora is imported only when
 * a spinner is wanted, so --help, --version and piped runs never load it.
 */
import type { Io } from '../base/io.js';
import type { OutputMode } from '../kit/page-options.js';

/** Where progress goes. The output code calls it; it never writes to stdout. */
export interface Progress {
  /** What is happening now, e.g. "address txs · 150 items · page 3". */
  update(text: string): void;
  /** Removes the spinner; called before anything else is written to stderr and at the end. */
  stop(): void;
}

/** Shows nothing. */
export const silentProgress: Progress = { update: () => undefined, stop: () => undefined };

/**
 * Opens a progress display for a command whose output is in `mode`; `color` is whether the output
 * is coloured (the session's decision), which the spinner follows.
 */
export type ProgressFactory = (io: Io, mode: OutputMode, text: string, color: boolean) => Promise<Progress>;

/** Whether a spinner may show: stdout and stderr terminals, table output, not in CI, not a dumb terminal. */
export function spinnerWanted(io: Io, mode: OutputMode): boolean {
  const ci = io.env.CI;
  const inCi = ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
  return io.stdoutIsTTY && io.stderrIsTTY && mode === 'table' && !inCi && io.env.TERM !== 'dumb';
}

/** The real progress: an ora spinner when wanted, else nothing. */
export const openProgress: ProgressFactory = async (io, mode, text, color) => {
  if (!spinnerWanted(io, mode)) return silentProgress;
  const [{ default: ora, spinners }, { paint }, { SpinnerStream }] = await Promise.all([import('ora'), import('../render/paint.js'), import('./spinner-stream.js')]);
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
  return {
    update: (t) => {
      spinner.text = t;
    },
    stop: () => {
      if (spinner.isSpinning) spinner.stop();
    },
  };
};
