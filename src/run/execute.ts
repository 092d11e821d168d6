/**
 * Runs a command from its spec. First every input is checked, before any request and in a fixed
 * order: the output and page flags, a refused output mode, the arguments, then the options as
 * declared (each from its flag, else its environment variable, else its default). Then a list or an
 * object is fetched and printed through the shared output path, or the command's runner gets the
 * typed input. Loaded when a command runs, never for --help; what only lists or objects need loads
 * with them.
 */
import type { Command } from 'commander';
import { InterruptedError, UsageError } from '../base/errors.js';
import { WATCH_OPTIONS, type WatchPlan, watchPlan } from '../kit/follow-options.js';
import { NameRef, parsePositiveInt } from '../base/validate.js';
import { checkColumns, pageOptions } from '../kit/page-options.js';
import { type CsvPeriod, csvPeriod, ownWindow, windowed, windowOf } from '../kit/window-options.js';
import { PIPED_COLUMNS } from '../kit/piped-columns.js';
import { pipedColumnsOf } from '../kit/registrar.js';
import { flagName, namesEnvironment, SETTINGS, type SettingSpec } from '../config/setting-table.js';
import { type CommandLine, type HintWord, type Invocation, MAX_HOSTS, type RunEnv } from '../kit/invocation.js';
import type { Lane } from './fanout.js';
import type { LazySession } from './session.js';
import { type ArgSpec, type CommandSpec, type Given, longFlag, type WaitPlan } from '../kit/spec.js';
import { objectView, view } from '../kit/view-ref.js';
import { echo } from '../base/text/echo.js';

const PAGE_FLAGS = new Set(['all', 'limit', 'cursor']);

/** Names that look like credentials, as `--verbose` masks query parameters. */
const KEY_LIKE = /key|token|secret|auth/i;

/**
 * A `-F key=value` field as a hint may show it: its name, the value masked. Any field may be a
 * secret (`password=`, `sig=`, `k=`), whatever its name; the user types the values back.
 */
function shownField(field: string): string {
  const i = field.indexOf('=');
  return i > 0 ? `${field.slice(0, i)}=***` : field;
}

/** The variable a secret global option has (`--explorer-key` → SCOUT_EXPLORER_KEY), by long flag. */
const SECRET_VARIABLE = new Map((SETTINGS as readonly SettingSpec[]).filter((s) => s.secret && s.flag).map((s) => [flagName(s), s.env]));

/** The options of `c` typed on the command line, as words (page flags left out). */
function typedOptions(c: Command): HintWord[] {
  const words: HintWord[] = [];
  for (const o of c.options) {
    const name = o.attributeName();
    if (PAGE_FLAGS.has(name) || c.getOptionValueSource(name) !== 'cli') continue;
    const v: unknown = c.getOptionValue(name);
    // Long names read best in a hint (`--json`, not `-j`); `-F` fields stay as typed.
    const flag = (name === 'field' ? o.short : o.long) ?? o.short ?? `--${name}`;
    // `--no-color` and a `--color <when>` share one value: each option shows only what it sets.
    if (o.negate) {
      if (v === false) words.push(o.long ?? flag);
      continue;
    }
    if (typeof v === 'boolean') {
      if (v) words.push(flag);
      continue;
    }
    if (v === undefined) continue;
    const variable = o.long ? SECRET_VARIABLE.get(o.long) : undefined;
    for (const value of Array.isArray(v) ? v.map(String) : [String(v)]) {
      // A key never shows: a global key's option names its variable (pasted, the shell puts the
      // key back from there); any other key-like value is masked.
      if (variable) words.push(flag, { shell: `"$${variable}"` });
      else words.push(flag, KEY_LIKE.test(name) ? '***' : name === 'field' ? shownField(value) : value);
    }
  }
  return words;
}

/**
 * The user's own command line again, for the next-page hint: the global options typed (an explorer
 * chosen by --base-url or --chain goes with its cursor), the command path, its arguments and its
 * options, page flags left out. A repeated option is repeated as given (`-F a=1 -F b=2`), never
 * merged, and credentials never show. Arguments that start with a dash go last, after `--`.
 */
export function commandLine(cmd: Command): CommandLine {
  const chain: Command[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) chain.unshift(c);
  const head: HintWord[] = [];
  for (const c of chain) {
    if (c.parent) head.push(c.name());
    if (c !== cmd) head.push(...typedOptions(c));
  }
  const args = cmd.args.map(String);
  const dashed = args.some((a) => a.startsWith('-'));
  if (!dashed) head.push(...args);
  head.push(...typedOptions(cmd));
  return { head, tail: dashed ? ['--', ...args] : [] };
}

/** What commander holds for an option or argument, as the spec parsers take it. */
function given(v: unknown): Given {
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(String);
  return undefined;
}

/** The string commander holds for a valued option, if any. */
function givenText(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * Checks the input of `spec` as commander parsed it on `cmd`, then runs it. A usage error ends by
 * pointing to where to read more: the command's --help, or `scout help environment` when what was
 * wrong is a variable or the config file (what the message names, as the settings sources word it).
 */
export async function execute(spec: CommandSpec, env: RunEnv, cmd: Command): Promise<void> {
  try {
    await checkAndRun(spec, env, cmd);
  } catch (e) {
    if (e instanceof UsageError) e.see ??= namesEnvironment(e.message) ? 'scout help environment' : `scout ${pathOf(cmd).join(' ')} --help`;
    throw e;
  }
}

/** `['address', 'txs']`: the words that name `cmd` below the root. */
function pathOf(cmd: Command): string[] {
  const path: string[] = [];
  for (let c: Command | null = cmd; c && c.parent; c = c.parent) path.unshift(c.name());
  return path;
}

async function checkAndRun(spec: CommandSpec, env: RunEnv, cmd: Command): Promise<void> {
  const output = await pageOptions({
    json: cmd.getOptionValue('json') === true,
    ndjson: cmd.getOptionValue('ndjson') === true,
    csv: cmd.getOptionValue('csv') === true,
    all: cmd.getOptionValue('all') === true,
    limit: givenText(cmd.getOptionValue('limit')),
    cursor: givenText(cmd.getOptionValue('cursor')),
    jq: givenText(cmd.getOptionValue('jq')),
    wide: cmd.getOptionValue('wide') === true,
    columns: givenText(cmd.getOptionValue('columns')),
  }, async () => (await import('../config/settings.js')).jqLimits(cmd.optsWithGlobals(), env.io.env));
  if (spec.kind === 'run' && output.mode === 'csv' && spec.refuse?.csv) throw new UsageError(spec.refuse.csv);
  if (spec.kind === 'list' && !ownWindow(spec)) {
    const given = { since: givenText(cmd.getOptionValue('since')), until: givenText(cmd.getOptionValue('until')) };
    output.window = windowOf(given, spec.dated, pathOf(cmd).join(' '), env.io.now());
  }
  const fields = pipedColumnsOf(spec);
  if (fields) checkColumns(output.columns, PIPED_COLUMNS[fields]);

  const input: Record<string, unknown> = {};
  // `-` for an argument that takes it: the values come from stdin, each checked there (batch.ts).
  let batch: { key: string; arg: ArgSpec<unknown> } | undefined;
  Object.entries(spec.args ?? {}).forEach(([key, a], i) => {
    const v = given(cmd.processedArgs[i]);
    if (a.batch && v === '-' && !batch) batch = { key, arg: a };
    else input[key] = a.parse(typeof v === 'boolean' ? undefined : v);
  });
  for (const [key, o] of Object.entries(spec.options ?? {})) {
    let value = given(cmd.getOptionValue(key));
    let from = longFlag(key);
    const fromEnv = o.env === undefined ? undefined : env.io.env[o.env];
    if (value === undefined && o.env && fromEnv) [value, from] = [fromEnv, o.env];
    if (value === undefined && o.default !== undefined) [value, from] = [o.default, ''];
    input[key] = o.parse(value, from);
  }
  spec.check?.(input as never);
  // --watch and its options, on a list that can be followed; checked with the page flags they exclude.
  const w = WATCH_OPTIONS;
  const watch =
    spec.kind === 'list' && spec.watch
      ? watchPlan(
          {
            watch: w.watch.parse(given(cmd.getOptionValue('watch')), '--watch'),
            newOnly: w.newOnly.parse(given(cmd.getOptionValue('newOnly')), '--new-only'),
            interval: w.interval.parse(given(cmd.getOptionValue('interval')), '--interval'),
          },
          { mode: output.mode, json: cmd.getOptionValue('json') === true, jq: output.jq !== undefined, all: output.all, limit: output.limit !== undefined, cursor: output.cursorRead !== undefined },
        )
      : undefined;
  const wait = spec.kind === 'object' ? spec.wait?.(input) : undefined;

  const web = spec.web !== undefined && cmd.getOptionValue('web') === true;
  if (web && (output.mode === 'json' || output.mode === 'ndjson' || output.jq)) {
    throw new UsageError('--web opens the web page instead of printing; it does not go with --json, --ndjson or --jq');
  }
  if (web && wait) throw new UsageError('--web opens the web page instead of printing; it does not go with --wait');
  const concurrency = concurrencyOf(givenText(cmd.getOptionValue('concurrency')));
  if (batch && web) throw new UsageError('--web opens one page; it does not go with - (values from stdin)');
  if (batch && watch) throw new UsageError('--watch follows one list; it does not go with - (values from stdin)');
  if (watch && output.window) throw new UsageError('--watch follows new items; it does not go with --since or --until, which pick a window of the history');
  if (batch && wait) throw new UsageError('--wait waits for one transaction; it does not go with - (values from stdin)');

  const chains = Array.isArray(input.chains) ? (input.chains as string[]) : undefined;
  const serverCsv = spec.serverCsv !== undefined && cmd.getOptionValue('serverCsv') === true ? checkServerCsv(spec, input, output, { batch: Boolean(batch), chains: Boolean(chains), web, watch: Boolean(watch), now: env.io.now() }) : undefined;

  const path = pathOf(cmd);
  let program = cmd;
  while (program.parent) program = program.parent;
  // The session opens when a runner first asks for it and closes when the command ends: a command
  // that needs no settings (config, cache, help) never resolves them, so a broken one cannot stop it.
  let lazy: Promise<LazySession> | undefined;
  // Freshness (freshness.ts): a command that depends on what its explorer has indexed asks the
  // indexing status once, as its session opens, so the answer comes beside the command's own.
  // Not with --watch: it ends only at Ctrl-C, where nothing more is said.
  const indexed = chains || web || watch ? undefined : spec.indexed;
  let probe: Promise<string | undefined> | undefined;
  // What the run may send to one host at once: the pool per origin is as wide (api/transport.ts).
  const perHost = (batch ? concurrency : 1) * (chains ? Math.min(chains.length, MAX_HOSTS) : 1);
  const base: Omit<Invocation, 'session'> = { env, path, globals: cmd.optsWithGlobals(), output, hint: commandLine(cmd), program, concurrency: perHost };
  const inv: Invocation = {
    ...base,
    session: async () => {
      const s = await (await (lazy ??= import('./session.js').then((m) => m.lazySession(base)))).get();
      if (indexed && !probe) probe = import('./freshness.js').then((m) => m.probeIndexing(s), () => undefined);
      return s;
    },
  };
  let failure: unknown;
  try {
    await runChecked(spec, inv, input, { batch, chains, web, watch, wait, concurrency, serverCsv });
  } catch (e) {
    failure = e;
    throw lazy ? (await lazy).explain(e) : e;
  } finally {
    // Said after the output (and before an error's line), unless the run was refused or stopped.
    if (probe && indexed && !(failure instanceof UsageError || failure instanceof InterruptedError)) {
      await (await import('./freshness.js')).tellIndexing(env.io, probe, indexed);
    }
    if (lazy) await (await lazy).close();
  }
}

/** What the executor found on the command line beside the input: how the command runs. */
interface Plan {
  readonly batch: { key: string; arg: ArgSpec<unknown> } | undefined;
  readonly chains: readonly string[] | undefined;
  readonly web: boolean;
  readonly watch: WatchPlan | undefined;
  readonly wait: WaitPlan | undefined;
  readonly concurrency: number;
  /** `--server-csv`: the explorer's own CSV instead of the list, with its period (undefined: none sent). */
  readonly serverCsv: { readonly period: CsvPeriod | undefined } | undefined;
}

/** Output and page flags that shape a list scout prints, which the explorer's own CSV is not. */
const NOT_WITH_SERVER_CSV: readonly (readonly [string, (o: Invocation['output']) => boolean])[] = [
  ['--json', (o) => o.mode === 'json' && !o.jq],
  ['--ndjson', (o) => o.mode === 'ndjson' && !o.jq],
  ['--jq', (o) => o.jq !== undefined],
  ['--all', (o) => o.all],
  ['--limit', (o) => o.limit !== undefined],
  ['--cursor', (o) => o.cursorRead !== undefined],
  ['--columns', (o) => o.columns !== undefined],
  ['--wide', (o) => Boolean(o.wide)],
];

/**
 * `--server-csv`, checked before any request: the explorer's file is printed as it comes, so the
 * flags that shape scout's own output, follow a list or run it many times do not go with it; an
 * option the export cannot take is refused by the spec's builder (names are not resolved yet: it
 * only builds a path); the window becomes the explorer's period.
 */
function checkServerCsv(
  spec: CommandSpec,
  input: Record<string, unknown>,
  output: Invocation['output'],
  how: { batch: boolean; chains: boolean; web: boolean; watch: boolean; now: number },
): Plan['serverCsv'] {
  const clash = NOT_WITH_SERVER_CSV.find(([, given]) => given(output))?.[0] ??
    (how.watch ? '--watch' : how.web ? '--web' : how.chains ? '--chains' : how.batch ? '- (values from stdin)' : undefined);
  if (clash) throw new UsageError(`--server-csv prints the explorer's own CSV file as it comes; it does not go with ${clash}`);
  const exported = spec.serverCsv!(input as never);
  return { period: exported.period ? csvPeriod(output.window, how.now) : undefined };
}

/** Runs a command whose input is checked: over chains, over values from stdin, or once. */
async function runChecked(spec: CommandSpec, inv: Invocation, input: Record<string, unknown>, plan: Plan): Promise<void> {
  const { batch, chains, web, watch, wait, concurrency, serverCsv } = plan;
  const { output, path } = inv;
  // `--chains`: the command over several explorers (fanout.ts); what it refuses is refused before any request.
  let lanes: Lane[] | undefined;
  if (chains) {
    if (web) throw new UsageError('--web opens one page; it does not go with --chains');
    if (watch || wait) throw new UsageError(`${watch ? '--watch' : '--wait'} follows one explorer; it does not go with --chains`);
    lanes = await (await import('./fanout.js')).planChains(inv, chains);
  }

  if (batch) {
    const { runBatch } = await import('./batch.js');
    // An object command's --json is an array of its documents; over chains, of the wrapped objects.
    const documents = !lanes && (spec.kind === 'object' || (spec.kind === 'run' && spec.output === 'object'));
    const job = { inv, input, ...batch, json: documents ? ('documents' as const) : ('items' as const), concurrency };
    if (!lanes) return runBatch({ ...job, inputField: 'first', run: (one, full) => run(spec, one, full, {}) });
    const overChains = lanes;
    const { runFanout, ChainFailures } = await import('./fanout.js');
    const { WaitingOutput, WAITING_OUTPUT_BYTES } = await import('./many.js');
    const failures = new ChainFailures();
    // One budget of waiting output for the values and their chains.
    const budget = new WaitingOutput(inv.env.io.waitingOutputBytes ?? WAITING_OUTPUT_BYTES);
    return runBatch({
      ...job,
      budget,
      inputField: 'rows',
      run: (one, full, value) => runFanout(spec, one, full, overChains, { ...value, failures, budget }),
      end: async (values) => failures.tell(inv.env.io.err, values),
    });
  }

  const dispatch = async (): Promise<void> => {
    if (web && spec.web) return (await import('./web.js')).showPage(inv, spec.web(input));
    if (lanes) return (await import('./fanout.js')).runFanout(spec, inv, input, lanes);
    return run(spec, inv, input, { watch, wait, serverCsv });
  };

  // Names given for addresses: each checked (ENS normalisation) before any request, then resolved
  // in the session the command runs in, before its own request. The hint repeats what was typed.
  const names = Object.entries(input).filter((e): e is [string, NameRef<unknown>] => e[1] instanceof NameRef);
  if (names.length === 0) return dispatch();
  const { normaliseName, resolveNames } = await import('./names.js');
  const normalised: (readonly [NameRef<unknown>, string])[] = [];
  for (const [, ref] of names) normalised.push([ref, await normaliseName(ref)]);
  // A cursor of another command is refused before the lookup (the list's path waits for the address).
  const from = output.cursorRead?.from;
  if (from && from.command !== path.join(' ')) (await import('../api/cursor.js')).checkCursorOrigin(output.cursorRead, { command: path.join(' '), path: '' });
  const resolved = await resolveNames(await inv.session(), normalised);
  for (const [key, ref] of names) input[key] = ref.finish(resolved.get(ref)!);
  return dispatch();
}

/** `--concurrency <n>`: 1 to 64, checked whether or not a batch runs; 4 when not given. */
function concurrencyOf(text: string | undefined): number {
  if (text === undefined) return 4;
  const n = parsePositiveInt(text, '--concurrency')!;
  if (n > 64) throw new UsageError(`invalid --concurrency ${echo(text)}: expected a whole number from 1 to 64`);
  return n;
}

/** Runs a command whose input is checked and complete; `follow`: how --watch or --wait goes, when given. */
async function run(
  spec: CommandSpec,
  inv: Invocation,
  input: Record<string, unknown>,
  follow: { watch?: WatchPlan | undefined; wait?: WaitPlan | undefined; serverCsv?: Plan['serverCsv'] },
): Promise<void> {
  const { watch, wait, serverCsv } = follow;
  const { output, path } = inv;
  if (serverCsv && spec.serverCsv) {
    // What the export needs asked first (a method name's selector), as the list's first page would.
    const ready = spec.kind === 'list' && spec.prepare ? await spec.prepare(input as never, await inv.session(), output) : input;
    return (await import('./server-csv.js')).runServerCsv(inv, spec.serverCsv(ready as never), serverCsv.period);
  }
  switch (spec.kind) {
    case 'list': {
      let req = windowed(spec.request(input), spec.dated, output.window);
      // A cursor another list printed is refused before any request.
      if (output.cursorRead) (await import('../api/cursor.js')).checkCursorOrigin(output.cursorRead, { command: path.join(' '), path: req.path });
      if (spec.prepare) req = windowed(spec.request(await spec.prepare(input, await inv.session(), output)), spec.dated, output.window);
      if (watch && spec.watch) return (await import('./watch.js')).runWatch(inv, req, view(spec.view), watch, spec.watch, spec.subject?.(input));
      const { runList } = await import('./list.js');
      return runList(inv, req, view(spec.view), spec.subject?.(input), spec.aside);
    }
    case 'object': {
      const req = spec.request(input);
      if (wait) return (await import('./wait.js')).runWait(inv, req, objectView(spec.view), wait, spec.parts);
      const { runObject } = await import('./object.js');
      return runObject(inv, req, objectView(spec.view), spec.parts);
    }
    case 'run':
      return spec.run(inv, input);
  }
}
