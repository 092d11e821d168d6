/**
 * What every command runs with, shared by the registrar, the executor and the runners (the
 * commands' common ground: nothing here imports a command, and no command imports cli.ts).
 */
import type { Command } from 'commander';
import type { GlobalFlags } from '../config/setting-table.js';
import type { Io } from '../base/io.js';
import type { AdminClient, ExplorerClient } from '../api/client.js';
import type { Http } from '../api/http.js';
import type { WaitBoard } from '../api/waits.js';
import type { Settings } from '../config/settings.js';
import type { RenderContext } from '../render/context.js';
import type { JqProgram } from '../render/jq.js';
import type { PageOptions } from './page-options.js';

/** A word of a hint: text (quoted for a shell when printed), or shell syntax written as is (`"$SCOUT_EXPLORER_KEY"`). */
export type HintWord = string | { readonly shell: string };

/**
 * The command line a hint repeats, after `scout`: `head`, then the hint's own flags (`--cursor …`),
 * then `tail` (`-- <arguments>` when an argument starts with a dash, else empty).
 */
export interface CommandLine {
  readonly head: readonly HintWord[];
  readonly tail: readonly HintWord[];
}

/** The world of one run of scout. */
export interface RunEnv {
  io: Io;
  version: string;
  signal?: AbortSignal | undefined;
  /** The process ends when the run does (the command line, main.ts): idle connections need no closing. */
  exits?: boolean | undefined;
}

/** Chains asked at the same time, at most (--chains, `portfolio`). */
export const MAX_HOSTS = 8;

/** One command being run, its input already checked. */
export interface Invocation {
  env: RunEnv;
  /** Words of the command line from the root: ["address", "txs"]. */
  path: readonly string[];
  /** The global options as given (resolved into settings by the session). */
  globals: GlobalFlags;
  /** The output mode and page flags (for a command without page flags: no paging). */
  output: PageOptions;
  /** The user's own command line again, for a next-page hint (page flags left out). */
  hint: CommandLine;
  /** The root of the command tree (help and completion walk it). */
  program: Command;
  /**
   * Requests the run may have under way at once to one host: a batch's --concurrency, times the
   * chains asked at once with --chains (run/execute.ts); 1 when absent. The session's HTTP layer
   * opens up to that many connections per origin (api/transport.ts).
   */
  concurrency?: number | undefined;
  /**
   * The run's session, opened when first asked for (settings resolved then, once per run) and
   * closed by the executor when the command ends. A command that needs no settings never asks.
   */
  session(): Promise<Session>;
}

/** A command's session (opened by run/session.ts): resolved settings, the one HTTP layer, clients and the render context. */
export interface Session {
  io: Io;
  settings: Settings;
  http: Http;
  /** What the HTTP layer waits for (retries, rate limits), told to the progress display open at the time. */
  waits: WaitBoard;
  render: RenderContext;
  explorer(): ExplorerClient;
  admin(): AdminClient;
  /** Words of the command line for hints: ["address", "txs"]. */
  commandPath: readonly string[];
  /** `--jq`: JSON output goes through this filter (output.ts). */
  jq?: JqProgram | undefined;
}
