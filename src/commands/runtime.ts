/**
 * What every command runs with, shared by the registrar, the executor and the runners (the
 * commands' common ground: nothing here imports a command, and no command imports cli.ts).
 */
import type { Command } from 'commander';
import type { GlobalFlags } from '../config/setting-table.js';
import type { Io } from '../io.js';
import type { PageOptions } from './page-options.js';

/** The world of one run of scout. */
export interface RunEnv {
  io: Io;
  version: string;
  signal?: AbortSignal | undefined;
}

/** One command being run, its input already checked. */
export interface Invocation {
  env: RunEnv;
  /** Words of the command line from the root: ["address", "txs"]. */
  path: readonly string[];
  /** The global options as given (resolved into settings by the session). */
  globals: GlobalFlags;
  /** The output mode and page flags (for a command without page flags: no paging). */
  output: PageOptions;
  /** The command's own arguments and options again, for a next-page hint (page flags left out). */
  hint: readonly string[];
  /** The root of the command tree (help and completion walk it). */
  program: Command;
}
