/**
 * `scout help [topic | command...]`: a help topic (environment, exit codes) or a command's help.
 * Replaces commander's implicit help command; the topic texts load only when asked for.
 */
import { command, words } from '../../kit/spec.js';

/** Topics `scout help <topic>` knows, with a line each for `scout --help` (kit/root-help.ts). */
export const HELP_TOPICS: readonly (readonly [name: string, summary: string])[] = [
  ['environment', 'environment variables, the config file and precedence'],
  ['exit-codes', 'what each exit code means'],
  ['times', 'the forms of a point in time: --since, --until, --at'],
];

export default command({
  name: 'help',
  description: 'show a help topic or the help of a command',
  args: {
    words: words('[topic...]', `a topic (${HELP_TOPICS.map(([n]) => n).join(', ')}) or a command (address txs)`, {
      values: HELP_TOPICS.map(([n]) => n),
      commands: true,
    }),
  },
  output: 'none',
  examples: ['scout help exit-codes', 'scout help environment', 'scout help address txs'],
  run: async (inv, { words }) => (await import('./help.run.js')).run(inv, words),
});
