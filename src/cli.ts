/**
 * The root program: global options, the command tree (built from the specs in commands/catalog.ts), and
 * the mapping of errors to messages and exit codes. Only the specs load here; what a command runs with
 * loads when it runs (docs/style.md, "Lazy imports keep start-up fast"), so --help and --version load
 * no HTTP client, schema, spinner or renderer.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { HELP_TOPICS } from './commands/help/help.js';
import { AREAS, entryNamed, loadAll } from './commands/catalog.js';
import { registerCommands } from './kit/registrar.js';
import { layOutRootHelp, MIN_WIDTH_TO_WRAP, ROOT_DESCRIPTION } from './kit/root-help.js';
import type { RunEnv } from './kit/invocation.js';
import type { CommandSpec, TopicSpec } from './kit/spec.js';
import { addGlobalOptions, switchWanted } from './config/setting-table.js';
import { ScoutError, UsageError } from './base/errors.js';
import { otherKind } from './base/validate.js';
import { type Io, memoryIo } from './base/io.js';
import { ClosedPipeError } from './base/node-io.js';

/** Commands that read the whole tree (other commands' help, the completion scripts). */
const WHOLE_TREE: ReadonlySet<string> = new Set(['help', 'completion']);

/** Set by the bundler (scripts/build.mjs); absent when running from source. */
declare const __SCOUT_VERSION__: string | undefined;

function readVersion(): string {
  if (typeof __SCOUT_VERSION__ === 'string') return __SCOUT_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Where the first word of `args` (the command line after the program) is that is not an option or
 * an option's value, read with the options `program` knows; undefined when there is none or an
 * option it does not know hides where the word starts.
 */
function firstWord(program: Command, args: readonly string[]): number | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return undefined;
    if (!a.startsWith('-') || a === '-') return i;
    const flag = a.startsWith('--') ? a.split('=')[0]! : a.slice(0, 2);
    const o = program.options.find((x) => x.long === flag || x.short === flag);
    if (!o) return undefined;
    // A value in the same word (`--timeout=5`, `-t5`) or none taken: the next word is not its value.
    const inline = a.startsWith('--') ? a.includes('=') : a.length > 2;
    if ((o.required || o.optional) && !inline) {
      if (o.optional && args[i + 1]?.startsWith('-')) continue;
      i++;
    }
  }
  return undefined;
}

/**
 * A topic with only the verb `word` (the word after the topic's name), when it is one of its verbs:
 * the topic's other verbs were 4% of a lookup's instructions. Anything else (an option, an argument
 * for the default verb, a slip) needs them all, to run, to suggest or to list.
 */
function onlyVerb(spec: TopicSpec | CommandSpec, word: string | undefined): TopicSpec | CommandSpec {
  if (spec.kind !== 'topic') return spec;
  const verb = spec.commands.find((c) => c.name === word);
  return verb ? { ...spec, commands: [verb], default: spec.default === verb ? verb : undefined } : spec;
}

/**
 * Builds the commander tree. Given the command line (`argv`, as process.argv), only the command or
 * topic its first word names is loaded and built (with the global options), and of a topic only the
 * verb the next word names: the rest of the tree is most of the start-up of a lookup. Anything else
 * (no word, a word that names nothing, `help`, `completion`) builds the whole tree, which it reads.
 */
export async function buildProgram(env: RunEnv, argv?: readonly string[]): Promise<Command> {
  const program = new Command('scout');
  program
    .description(ROOT_DESCRIPTION)
    .version(env.version, '-V, --version', 'print the version');
  // The global options come from the settings table, like their variables and config-file keys.
  addGlobalOptions(program);
  program
    .showSuggestionAfterError(true)
    .helpCommand(false)
    // Every command inherits it: a terminal narrower than 80 columns still gets its help wrapped.
    .configureHelp({ minWidthToWrap: MIN_WIDTH_TO_WRAP });
  const args = argv?.slice(2) ?? [];
  const at = argv && firstWord(program, args);
  const word = at === undefined ? undefined : args[at]!;
  const named = word === undefined || WHOLE_TREE.has(word) ? undefined : entryNamed(word);
  const specs = named ? [onlyVerb(await named.load(), args[at! + 1])] : await loadAll();
  // The executor loads when a command runs, never for --help.
  registerCommands(program, env, specs, async (spec, e, cmd) => (await import('./run/execute.js')).execute(spec, e, cmd));
  layOutRootHelp(program, AREAS, HELP_TOPICS, 'Settings also come from SCOUT_* variables and the config file (scout config path).');

  // Errors come back to run() as exceptions; commander prints help and its own messages through io.
  // Each remembers the command that raised it, so a usage error points to that command's --help.
  const configure = (cmd: Command) => {
    cmd.exitOverride((e) => {
      raisedBy.set(e, cmd);
      throw e;
    });
    cmd.configureOutput({
      writeOut: (s) => void env.io.out.write(s),
      writeErr: (s) => void env.io.err.write(s),
      // Help is wrapped to the terminal's width, and to commander's 80 columns through a pipe: from
      // the Io, as everything else, so help piped is the same text wherever it is rendered (the
      // build renders it once for the entry to print, launch.ts).
      getOutHelpWidth: () => (env.io.stdoutIsTTY ? env.io.width : 80),
      getErrHelpWidth: () => (env.io.stderrIsTTY ? env.io.width : 80),
      outputError: () => undefined,
    });
    cmd.commands.forEach(configure);
  };
  configure(program);
  return program;
}

/** The command whose parsing raised a commander error. */
const raisedBy = new WeakMap<CommanderError, Command>();

/** `scout address txs`: the words that name a command, from the root. */
function commandWords(cmd: Command | undefined): string {
  const words: string[] = [];
  for (let c = cmd; c; c = c.parent ?? undefined) words.unshift(c.name());
  return words.length ? words.join(' ') : 'scout';
}

/** The commands under `root` that take `option` (a long flag), as their words without `scout`. */
function commandsTaking(root: Command, option: string): string[] {
  const found: string[] = [];
  const walk = (c: Command) => {
    if (c.options.some((o) => o.long === option)) found.push(commandWords(c).replace(/^scout /, ''));
    c.commands.forEach(walk);
  };
  walk(root);
  return found.sort();
}

/**
 * Commander's message for an error, made to lead: `--chains` on a command without it names the
 * commands that take it, rather than the --chain commander suggests; a value given as a command
 * (`scout 0x…`, `scout vitalik.eth`) says what it is and the command that takes it.
 */
async function commanderMessage(e: CommanderError): Promise<{ message: string; hint?: string | undefined }> {
  const message = e.message.replace(/^error:\s*/, '').replace(/\s*\n\s*/g, ' ');
  const cmd = raisedBy.get(e);
  if (!cmd) return { message };
  let root = cmd;
  while (root.parent) root = root.parent;
  if (e.code === 'commander.unknownOption' && /^unknown option '--chains(=[^']*)?'/.test(message)) {
    const words = cmd === root ? 'scout' : commandWords(cmd).replace(/^scout /, '');
    // The tree built for this command line may hold only its command: the whole tree says which take it.
    const whole = await buildProgram({ io: memoryIo(), version: '' });
    return { message: `${words} does not take --chains; these do: ${commandsTaking(whole, '--chains').join(', ')}` };
  }
  // Only shapes otherKind knows reach the hint: a hash, an address, a dotted name, a number, all safe text.
  const other = e.code === 'commander.unknownCommand' && cmd === root && cmd.args[0] !== undefined ? otherKind(cmd.args[0]) : undefined;
  if (other) return { message: message.replace(/\s*\(Did you mean .*\)$/, ''), hint: `that is ${other.what}: ${other.command}` };
  return { message };
}

/**
 * A stack trace is printed (with --verbose) only when it names files a reader can open: running
 * from source. The built program is one minified bundle whose frames say nothing.
 */
const STACKS = typeof __SCOUT_VERSION__ !== 'string';

/**
 * Maps a failure to its one-line message and exit code. The message is best effort: a stderr that
 * cannot be written loses it, never the exit code (a usage error stays 2 with stderr on a full disk).
 */
async function report(io: Io, e: unknown, verbose: boolean): Promise<number> {
  // The reader closed the pipe (`| head`): a quiet, successful end.
  if (e instanceof ClosedPipeError) return 0;
  const say = async (line: string) => {
    try {
      await io.err.write(line);
    } catch {
      // stderr is gone too: nothing left to tell, the exit code still says it.
    }
  };
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.exitCode === 0) return 0;
    // 'commander.help': a topic run without a verb; its help is already on stderr.
    if (e.code === 'commander.help') return 2;
    const { message, hint } = await commanderMessage(e);
    await say(`scout: ${message}\n`);
    if (hint) await say(`scout: ${hint}\n`);
    await say(`scout: see '${commandWords(raisedBy.get(e))} --help'\n`);
    return 2;
  }
  if (e instanceof ScoutError) {
    await say(`scout: ${e.message}\n`);
    if (e.hint) await say(`scout: ${e.hint}\n`);
    if (e instanceof UsageError && e.see) await say(`scout: see '${e.see}'\n`);
    if (verbose && STACKS && e.stack) await say(e.stack + '\n');
    return e.exitCode;
  }
  const err = e as Error;
  await say(`scout: unexpected error: ${err?.message ?? String(e)}\n`);
  if (verbose && STACKS && err?.stack) await say(err.stack + '\n');
  return 1;
}

/**
 * Runs the CLI with `argv` (as process.argv) and returns the exit code. `exits`: the process ends
 * when the run does (main.ts), so idle connections are left to the exit (`RunEnv.exits`).
 */
export async function run(argv: string[], io: Io, signal?: AbortSignal, exits = false): Promise<number> {
  const verbose = switchWanted('verbose', argv, io.env);
  let code: number;
  try {
    const env: RunEnv = { io, version: readVersion(), signal, exits };
    const program = await buildProgram(env, argv);
    if (argv.length <= 2) program.outputHelp();
    else await program.parseAsync(argv);
    code = 0;
  } catch (e) {
    if (e instanceof CommanderError && e.exitCode !== 0) {
      // Commander's messages quote what was typed (an unknown option, an extra argument): as safe text.
      // Loaded here, not at the top: --help and --version load no renderer.
      const { safeText } = await import('./base/text/safe.js');
      e.message = safeText(e.message.replace(/\n+$/, '').replace(/\r?\n/g, ' '));
    }
    code = await report(io, e, verbose);
  }
  if (code !== 0) return code;
  // Writes nobody awaited (help, log lines) or whose failure came after they settled: a run whose
  // output did not arrive is not a success. Stream errors are reported on a later tick: let them.
  // Writers that wrote everything synchronously have nothing left to report.
  try {
    if (!io.out.settled?.() || !io.err.settled?.()) await new Promise((resolve) => setImmediate(resolve));
    await io.out.write('');
    await io.err.write('');
    return 0;
  } catch (e) {
    return report(io, e, verbose);
  }
}
