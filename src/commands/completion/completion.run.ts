/** The scripts of `scout completion <shell>`, generated from the whole command tree. */
import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { completionModel } from './model.js';
import { zshScript } from './zsh.js';

const GENERATORS = { bash: bashScript, zsh: zshScript, fish: fishScript };

/** The script for `shell`, generated from the tree `cmd` belongs to. */
export function completionScript(shell: keyof typeof GENERATORS, cmd: Command): string {
  let top = cmd;
  while (top.parent) top = top.parent;
  return GENERATORS[shell](completionModel(top));
}
