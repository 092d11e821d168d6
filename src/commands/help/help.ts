/** `scout help [topic | command...]`. */
import type { Command } from 'commander';
import type { RunEnv } from '../../cli.js';
import { UsageError } from '../../errors.js';
import { safeText } from '../../text/safe.js';
import { TOPICS } from './topics.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  const words = cmd.args;
  const root = cmd.parent ?? cmd;
  const topic = words.length === 1 ? TOPICS[words[0]!.toLowerCase()] : undefined;
  if (topic !== undefined) {
    await env.io.out.write(topic);
    return;
  }
  let target: Command = root;
  for (const w of words) {
    const next = target.commands.find((c) => c.name() === w || c.aliases().includes(w));
    if (!next) {
      throw new UsageError(`no help topic or command "${safeText(words.join(' ').slice(0, 80))}"`, {
        hint: `topics: ${Object.keys(TOPICS).join(', ')}; commands: scout --help`,
      });
    }
    target = next;
  }
  target.outputHelp();
}
