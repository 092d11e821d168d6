/**
 * What the completion scripts know, read from the commander tree the registrar built from the specs:
 * the commands, their options, which options take a value, and the values to offer, which every
 * option and argument declares itself (spec.ts `complete`: a choice's values, a list's values, a
 * file) and the registrar keeps on the commander option or argument.
 */
import type { Argument, Command, Option } from 'commander';
import { SpecArgument, SpecOption } from '../registrar.js';
import type { Completion } from '../spec.js';

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

async function valuesOf(c: Completion | undefined): Promise<readonly string[]> {
  const v = c?.values ?? [];
  return typeof v === 'function' ? v() : v;
}

async function optionModel(o: Option): Promise<CompletionOption> {
  const c = o instanceof SpecOption ? o.completion : undefined;
  return {
    long: o.long,
    short: o.short,
    description: o.description,
    takesValue: o.required || o.optional,
    values: await valuesOf(c),
    list: c?.list === true,
    file: c?.file === true,
  };
}

/** Values for an argument: its choices, what it declares, and the sibling commands if it asks. */
async function argValues(a: Argument, cmd: Command): Promise<string[]> {
  const c = a instanceof SpecArgument ? a.completion : undefined;
  const siblings = c?.commands ? (cmd.parent?.commands ?? []).map((s) => s.name()).filter((n) => n !== cmd.name()) : [];
  return [...(a.argChoices ?? []), ...(await valuesOf(c)), ...siblings];
}

const HELP_OPTION: CompletionOption = { long: '--help', short: '-h', description: 'show help', takesValue: false, values: [], list: false, file: false };

async function walk(cmd: Command, words: string[]): Promise<CompletionCommand> {
  const options = await Promise.all(cmd.options.filter((o) => !o.hidden).map(optionModel));
  return {
    path: words.join(' '),
    name: cmd.name(),
    description: cmd.description().split('\n')[0] ?? '',
    subcommands: await Promise.all(cmd.commands.map((c) => walk(c, [...words, c.name()]))),
    options: [...options, ...(words.length === 0 ? [HELP_OPTION] : [])],
    argValues: (await Promise.all(cmd.registeredArguments.map((a) => argValues(a, cmd)))).flat(),
  };
}

/** The tree under `root`, as the generators see it. */
export function completionModel(root: Command): Promise<CompletionCommand> {
  return walk(root, []);
}

/** Every command in the tree, root first, depth first. */
export function allCommands(spec: CompletionCommand): CompletionCommand[] {
  return [spec, ...spec.subcommands.flatMap(allCommands)];
}
