/**
 * `scout help [topic | command...]`: a help topic (environment, exit codes) or a command's help.
 * Replaces commander's implicit help command; the topic texts load only when asked for.
 */
import { Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';

/** Topics `scout help <topic>` knows, with a line each for `scout --help`. */
export const HELP_TOPICS: readonly (readonly [name: string, summary: string])[] = [
  ['environment', 'environment variables, the config file and precedence'],
  ['exit-codes', 'what each exit code means'],
];

/** The "Help topics" section of `scout --help`. */
export function helpTopicsText(): string {
  const w = Math.max(...HELP_TOPICS.map(([n]) => n.length));
  return `\nHelp topics:\n${HELP_TOPICS.map(([n, s]) => `  scout help ${n.padEnd(w)}  ${s}`).join('\n')}\n`;
}

export function registerHelp(program: Command, env: RunEnv): void {
  program.helpCommand(false);
  program
    .command('help')
    .description('show a help topic or the help of a command')
    .argument('[topic...]', `a topic (${HELP_TOPICS.map(([n]) => n).join(', ')}) or a command (address txs)`)
    .addHelpText('after', '\nExamples:\n  scout help exit-codes\n  scout help environment\n  scout help address txs\n')
    .action(lazy(env, () => import('./help.js')));
}
