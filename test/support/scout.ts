/**
 * Runs scout in this process, the way test/support/cli.ts `runCli` runs the built command as a child
 * process, with the same world: the clean environment of `cleanEnv` (a HOME and XDG_CONFIG_HOME of
 * its own, no SCOUT_* or colour settings from outside), stdout and stderr not terminals, 80 columns,
 * colour decided from the environment as the real process decides it. Tens of milliseconds instead
 * of a process start, so most integration cases run here; only what needs a real process (pipes,
 * signals, start-up, packaging) spawns.
 *
 * Waits the HTTP layer asks for (retry backoff, rate limits) are recorded in `sleeps` and return at
 * once, so tests assert the waits asked for rather than time them.
 */
import { sleep as timerSleep } from '../../src/api/http.js';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { colorWanted } from '../../src/base/node-io.js';
import { cleanEnv } from './cli.js';

export interface ScoutResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Every wait the HTTP layer asked for, in milliseconds, in order. */
  sleeps: number[];
}

export interface ScoutOptions {
  /** Extra environment, merged as `runCli` merges it (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** stdout is a terminal (tables, colour); default false, as under a pipe. */
  stdoutIsTTY?: boolean;
  /** stderr is a terminal (spinner); default false. */
  stderrIsTTY?: boolean;
  /** Terminal width; default 80, what the real process assumes when it cannot tell. */
  width?: number;
  /** Colour; default decided from the environment and stdoutIsTTY, as the real process does. */
  color?: boolean;
  /** The clock; default the real one. */
  now?: () => number;
  /** Ctrl-C. */
  signal?: AbortSignal;
  /**
   * What a wait does once recorded; default returns at once (still ending with the error the HTTP
   * layer expects when `signal` has aborted).
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Opens a URL for --web; default fails (no test starts a browser): pass one that records. */
  openUrl?: (url: string) => Promise<void>;
  /** What stdin holds (a batch reads it for `-`); default empty. */
  stdin?: string;
  /** The output a batch or `--chains` run may hold while waiting to print (Io.waitingOutputBytes); default the production budget. */
  waitingOutputBytes?: number;
}

/** Runs `scout args…` in-process and resolves with its exit code and output. */
export async function runScout(args: string[], options: ScoutOptions = {}): Promise<ScoutResult> {
  const env = cleanEnv(options.env);
  const stdoutIsTTY = options.stdoutIsTTY ?? false;
  const sleeps: number[] = [];
  const io = memoryIo({
    stdoutIsTTY,
    stderrIsTTY: options.stderrIsTTY ?? false,
    color: options.color ?? colorWanted(env, stdoutIsTTY),
    width: options.width ?? 80,
    env,
    now: options.now ?? (() => Date.now()),
    sleep: (ms, signal) => {
      sleeps.push(ms);
      return options.sleep ? options.sleep(ms, signal) : timerSleep(0, signal);
    },
    openUrl: options.openUrl,
    stdin: options.stdin,
    waitingOutputBytes: options.waitingOutputBytes,
  });
  const code = await run(['node', 'scout', ...args], io, options.signal);
  return { code, stdout: io.stdout(), stderr: io.stderr(), sleeps };
}
