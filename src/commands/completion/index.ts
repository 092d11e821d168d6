/** `scout completion <shell>`: prints a completion script generated from the command tree. */
import { Argument, Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export function registerCompletion(program: Command, env: RunEnv): void {
  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .addArgument(new Argument('<shell>', 'the shell to complete for').choices(SHELLS))
    .addHelpText(
      'after',
      `
The same scripts ship in the package's completions/ directory. To install:
  bash  scout completion bash > ~/.local/share/bash-completion/completions/scout
  zsh   scout completion zsh > ~/.zfunc/_scout   (with fpath=(~/.zfunc $fpath) before compinit)
  fish  scout completion fish > ~/.config/fish/completions/scout.fish

Example:
  source <(scout completion bash)
`,
    )
    .action(lazy(env, () => import('./completion.js')));
}
