/**
 * Output and page flags shared by commands: declared once as data (registration stays light) and
 * parsed into typed options before any request.
 */
import type { Command } from 'commander';
import { decodeCursor, type Cursor } from '../api/cursor.js';
import { UsageError } from '../errors.js';
import { parsePositiveInt } from '../validate.js';

export type OutputMode = 'table' | 'json' | 'ndjson' | 'csv';

export interface OutputFlags {
  json?: boolean;
  ndjson?: boolean;
  csv?: boolean;
}

export interface PageFlags extends OutputFlags {
  all?: boolean;
  limit?: string;
  cursor?: string;
}

/** Adds --json/--ndjson (and --csv for lists) to a command. */
export function addOutputFlags(cmd: Command, list: boolean): Command {
  cmd.option('--json', 'print JSON: the server’s items unchanged');
  cmd.option('--ndjson', 'print one compact JSON item per line');
  if (list) cmd.option('--csv', 'print CSV with a header row');
  return cmd;
}

/** Adds --all, --limit and --cursor to a list command. */
export function addPageFlags(cmd: Command): Command {
  addOutputFlags(cmd, true);
  cmd.option('--all', 'follow every page to the end');
  cmd.option('--limit <n>', 'stop after n items in total, across pages');
  cmd.option('--cursor <token>', 'resume from a cursor printed by an earlier run');
  return cmd;
}

/** The one output mode asked for; two at once is a usage error. */
export function outputMode(flags: OutputFlags): OutputMode {
  const chosen = (['json', 'ndjson', 'csv'] as const).filter((m) => flags[m]);
  if (chosen.length > 1) {
    throw new UsageError(`choose one output format: ${chosen.map((m) => '--' + m).join(' and ')} cannot be used together`);
  }
  return chosen[0] ?? 'table';
}

export interface PageOptions {
  mode: OutputMode;
  all: boolean;
  limit: number | undefined;
  cursor: Cursor | undefined;
}

/** Parses the page flags of a list command. */
export function pageOptions(flags: PageFlags): PageOptions {
  return {
    mode: outputMode(flags),
    all: Boolean(flags.all),
    limit: parsePositiveInt(flags.limit, '--limit'),
    cursor: flags.cursor === undefined ? undefined : decodeCursor(flags.cursor),
  };
}
