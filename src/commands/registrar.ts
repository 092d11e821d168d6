/**
 * Builds the commander tree from the command specs (spec.ts): each command's arguments, options,
 * output flags and --help text, and an action that loads the executor only when the command runs.
 * Nothing here reads an option back: the executor turns what commander parsed into the typed input
 * the spec declares.
 */
import { Argument, Command, Option } from 'commander';
import { PIPED_COLUMNS, type PipedColumnsName } from './piped-columns.js';
import type { RunEnv } from './runtime.js';
import { type ArgSpec, type CommandSpec, type Completion, longFlag, type OptionSpec, type Output, type TopicSpec } from './spec.js';

/** A commander option that carries what completion offers for its value. */
export class SpecOption extends Option {
  constructor(
    flags: string,
    description: string,
    readonly completion: Completion | undefined,
  ) {
    super(flags, description);
  }
}

/** A commander argument that carries what completion offers for it. */
export class SpecArgument extends Argument {
  constructor(
    spec: ArgSpec<unknown>,
    readonly completion: Completion | undefined,
  ) {
    super(spec.syntax, spec.help);
    if (spec.choices) this.choices(spec.choices);
  }
}

function specOption(key: string, o: OptionSpec<unknown>): Option {
  const flags = [o.short, [longFlag(key), o.value].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const option = new SpecOption(flags, o.help, o.complete);
  if (o.repeatable) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
  if (o.hidden) option.hideHelp();
  return option;
}

/** The output flags of `output`; a refused one stays declared (to be refused clearly) but hidden. */
function addOutputOptions(cmd: Command, output: Output, refused: ReadonlySet<string>): void {
  const add = (flags: string, help: string) => {
    const o = new Option(flags, help);
    if (refused.has(o.attributeName())) o.hideHelp();
    cmd.addOption(o);
  };
  if (output === 'none') return;
  // The short forms people expect from gh and curl-like tools: -j, -a, -L.
  add('-j, --json', 'print JSON: the server’s items unchanged');
  add('--ndjson', 'print one compact JSON item per line');
  if (output === 'object') return;
  add('--csv', 'print CSV with a header row');
  if (output === 'rows') return;
  add('-a, --all', 'follow every page to the end');
  add('-L, --limit <n>', 'stop after n items in total, across pages');
  add('--cursor <token>', 'resume from a cursor printed by an earlier run');
}

/** The piped columns a command documents: its list view's, or the ones its spec names. */
export function columnsOf(spec: CommandSpec): PipedColumnsName | undefined {
  const name = spec.kind === 'list' ? spec.view : spec.kind === 'run' ? spec.columns : undefined;
  return name !== undefined && Object.hasOwn(PIPED_COLUMNS, name) ? (name as PipedColumnsName) : undefined;
}

/** The fields of a piped line for --help, numbered as `cut -f` counts them, wrapped at 80 columns. */
export function pipedHelp(name: PipedColumnsName): string {
  const lines: string[] = [];
  let line = '';
  PIPED_COLUMNS[name].forEach((c: string, i: number) => {
    const field = `  ${i + 1} ${c}`;
    if (line && line.length + field.length > 80) {
      lines.push(line);
      line = '';
    }
    line += field;
  });
  lines.push(line);
  return `Piped, each item is one tab-separated line without a header, these fields in order\n(--csv names its columns in a header row):\n${lines.join('\n')}`;
}

/** The text after the options in --help: the spec's own, the piped fields, then its examples. */
export function helpAfter(help: string | undefined, examples: readonly string[], columns?: PipedColumnsName): string {
  const lines = examples.map((e) => `  ${e}\n`).join('');
  const piped = columns ? `\n${pipedHelp(columns)}\n` : '';
  return (help ? `\n${help}\n` : '') + piped + `\n${examples.length > 1 ? 'Examples' : 'Example'}:\n${lines}`;
}

function addCommand(parent: Command, spec: CommandSpec, env: RunEnv): void {
  const cmd = parent.command(spec.name).description(spec.description);
  for (const a of Object.values(spec.args ?? {})) cmd.addArgument(new SpecArgument(a, a.complete));
  for (const [key, o] of Object.entries(spec.options ?? {})) cmd.addOption(specOption(key, o));
  const output = spec.kind === 'list' ? 'list' : spec.kind === 'object' ? 'object' : spec.output;
  addOutputOptions(cmd, output, new Set(spec.kind === 'run' ? Object.keys(spec.refuse ?? {}) : []));
  cmd.addHelpText('after', helpAfter(spec.help, spec.examples, columnsOf(spec)));
  cmd.action(async () => {
    const { execute } = await import('./execute.js');
    await execute(spec, env, cmd);
  });
}

/** Adds the topics and commands of `entries` to `program`, in order. */
export function registerCommands(program: Command, env: RunEnv, entries: readonly (TopicSpec | CommandSpec)[]): void {
  for (const e of entries) {
    if (e.kind !== 'topic') {
      addCommand(program, e, env);
      continue;
    }
    const topic = program.command(e.name).description(e.description);
    for (const c of e.commands) addCommand(topic, c, env);
    topic.addHelpText('after', helpAfter(e.help, e.examples));
  }
}
