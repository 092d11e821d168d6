/**
 * The process entry of the bundled CLI (bin/scout.js imports it). `--version` answers without
 * loading anything else; every other command line loads the program, wires the real process
 * (streams, Ctrl-C, exit code) and runs it.
 */
declare const __SCOUT_VERSION__: string;

const argv = process.argv;
if (argv.length === 3 && (argv[2] === '--version' || argv[2] === '-V')) {
  process.stdout.write(__SCOUT_VERSION__ + '\n');
} else {
  const [{ run }, { nodeIo }] = await Promise.all([import('./cli.js'), import('./node-io.js')]);
  const controller = new AbortController();
  let interrupted = false;
  process.on('SIGINT', () => {
    // A second Ctrl-C does not wait for anything.
    if (interrupted) process.exit(130);
    interrupted = true;
    controller.abort();
  });
  const code = await run(argv, nodeIo(), controller.signal);
  process.exitCode = interrupted ? 130 : code;
}
