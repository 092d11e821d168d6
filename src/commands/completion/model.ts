/**
 * What the completion scripts know, read from the commander tree the registrar built from the specs:
 * the commands, their options, which options take a value, and the values to offer. A command's
 * options and arguments declare those themselves (spec.ts `complete`: a choice's values, a list's
 * values, a file), kept on the commander option or argument; a global option's come from the kind
 * of its setting in the settings table (a chain, a file path).
 */
import type { Argument, Command, Option } from 'commander';
import { BUILTIN_CHAINS } from '../../config/chain-table.js';
import { flagName, SETTINGS, type SettingKind, type SettingSpec, WHEN } from '../../config/setting-table.js';
import { SpecArgument, SpecOption } from '../../kit/registrar.js';
import type { Completion } from '../../kit/spec.js';

export interface CompletionOption {
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

export interface CompletionCommand {
  /** Words from the root: "" for the root, "address txs" for a verb. */
  path: string;
  name: string;
  description: string;
  subcommands: CompletionCommand[];
  /** The command's own options (the root's are the globals, valid everywhere). */
  options: CompletionOption[];
  /** Values to offer for its positional arguments. */
  argValues: string[];
}

/** What a setting of each kind completes to. */
const BY_KIND: Partial<Record<SettingKind, Completion>> = {
  chain: { values: BUILTIN_CHAINS.map((c) => c.names[0]!) },
  path: { file: true },
  when: { values: WHEN },
};

/** What an option completes to: what its spec says, else what its setting's kind does. */
function completionOf(o: Option): Completion | undefined {
  if (o instanceof SpecOption) return o.completion;
  const s = (SETTINGS as readonly SettingSpec[]).find((x) => x.flag !== undefined && flagName(x) === o.long);
  return s && BY_KIND[s.kind];
}

function optionModel(o: Option): CompletionOption {
  const c = completionOf(o);
  return {
    long: o.long,
    short: o.short,
    description: o.description,
    takesValue: o.required || o.optional,
    values: c?.values ?? [],
    list: c?.list === true,
    file: c?.file === true,
  };
}

/** Values for an argument: its choices, what it declares, and the sibling commands if it asks. */
function argValues(a: Argument, cmd: Command): string[] {
  const c = a instanceof SpecArgument ? a.completion : undefined;
  const siblings = c?.commands ? (cmd.parent?.commands ?? []).map((s) => s.name()).filter((n) => n !== cmd.name()) : [];
  return [...(a.argChoices ?? []), ...(c?.values ?? []), ...siblings];
}

const HELP_OPTION: CompletionOption = { long: '--help', short: '-h', description: 'show help', takesValue: false, values: [], list: false, file: false };

function walk(cmd: Command, words: string[]): CompletionCommand {
  const options = cmd.options.filter((o) => !o.hidden).map(optionModel);
  return {
    path: words.join(' '),
    name: cmd.name(),
    description: cmd.description().split('\n')[0] ?? '',
    subcommands: cmd.commands.map((c) => walk(c, [...words, c.name()])),
    options: [...options, ...(words.length === 0 ? [HELP_OPTION] : [])],
    argValues: cmd.registeredArguments.flatMap((a) => argValues(a, cmd)),
  };
}

/** The tree under `root`, as the generators see it. */
export function completionModel(root: Command): CompletionCommand {
  return walk(root, []);
}

/** Every command in the tree, root first, depth first. */
export function allCommands(spec: CompletionCommand): CompletionCommand[] {
  return [spec, ...spec.subcommands.flatMap(allCommands)];
}
