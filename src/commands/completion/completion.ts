/** `scout completion <shell>`: prints a completion script generated from the command tree. */
import { command, oneOf } from '../../kit/spec.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export default command({
  name: 'completion',
  description: 'print a shell completion script (bash, zsh or fish)',
  args: { shell: oneOf('<shell>', 'the shell to complete for', SHELLS) },
  output: 'none',
  help: `The same scripts ship in the package's completions/ directory. To install:
  bash  scout completion bash > ~/.local/share/bash-completion/completions/scout
  zsh   scout completion zsh > ~/.zfunc/_scout   (with fpath=(~/.zfunc $fpath) before compinit)
  fish  scout completion fish > ~/.config/fish/completions/scout.fish`,
  examples: ['source <(scout completion bash)'],
  run: async (inv, { shell }) => {
    const { completionScript } = await import('./completion.run.js');
    await inv.env.io.out.write(completionScript(shell, inv.program));
  },
});
