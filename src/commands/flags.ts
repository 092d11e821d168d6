/**
 * Output and page flags shared by commands, declared once. This module is loaded at start-up to
 * build the command tree, so it imports nothing but types; parsing lives in ./page-options.ts.
 */
import type { Command } from 'commander';

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

