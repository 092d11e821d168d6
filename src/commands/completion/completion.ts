/** `scout completion <shell>`: walks the whole tree from the root and prints the script. */
import type { Command } from 'commander';
import type { RunEnv } from '../../cli.js';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { completionModel } from './model.js';
import { zshScript } from './zsh.js';

const GENERATORS = { bash: bashScript, zsh: zshScript, fish: fishScript };

/** The script for `shell`, generated from the tree `root` belongs to. */
export function completionScript(shell: keyof typeof GENERATORS, root: Command): string {
  let top = root;
  while (top.parent) top = top.parent;
  return GENERATORS[shell](completionModel(top));
}

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  const shell = cmd.args[0] as keyof typeof GENERATORS;
  await env.io.out.write(completionScript(shell, cmd));
}
