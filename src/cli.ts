/**
 * The root program: global options, the command tree (built from the specs in commands/index.ts),
 * and the one place that maps errors to exit codes. Only the specs load here; what a command runs
 * with loads when it runs (STYLE.md, habit 10), so --help and --version load no HTTP client,
 * schema, spinner or renderer.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { helpTopicsText } from './commands/help/help.js';
import { COMMANDS } from './commands/index.js';
import { registerCommands, SpecOption } from './commands/registrar.js';
import type { RunEnv } from './commands/runtime.js';
import { ScoutError } from './errors.js';
import type { Io } from './io.js';
import { ClosedPipeError } from './node-io.js';

/** Set by the bundler (scripts/build.mjs); absent when running from source. */
declare const __SCOUT_VERSION__: string | undefined;

function readVersion(): string {
  if (typeof __SCOUT_VERSION__ === 'string') return __SCOUT_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** The global options, valid before or after any command. */
export function addGlobalOptions(program: Command): void {
  program
    .addOption(new Option('--base-url <url>', 'explorer base URL (env SCOUT_BASE_URL; default https://eth.blockscout.com)'))
    .addOption(
      new SpecOption('--chain <name|id>', 'use the explorer of a known chain, e.g. base or 8453 (env SCOUT_CHAIN; scout chains lists them)', {
        values: async () => (await import('./config/chain-table.js')).BUILTIN_CHAINS.map((c) => c.names[0]!),
      }),
    )
    .addOption(new Option('--explorer-key <key>', 'explorer API key, sent as x-api-key (env SCOUT_EXPLORER_KEY)'))
    .addOption(new Option('--pro', 'use the hosted PRO API for --chain, with the explorer key as a bearer token (env SCOUT_PRO=1)'))
    .addOption(new Option('--admin-url <url>', 'Merits admin URL (env SCOUT_ADMIN_URL; default https://merits.blockscout.com)'))
    .addOption(new Option('--api-key <key>', 'admin API key (env SCOUT_ADMIN_KEY)'))
    .addOption(new SpecOption('--api-key-file <path>', 'read the admin API key from a file (keeps it out of ps)', { file: true }))
    .addOption(new Option('--timeout <seconds>', 'per-request timeout in seconds (env SCOUT_TIMEOUT; default 30)'))
    .addOption(new Option('--retries <n>', 'retries for failed requests (default 3)'))
    .addOption(new Option('--max-body <size>', 'largest response body to read, in bytes or like 512KiB, 10MB; at most 500MiB (env SCOUT_MAX_BODY; default 64MiB)'))
    .addOption(new Option('--insecure', 'allow sending explorer and PRO keys over plain http:// to hosts other than loopback (env SCOUT_INSECURE=1)'))
    .addOption(new Option('--verbose', 'print each request and its status to stderr, keys redacted'))
    .addOption(new Option('--no-color', 'never colour the output'));
}

/** Builds the commander tree. */
export function buildProgram(env: RunEnv): Command {
  const program = new Command('scout');
  program
    .description('Explore EVM chains through a Blockscout explorer: addresses, transactions, traces, search.')
    .version(env.version, '-V, --version', 'print the version');
  addGlobalOptions(program);
  program
    .showSuggestionAfterError(true)
    .helpCommand(false)
    .addHelpText(
      'after',
      '\nExamples:\n  scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045\n  scout --chain base tx show 0x… --json | jq .status\n  scout search USDT\n' +
        helpTopicsText() +
        '\nSettings also come from SCOUT_* variables and the config file (scout config path).\n',
    );
  registerCommands(program, env, COMMANDS);

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
  const verbose = argv.includes('--verbose');
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
      const { safeText } = await import('./text/safe.js');
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
