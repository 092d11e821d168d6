/**
 * The root program: global options, topic registration, and the mapping of errors to messages and
 * exit codes. Command modules are imported only when their command runs (STYLE.md, habit 10), so
 * --help loads commander and the command tree but no HTTP client, schemas or renderers (a bare
 * --version is answered by main.ts before this module loads).
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { registerAddress } from './commands/address/index.js';
import { registerAdmin } from './commands/admin/index.js';
import { registerApi } from './commands/api/index.js';
import { registerChains } from './commands/chains/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { registerConfig } from './commands/config/index.js';
import { helpTopicsText, registerHelp } from './commands/help/index.js';
import { registerSearch } from './commands/search/index.js';
import { registerTx } from './commands/tx/index.js';
import { addGlobalOptions, switchWanted } from './config/setting-table.js';
import { ScoutError } from './errors.js';
import type { Io } from './io.js';
import { ClosedPipeError } from './node-io.js';

/** What every command runs with. */
export interface RunEnv {
  io: Io;
  version: string;
  signal?: AbortSignal | undefined;
}

/** A command's run function, as exported by its module. */
export type CommandRun = (env: RunEnv, cmd: Command) => Promise<void>;

/** An action that imports its module on first use and calls its `run`. */
export function lazy(env: RunEnv, load: () => Promise<{ run: CommandRun }>): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const cmd = args[args.length - 1] as Command;
    const mod = await load();
    await mod.run(env, cmd);
  };
}

/** Set by the bundler (scripts/build.mjs); absent when running from source. */
declare const __SCOUT_VERSION__: string | undefined;

function readVersion(): string {
  if (typeof __SCOUT_VERSION__ === 'string') return __SCOUT_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Examples for the topic commands, whose registration files only register verbs (every command's
 * --help shows an example; a test checks).
 */
const TOPIC_EXAMPLES: Readonly<Record<string, string>> = {
  address: 'scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --limit 10',
  tx: 'scout tx show 0x5c50…9e1a',
};

/** Builds the commander tree. */
export function buildProgram(env: RunEnv): Command {
  const program = new Command('scout');
  program
    .description('Explore EVM chains through a Blockscout explorer: addresses, transactions, traces, search.')
    .version(env.version, '-V, --version', 'print the version');
  // The global options come from the settings table, like their variables and config-file keys.
  addGlobalOptions(program);
  program
    .showSuggestionAfterError(true)
    .addHelpText(
      'after',
      '\nExamples:\n  scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045\n  scout --chain base tx show 0x… --json | jq .status\n  scout search USDT\n' +
        helpTopicsText() +
        '\nSettings also come from SCOUT_* variables and the config file (scout config path).\n',
    );

  registerAddress(program, env);
  registerTx(program, env);
  registerSearch(program, env);
  registerAdmin(program, env);
  registerApi(program, env);
  registerChains(program, env);
  registerConfig(program, env);
  registerCompletion(program, env);
  registerHelp(program, env);
  for (const topic of program.commands) {
    const example = TOPIC_EXAMPLES[topic.name()];
    if (example) topic.addHelpText('after', `\nExample:\n  ${example}\n`);
  }

  // Errors come back to run() as exceptions; commander prints help and its own messages through io.
  const configure = (cmd: Command) => {
    cmd.exitOverride();
    cmd.configureOutput({
      writeOut: (s) => void env.io.out.write(s),
      writeErr: (s) => void env.io.err.write(s),
      outputError: () => undefined,
    });
    cmd.commands.forEach(configure);
  };
  configure(program);
  return program;
}

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
    const msg = e.message.replace(/^error:\s*/, '').replace(/\s*\n\s*/g, ' ');
    await say(`scout: ${msg}\n`);
    await say(`scout: see 'scout --help'\n`);
    return 2;
  }
  if (e instanceof ScoutError) {
    await say(`scout: ${e.message}\n`);
    if (e.hint) await say(`scout: ${e.hint}\n`);
    if (verbose && e.stack) await say(e.stack + '\n');
    return e.exitCode;
  }
  const err = e as Error;
  await say(`scout: unexpected error: ${err?.message ?? String(e)}\n`);
  if (verbose && err?.stack) await say(err.stack + '\n');
  return 1;
}

/** Runs the CLI with `argv` (as process.argv) and returns the exit code. */
export async function run(argv: string[], io: Io, signal?: AbortSignal): Promise<number> {
  const verbose = switchWanted('verbose', argv, io.env);
  let code: number;
  try {
    const env: RunEnv = { io, version: readVersion(), signal };
    const program = buildProgram(env);
    if (argv.length <= 2) program.outputHelp();
    else await program.parseAsync(argv);
    code = 0;
  } catch (e) {
    if (e instanceof CommanderError && e.exitCode !== 0) {
      // Commander's messages quote what was typed (an unknown option, an extra argument): as safe text.
      // Loaded here, not at the top: --help and --version load no renderer.
      const { safeText } = await import('./render/safe.js');
      e.message = safeText(e.message.replace(/\n+$/, '').replace(/\r?\n/g, ' '));
    }
    code = await report(io, e, verbose);
  }
  if (code !== 0) return code;
  // Writes nobody awaited (help, log lines) or whose failure came after they settled: a run whose
  // output did not arrive is not a success. Stream errors are reported on a later tick: let them.
  try {
    await new Promise((resolve) => setImmediate(resolve));
    await io.out.write('');
    await io.err.write('');
    return 0;
  } catch (e) {
    return report(io, e, verbose);
  }
}
