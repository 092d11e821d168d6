/**
 * Builds the commander tree from the command specs (spec.ts): each command's arguments, options,
 * output flags and --help text, and an action that loads the executor only when the command runs.
 * Nothing here reads an option back: the executor turns what commander parsed into the typed input
 * the spec declares.
 */
import { Argument, Command, Option } from 'commander';
import { editDistance } from '../base/text/edit-distance.js';
import { ownWindow, WINDOW_OPTIONS } from './window-options.js';
import { WATCH_OPTIONS } from './follow-options.js';
import { examplesSection, HELP_WIDTH, wrapText } from './help-text.js';
import { PIPED_COLUMNS, type PipedColumnsName } from './piped-columns.js';
import type { RunEnv } from './invocation.js';
import { type ArgSpec, type CommandSpec, type Completion, longFlag, type OptionSpec, type Output, type TopicSpec } from './spec.js';
import { WEB_HELP } from './web-page.js';

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

/** `--concurrency`, on every command whose argument may be `-` (a batch from stdin). */
export const BATCH_CONCURRENCY_HELP = 'with - (values from stdin): lookups at once, 1 to 64 (default 4)';

/** What --jq does, by what a command prints (README, Output: --jq). */
const JQ_RESULTS = 'results one a line, strings as text, numbers as jq has them (past 2^53 exact only if unchanged)';
const JQ_HELP: Record<Exclude<Output, 'none'>, string> = {
  object: `filter the JSON with a jq expression; ${JQ_RESULTS}`,
  rows: `filter with jq the array --json prints or, with --ndjson, each item; ${JQ_RESULTS}`,
  list: `filter with jq the array --json prints (with --all: every item, held in memory) or, with --ndjson, each item as it arrives; ${JQ_RESULTS}`,
};

/** `--server-csv`, on every command whose list the explorer exports as CSV itself (spec.serverCsv). */
export const SERVER_CSV_HELP =
  "print the explorer's own CSV export instead of paging the list: the file as the explorer writes it (its columns, its row limit), for the window of --since/--until where the list has one";

/** `--wide`, on every command that prints rows. */
export const WIDE_HELP = 'on a terminal, every value whole: nothing shortened or left out (lines may wrap)';
/** `--columns`, on every command whose rows have documented piped fields. */
export const COLUMNS_HELP = 'only these columns, in this order: field names as listed below, comma separated (table, piped lines and CSV; JSON is unchanged)';

/** The output flags of `output`; a refused one stays declared (to be refused clearly) but hidden. */
function addOutputOptions(cmd: Command, output: Output, refused: ReadonlySet<string>, columns: PipedColumnsName | undefined): void {
  const add = (flags: string, help: string) => {
    const o = new Option(flags, help);
    if (refused.has(o.attributeName())) o.hideHelp();
    cmd.addOption(o);
  };
  if (output === 'none') return;
  // The short forms people expect from gh and curl-like tools: -j, -a, -L.
  add('-j, --json', 'print JSON: the server’s items unchanged');
  add('--ndjson', 'print one compact JSON item per line');
  add('-q, --jq <expr>', JQ_HELP[output]);
  if (output === 'object') return;
  add('--csv', 'print CSV with a header row');
  add('--wide', WIDE_HELP);
  if (columns) add('--columns <names>', COLUMNS_HELP);
  if (output === 'rows') return;
  add('-a, --all', 'follow every page to the end');
  add('-L, --limit <n>', 'stop after n items in total, across pages');
  add('--cursor <token>', 'resume from a cursor printed by an earlier run');
}

/** The piped columns a command documents: its list view's, or the ones its spec names. */
export function pipedColumnsOf(spec: CommandSpec): PipedColumnsName | undefined {
  const name = spec.kind === 'list' ? spec.view : spec.kind === 'run' ? spec.columns : undefined;
  return name !== undefined && Object.hasOwn(PIPED_COLUMNS, name) ? (name as PipedColumnsName) : undefined;
}

/**
 * The fields of a piped line for --help, numbered as `cut -f` counts them, wrapped at `width` columns;
 * for a command that takes `-` (`batch`), where a batch's value goes.
 */
export function pipedHelp(name: PipedColumnsName, width = HELP_WIDTH, batch = false): string {
  const lines: string[] = [];
  let line = '';
  PIPED_COLUMNS[name].forEach((c: string, i: number) => {
    const field = `  ${i + 1} ${c}`;
    if (line && line.length + field.length > width) {
      lines.push(line);
      line = '';
    }
    line += field;
  });
  lines.push(line);
  const intro = 'Piped, each item is a tab-separated line with these fields, no header (--csv names its columns in a header row; --columns picks and orders them by these names):';
  const values = batch ? `\n${wrapText('With - (values from stdin), the value comes first: field 1 is the value, these follow from field 2 (--csv: an input column first).', width)}` : '';
  return `${wrapText(intro, width)}\n${lines.join('\n')}${values}`;
}

/** The text after the options in --help: the spec's own, the piped fields, then its examples, wrapped to `width`. */
export function helpAfter(help: string | undefined, examples: readonly string[], columns: PipedColumnsName | undefined, width: number, batch = false): string {
  const piped = columns ? `\n${pipedHelp(columns, width, batch)}\n` : '';
  return (help ? `\n${wrapText(help, width)}\n` : '') + piped + `\n${examplesSection(examples, width)}`;
}

/** The width help is wrapped to where commander writes it: the terminal's, 80 piped (cli.ts sets both). */
export function helpWidthOf(cmd: Command, error: boolean): number {
  const out = cmd.configureOutput();
  return (error ? out.getErrHelpWidth?.() : out.getOutHelpWidth?.()) ?? HELP_WIDTH;
}

/** Adds the text after the options, wrapped when the help is printed (the width is known only then). */
function addHelpAfter(cmd: Command, help: string | undefined, examples: readonly string[], columns?: PipedColumnsName, batch = false): void {
  cmd.addHelpText('after', (ctx) => helpAfter(help, examples, columns, helpWidthOf(ctx.command, ctx.error), batch));
}

/**
 * Runs a command once commander has parsed its line: the executor (run/execute.ts), which the entry
 * hands in so that the kit never points up at the run side, and --help never loads it.
 */
export type Executor = (spec: CommandSpec, env: RunEnv, cmd: Command) => Promise<void>;

function addCommand(parent: Command, spec: CommandSpec, env: RunEnv, execute: Executor, isDefault = false): void {
  const cmd = parent.command(spec.name, { isDefault }).description(spec.description);
  for (const a of Object.values(spec.args ?? {})) cmd.addArgument(new SpecArgument(a, a.complete));
  for (const [key, o] of Object.entries(spec.options ?? {})) cmd.addOption(specOption(key, o));
  // A list that says how its items are told apart can be followed: --watch, --new-only, --interval.
  if (spec.kind === 'list' && spec.watch) for (const [key, o] of Object.entries(WATCH_OPTIONS)) cmd.addOption(specOption(key, o));
  // A list whose items carry a time takes a window; any other list hears why it does not (a hidden option).
  // (A list the server filters by time declares its own.)
  if (spec.kind === 'list' && !ownWindow(spec)) for (const [key, o] of Object.entries(WINDOW_OPTIONS)) cmd.addOption(specOption(key, spec.dated ? o : { ...o, hidden: true }));
  if (spec.web) cmd.addOption(new SpecOption('--web', WEB_HELP, undefined));
  if (spec.serverCsv) cmd.addOption(new SpecOption('--server-csv', SERVER_CSV_HELP, undefined));
  if (Object.values(spec.args ?? {}).some((a) => a.batch)) cmd.addOption(new SpecOption('--concurrency <n>', BATCH_CONCURRENCY_HELP, undefined));
  const output = spec.kind === 'list' ? 'list' : spec.kind === 'object' ? 'object' : spec.output;
  addOutputOptions(cmd, output, new Set(spec.kind === 'run' ? Object.keys(spec.refuse ?? {}) : []), pipedColumnsOf(spec));
  addHelpAfter(cmd, spec.help, spec.examples, pipedColumnsOf(spec), Object.values(spec.args ?? {}).some((a) => a.batch));
  cmd.action(() => execute(spec, env, cmd));
}

/** Adds the topics and commands of `entries` to `program`, in order. */
export function registerCommands(program: Command, env: RunEnv, entries: readonly (TopicSpec | CommandSpec)[], execute: Executor): void {
  for (const e of entries) {
    if (e.kind !== 'topic') {
      addCommand(program, e, env, execute);
      continue;
    }
    const topic = program.command(e.name).description(e.description);
    for (const c of e.commands) addCommand(topic, c, env, execute, c === e.default);
    if (e.default) routeToDefault(topic, e.default);
    addHelpAfter(topic, defaultHelp(e, e.help), e.examples);
  }
}

/** The line a topic's --help adds about its default verb. */
function defaultHelp(topic: TopicSpec, help: string | undefined): string | undefined {
  const verb = topic.default;
  const first = verb && Object.values(verb.args ?? {})[0];
  if (!verb || !first) return help;
  const line = `\`scout ${topic.name} ${first.syntax}\` is short for \`scout ${topic.name} ${verb.name} ${first.syntax}\`.`;
  return help ? `${help}\n${line}` : line;
}

/**
 * Commander sends every word that is not a verb to the default verb. Two cases keep the answers a
 * topic without a default gives: no word at all prints the topic's help (exit 2), and a plain word
 * the default verb's argument would refuse that was meant as a verb (`scout address txx`, close to
 * a verb, or `scout address balance 0x…`, with words after it) is an unknown command, with the
 * closest verb suggested, not "invalid address 'txx'". A lone word like no verb (`scout address
 * vitalik`) was meant as the argument: the default verb refuses it, saying what one looks like.
 */
function routeToDefault(topic: Command, verb: CommandSpec): void {
  const first = Object.values(verb.args ?? {})[0];
  const accepts = (word: string): boolean => {
    try {
      first?.parse(word);
      return true;
    } catch {
      return false;
    }
  };
  topic.hook('preSubcommand', (t, sub) => {
    if (sub.name() !== verb.name) return;
    const word = t.args[0];
    if (word === verb.name) return;
    if (word === undefined) return t.help({ error: true });
    if (/^[a-z][a-z0-9-]*$/.test(word) && !accepts(word) && (t.args.length > 1 || t.commands.some((c) => nearWord(word, c.name())))) {
      // Commander's own message and suggestion (it reads `t.args[0]`); not in its typings.
      (t as unknown as { unknownCommand(): never }).unknownCommand();
    }
  });
}

/**
 * `word` is a slip for `verb`: at most two edits apart (a swap of neighbours is one) and alike in more
 * than 40% of the longer, the rule by which commander suggests a command.
 */
export function nearWord(word: string, verb: string): boolean {
  if (Math.abs(word.length - verb.length) > 2) return false;
  const distance = editDistance(word, verb);
  const length = Math.max(word.length, verb.length);
  return distance <= 2 && (length - distance) / length > 0.4;
}
