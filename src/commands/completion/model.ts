/**
 * What the completion scripts know, read from the commander tree itself (STYLE.md, habit 11): the
 * commands, their options and which options take a value, plus the value lists commander cannot
 * know (`--type`, `--filter`, `--chain`), taken from the same constants the commands validate with.
 */
import type { Command, Option } from 'commander';
import { NFT_TYPES, TOKEN_TYPES } from '../../api/endpoints.js';
import { BUILTIN_CHAINS } from '../../config/chain-table.js';
import { HELP_TOPICS } from '../help/index.js';

export interface OptionSpec {
  long: string | undefined;
  short: string | undefined;
  description: string;
  takesValue: boolean;
  /** Values to offer after the option. */
  values: readonly string[];
  /** The value is a comma-separated list of `values`. */
  list: boolean;
  /** The value is a file path. */
  file: boolean;
}

export interface CommandSpec {
  /** Words from the root: "" for the root, "address txs" for a verb. */
  path: string;
  name: string;
  description: string;
  subcommands: CommandSpec[];
  /** The command's own options (the root's are the globals, valid everywhere). */
  options: OptionSpec[];
  /** Values to offer for its positional arguments. */
  argValues: string[];
}

/** Option values commander cannot know, by option and (where they differ) command. */
function valuesFor(path: string, long: string | undefined): Pick<OptionSpec, 'values' | 'list' | 'file'> {
  switch (long) {
    case '--type':
      return { values: path === 'address nfts' ? NFT_TYPES : TOKEN_TYPES, list: true, file: false };
    case '--filter':
      return { values: ['to', 'from'], list: false, file: false };
    case '--chain':
      return { values: BUILTIN_CHAINS.map((c) => c.names[0]!), list: false, file: false };
    case '--api-key-file':
      return { values: [], list: false, file: true };
    default:
      return { values: [], list: false, file: false };
  }
}

function optionSpec(path: string, o: Option): OptionSpec {
  return {
    long: o.long,
    short: o.short,
    description: o.description,
    takesValue: o.required || o.optional,
    ...valuesFor(path, o.long),
  };
}

const HELP_OPTION: OptionSpec = { long: '--help', short: '-h', description: 'show help', takesValue: false, values: [], list: false, file: false };

function walk(cmd: Command, words: string[]): CommandSpec {
  const path = words.join(' ');
  const argValues = cmd.registeredArguments.flatMap((a) => a.argChoices ?? []);
  if (path === 'help') argValues.push(...HELP_TOPICS.map(([n]) => n), ...(cmd.parent?.commands ?? []).map((c) => c.name()).filter((n) => n !== 'help'));
  return {
    path,
    name: cmd.name(),
    description: cmd.description().split('\n')[0] ?? '',
    subcommands: cmd.commands.map((c) => walk(c, [...words, c.name()])),
    options: [...cmd.options.filter((o) => !o.hidden).map((o) => optionSpec(path, o)), ...(words.length === 0 ? [HELP_OPTION] : [])],
    argValues,
  };
}

/** The tree under `root`, as the generators see it. */
export function completionModel(root: Command): CommandSpec {
  return walk(root, []);
}

/** Every command in the tree, root first, depth first. */
export function allCommands(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.subcommands.flatMap(allCommands)];
}
