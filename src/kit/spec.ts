/**
 * What a command is, as data: its name, arguments, options, examples, and what it does (a list or an
 * object fetched and printed by the shared output path, or a runner of its own). Every verb module
 * `commands/<topic>/<verb>.ts` exports one as its default; kit/registrar.ts builds the
 * commander tree from them and run/execute.ts runs them.
 *
 * Loaded at start-up for --help, so this module and the verb modules import nothing heavy: parsers
 * from validate.ts, request builders from api/endpoints.ts (which imports only types), and their
 * runners through `import()` inside `run`.
 *
 * Options are typed end to end: `choice(['to', 'from'], …)` parses to `'to' | 'from' | undefined`,
 * and the request builder or runner receives exactly the types its spec declares.
 */
import type { ExplorerClient, ListRequest, Page, Params } from '../api/client.js';
import type { ObjectView, ObjectViews } from '../render/object-views.js';
import type { ListView, views } from '../render/views.js';
import { type NameRef, parseChoice, parseList } from '../base/validate.js';
import type { PipedColumnsName } from './piped-columns.js';
import type { Invocation, Session } from './invocation.js';
import type { Io } from '../base/io.js';
import type { RenderContext } from '../render/context.js';
import type { WebPage } from './web-page.js';
import type { Dated } from '../api/window.js';
import type { CsvExport } from '../api/endpoints.js';
import type { PageOptions } from './page-options.js';

/** What an answer can depend on the explorer having indexed (`indexed` on a spec). */
export type Indexed = 'blocks' | 'internal-transactions';

/** What completion offers for a value. */
export interface Completion {
  /** The values to offer. */
  values?: readonly string[];
  /** The value is a comma-separated list of `values`. */
  list?: boolean;
  /** The value is a file path. */
  file?: boolean;
  /** For an argument: the names of the other top-level commands as well (`scout help <command>`). */
  commands?: boolean;
}

/** What commander gives for an option: nothing, a flag, a value, or the values of a repeated option. */
export type Given = string | boolean | readonly string[] | undefined;

/** An option of one command; `T` is what the command receives. */
export interface OptionSpec<T> {
  /** The value's placeholder in --help (`<list>`); absent for a flag. */
  readonly value?: string | undefined;
  /** A one-letter alias, `-F`. */
  readonly short?: string | undefined;
  /** The --help text. */
  readonly help: string;
  /** The option may be given more than once; the command receives every value, in order. */
  readonly repeatable?: boolean | undefined;
  /** An environment variable read when the option is not given. */
  readonly env?: string | undefined;
  /** The value used when neither the option nor its environment variable is given. */
  readonly default?: string | undefined;
  /** Left out of --help and completion (declared only to be refused with a clear line). */
  readonly hidden?: boolean | undefined;
  readonly complete?: Completion | undefined;
  /** The typed value from what was given, before any request; `from` names the source in errors. */
  parse(given: Given, from: string): T;
}

/** A positional argument; `T` is what the command receives. */
export interface ArgSpec<T> {
  /** As commander writes it: `<address>`, `[query...]`. */
  readonly syntax: string;
  readonly help: string;
  /** Values commander itself enforces (with its own message, before anything else runs). */
  readonly choices?: readonly string[] | undefined;
  readonly complete?: Completion | undefined;
  /** `-` stands for values read from stdin, one a line: the command runs once per value (a batch). */
  readonly batch?: boolean | undefined;
  parse(given: string | readonly string[] | undefined): T;
}

export type ArgsShape = Readonly<Record<string, ArgSpec<unknown>>>;
export type OptionsShape = Readonly<Record<string, OptionSpec<unknown>>>;

/**
 * What a spec parses to. A name given for an address parses to a NameRef, which the executor
 * resolves to the address before the command sees its input: commands receive the address.
 */
type ValueOf<S> = S extends { parse(...given: never[]): infer T } ? Exclude<T, NameRef<unknown>> : never;
/** The typed input of a command with arguments `A` and options `O`. */
export type Input<A, O> = { -readonly [K in keyof A]: ValueOf<A[K]> } & { -readonly [K in keyof O]: ValueOf<O[K]> };

/**
 * Output flags a command takes: `list` (--json, --ndjson, --csv, --all, --limit, --cursor), `rows`
 * (--json, --ndjson, --csv), `object` (--json, --ndjson) or `none`.
 */
export type Output = 'list' | 'rows' | 'object' | 'none';

type ListViews = typeof views;
export type ListViewName = keyof ListViews;
type ItemOf<K extends ListViewName> = ListViews[K] extends ListView<infer T> ? T : never;
export type ObjectViewName = keyof ObjectViews;
type ObjectOf<K extends ObjectViewName> = ObjectViews[K] extends ObjectView<infer T> ? T : never;

/** One object under the base URL. */
export interface ObjectRequest<T = unknown> {
  readonly path: string;
  readonly params?: Params | undefined;
  /** Words for messages: "transaction 0x…". */
  readonly what: string;
  /** Headers of the request beyond the key (`updated-gas-oracle`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Phantom: the object's type. */
  readonly __object?: T;
}

/**
 * A part of an object its view shows beside it, asked once the object says it has one (`tx show`:
 * a blob transaction's blobs); never asked for --json, which prints the object as sent.
 */
export interface ObjectPart {
  /** Its name for the view: `blobs`. */
  readonly key: string;
  readonly path: string;
  /** Words for notes: "blobs of transaction 0x…". */
  readonly what: string;
}

/** The parts an object's view shows, from the object as sent (its fields unchecked). */
export type ObjectParts = (object: Readonly<Record<string, unknown>>) => readonly ObjectPart[];

interface Common<A, O> {
  readonly name: string;
  /** One line, shown in the parent's command list and at the top of --help. */
  readonly description: string;
  readonly args?: A;
  readonly options?: O;
  /** Text for --help after the options, before the examples. */
  readonly help?: string | undefined;
  /** Command lines to copy, shown under Example(s). */
  readonly examples: readonly string[];
  /**
   * Checks across the input (a flag that needs another, `--before` with `--after`), once each
   * argument and option is parsed and before any request: a UsageError here is exit 2. An argument
   * given as `-` (a batch) is not read yet and absent.
   */
  check?(input: Input<A, O>): void;
  /**
   * What the answer depends on the explorer having indexed: `blocks` (a history, a window, a
   * counter) or `internal-transactions` (which depend on blocks too). The run then asks the
   * explorer's indexing status beside its own first request and warns once on stderr while that part
   * is unfinished (run/freshness.ts). Opting a command in is this one line.
   */
  readonly indexed?: Indexed | undefined;
  /**
   * The explorer's web page of what the command shows: the command gets `--web`, which opens that
   * page in a browser on a terminal, or prints its URL when stdout is no terminal (commands/web.ts).
   */
  web?(input: Input<A, O>): WebPage;
  /**
   * The explorer's own CSV of what the command lists: the command gets `--server-csv`, which streams
   * that file to stdout instead of paging the list (run/server-csv.ts). Given the checked input, names
   * resolved and `prepare` done; it throws a UsageError for an option the export cannot take.
   */
  serverCsv?(input: Input<A, O>): CsvExport;
}

/**
 * What tells one item of a list from another across polls of --watch (follow-options.ts has the
 * common ones): the values of its identity fields. An item whose identity fields are all missing is
 * known by its whole text.
 */
export type Identity = (item: Readonly<Record<string, unknown>>) => readonly unknown[];

/** How `--wait` waits for an object (follow-options.ts). */
export interface WaitPlan {
  /** Confirmations to wait for; 1 is mined. */
  readonly confirmations: number;
  /** Milliseconds before giving up; undefined: no limit. */
  readonly timeoutMs: number | undefined;
  /** Milliseconds between polls; undefined: the chain's block time. */
  readonly intervalMs: number | undefined;
}

/** A list from one endpoint, fetched page by page and printed in every output mode. */
export interface ListCommand<A = ArgsShape, O = OptionsShape> extends Common<A, O> {
  readonly kind: 'list';
  /** The request, from checked input; pure (no I/O). */
  request(input: Input<A, O>): ListRequest<unknown>;
  /** The table view of render/views.ts for its items. */
  readonly view: ListViewName;
  /** The list can be followed with --watch (follow-options.ts): what tells its items apart across polls. */
  readonly watch?: Identity | undefined;
  /** The address the list is of, when it is one address's (its tables show DIR and the other party). */
  subject?(input: Input<A, O>): string | undefined;
  /** Its items carry a time, newest first: it takes `--since`/`--until` (window-options.ts), applied as pages arrive. */
  readonly dated?: Dated | undefined;
  /**
   * Asks the explorer what the request needs before the first page (a method name's selector), once
   * names are resolved; the request is built from the input it returns. With `--chains`, asked of
   * the run's own explorer, as names are. `output` says how the list prints (a default that depends
   * on it: `address tokens` hides scam tokens in a terminal's table).
   */
  prepare?(input: Input<A, O>, s: Session, output: PageOptions): Promise<Input<A, O>>;
  /**
   * A line about the whole list for a person reading its table (`contracts`: the verified counts),
   * asked beside the first page and said on stderr after the rows, before the next-page hint: only
   * when the table is on a terminal, never with piped output, --json, --ndjson or --csv, nor with
   * --chains or --watch. Undefined says nothing.
   */
  aside?(s: Session): Promise<string | undefined>;
}

/** One object from one endpoint: a key/value view, or the server's JSON unchanged. */
export interface ObjectCommand<A = ArgsShape, O = OptionsShape> extends Common<A, O> {
  readonly kind: 'object';
  request(input: Input<A, O>): ObjectRequest;
  readonly view: ObjectViewName;
  /** The object can be waited for (`tx show --wait`): the plan from the checked input, undefined to fetch it once. */
  wait?(input: Input<A, O>): WaitPlan | undefined;
  /** Parts its view shows beside it, asked once the object is in (ObjectPart). */
  readonly parts?: ObjectParts | undefined;
}

/**
 * One chain's object under `--chains` (run/fanout.ts): fetched from that chain's explorer, then
 * printed wrapped as JSON (`doc`, the text as sent) or drawn with its key/value view (`show`).
 */
export interface ChainObject {
  /** What the object is, for "no <noun> on …": "address". */
  readonly noun: string;
  /** The object's JSON text, and its key/value view drawn with `render` (warnings go to `io.err`). */
  fetch(client: ExplorerClient, s: Session): Promise<{ doc: string; show(io: Pick<Io, 'err' | 'blocking'>, render: RenderContext): Promise<string> }>;
}

/**
 * One chain's rows under `--chains` for a command whose answer is rows it makes itself (`address
 * balance`): fanout.ts prints them as it prints a list's items (a CHAIN column, wrapped JSON items).
 */
export interface ChainRows {
  /** The rows' table view. */
  readonly view: () => Promise<ListView<unknown>>;
  /** The rows of one chain, from its explorer; `coin` is the chain's coin symbol ('' when not known). */
  pages(client: ExplorerClient, s: Session, coin: string): AsyncIterable<Page>;
}

/** A command with a runner of its own. */
export interface RunCommand<A = ArgsShape, O = OptionsShape> extends Common<A, O> {
  readonly kind: 'run';
  readonly output: Output;
  /** Output modes refused with this message before anything else is checked (the flag is hidden). */
  readonly refuse?: { readonly csv?: string } | undefined;
  /** The list its piped lines print, for --help and README to list their fields (a list command's view says it). */
  readonly columns?: PipedColumnsName | undefined;
  /** Runs with the checked input; imports what it needs with `import()`. */
  run(inv: Invocation, input: Input<A, O>): Promise<void>;
  /** With `--chains`: how an `object` command fetches and shows one chain's object. */
  perChain?(input: Input<A, O>): Promise<ChainObject>;
  /** With `--chains`: how a `rows` command makes one chain's rows. */
  perChainRows?(input: Input<A, O>): Promise<ChainRows>;
}

export type CommandSpec = ListCommand | ObjectCommand | RunCommand;

/** A topic: `scout address <verb>`. */
export interface TopicSpec {
  readonly kind: 'topic';
  readonly name: string;
  readonly description: string;
  readonly help?: string | undefined;
  readonly examples: readonly string[];
  readonly commands: readonly CommandSpec[];
  /**
   * The verb run when the topic is followed by its argument instead of a verb: `scout address 0x…`
   * is `scout address show 0x…`. It must be one of `commands`.
   */
  readonly default?: CommandSpec | undefined;
}

// ---- commands

/** A list command: `request` builds the request from the checked input, `view` names its table. */
export function listCommand<const A extends ArgsShape = {}, const O extends OptionsShape = {}, K extends ListViewName = ListViewName>(
  spec: Common<A, O> & {
    request(input: Input<A, O>): ListRequest<ItemOf<K>>;
    view: K;
    watch?: Identity;
    subject?: (input: Input<A, O>) => string | undefined;
    prepare?: (input: Input<A, O>, s: Session, output: PageOptions) => Promise<Input<A, O>>;
    dated?: Dated;
    aside?: (s: Session) => Promise<string | undefined>;
  },
): ListCommand<A, O> {
  return { ...spec, kind: 'list' };
}

/** An object command: `request` names the object, `view` its key/value view. */
export function objectCommand<const A extends ArgsShape = {}, const O extends OptionsShape = {}, K extends ObjectViewName = ObjectViewName>(
  spec: Common<A, O> & { request(input: Input<A, O>): ObjectRequest<ObjectOf<K>>; view: K; wait?: (input: Input<A, O>) => WaitPlan | undefined; parts?: ObjectParts },
): ObjectCommand<A, O> {
  return { ...spec, kind: 'object' };
}

/** A command with its own runner. */
export function command<const A extends ArgsShape = {}, const O extends OptionsShape = {}>(
  spec: Common<A, O> & {
    output: Output;
    refuse?: RunCommand['refuse'];
    columns?: PipedColumnsName;
    run(inv: Invocation, input: Input<A, O>): Promise<void>;
    perChain?(input: Input<A, O>): Promise<ChainObject>;
    perChainRows?(input: Input<A, O>): Promise<ChainRows>;
  },
): RunCommand<A, O> {
  return { ...spec, kind: 'run' };
}

/** A topic grouping verbs. */
export function topic(spec: Omit<TopicSpec, 'kind'>): TopicSpec {
  return { ...spec, kind: 'topic' };
}

// ---- arguments

/** A required argument, `<address>`, checked by `parse` (the raw text by default). */
export function arg(syntax: `<${string}>`, help: string): ArgSpec<string>;
export function arg<T>(syntax: `<${string}>`, help: string, parse: (raw: string) => T): ArgSpec<T>;
export function arg<T>(syntax: `<${string}>`, help: string, parse?: (raw: string) => T): ArgSpec<T | string> {
  return { syntax, help, parse: (given) => (parse ?? String)(typeof given === 'string' ? given : '') };
}

/** The same argument, also taking `-`: one value per line from stdin, the command run for each (a batch). */
export function batchable<T>(a: ArgSpec<T>): ArgSpec<T> {
  return { ...a, help: `${a.help}; - reads one per line from stdin`, batch: true };
}

/** A required argument commander itself limits to `values`. */
export function oneOf<const V extends readonly string[]>(syntax: `<${string}>`, help: string, values: V): ArgSpec<V[number]> {
  const name = syntax.slice(1, -1);
  return { syntax, help, choices: values, parse: (given) => parseChoice(typeof given === 'string' ? given : '', values, name) };
}

/** Any number of words, `[query...]`, checked together by `parse`. */
export function words(syntax: `[${string}...]`, help: string, complete?: Completion): ArgSpec<string[]>;
export function words<T>(syntax: `[${string}...]`, help: string, complete: Completion | undefined, parse: (words: string[]) => T): ArgSpec<T>;
export function words<T>(syntax: `[${string}...]`, help: string, complete?: Completion, parse?: (words: string[]) => T): ArgSpec<T | string[]> {
  const all = (given: string | readonly string[] | undefined) => (given === undefined ? [] : typeof given === 'string' ? [given] : [...given]);
  return { syntax, help, complete, parse: (given) => (parse ? parse(all(given)) : all(given)) };
}

// ---- options

/** `registryUrl` → `--registry-url`: an option's long flag; its key is commander's attribute name. */
export function longFlag(key: string): string {
  return '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/** A flag: true when given. */
export function flag(help: string): OptionSpec<boolean> {
  return { help, parse: (given) => given === true };
}

interface TextExtra {
  /** An environment variable read when the option is not given; --help names it. */
  env?: string;
  /** The value when neither is given; --help shows it. */
  default?: string;
  complete?: Completion;
}

/** The --help text with where else the value comes from: "(env SCOUT_X; default y)". */
function helpWith(help: string, extra: TextExtra): string {
  const notes = [extra.env && `env ${extra.env}`, extra.default !== undefined && `default ${extra.default}`].filter(Boolean);
  return notes.length ? `${help} (${notes.join('; ')})` : help;
}

/** An option taking a value `<value>`, checked by `parse` (the text itself by default). */
export function option(value: `<${string}>`, help: string): OptionSpec<string | undefined>;
export function option<T>(value: `<${string}>`, help: string, parse: (raw: string, from: string) => T, extra?: TextExtra & { default?: undefined }): OptionSpec<T | undefined>;
export function option<T>(value: `<${string}>`, help: string, parse: (raw: string, from: string) => T, extra: TextExtra & { default: string }): OptionSpec<T>;
export function option<T>(value: `<${string}>`, help: string, parse?: (raw: string, from: string) => T, extra: TextExtra = {}): OptionSpec<T | string | undefined> {
  return {
    value,
    help: helpWith(help, extra),
    env: extra.env,
    default: extra.default,
    complete: extra.complete,
    parse: (given, from) => (typeof given === 'string' ? (parse ? parse(given, from) : given) : undefined),
  };
}

/** An option taking one of `values` (any case): `--filter <to|from>`. */
export function choice<const V extends readonly string[]>(values: V, help: string): OptionSpec<V[number] | undefined> {
  return {
    value: `<${values.join('|')}>`,
    help,
    complete: { values },
    parse: (given, from) => (typeof given === 'string' ? parseChoice(given, values, from) : undefined),
  };
}

/** An option taking a comma-separated list of `values`: `--type <list>`; --help lists them. */
export function list<const V extends readonly string[]>(values: V, help: string): OptionSpec<V[number][] | undefined> {
  return {
    value: '<list>',
    help: `${help}: ${values.join(', ')}`,
    complete: { values, list: true },
    parse: (given, from) => (typeof given === 'string' ? parseList(given, values, from) : undefined),
  };
}

/** An option that may be repeated, `-F, --field <key=value>`: every value in order, checked by `parse`. */
export function repeated(short: `-${string}`, value: `<${string}>`, help: string): OptionSpec<string[]>;
export function repeated<T>(short: `-${string}`, value: `<${string}>`, help: string, parse: (values: string[], from: string) => T): OptionSpec<T>;
export function repeated<T>(short: `-${string}`, value: `<${string}>`, help: string, parse?: (values: string[], from: string) => T): OptionSpec<T | string[]> {
  const all = (given: Given) => (given === undefined || typeof given === 'boolean' ? [] : typeof given === 'string' ? [given] : [...given]);
  return { short, value, help, repeatable: true, parse: (given, from) => (parse ? parse(all(given), from) : all(given)) };
}
