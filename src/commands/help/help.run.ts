/** The run of `scout help [topic | command...]`. */
import { UsageError } from '../../base/errors.js';
import type { Invocation } from '../../kit/invocation.js';
import { TOPICS } from './topics.js';
import { echo } from '../../base/text/echo.js';

export async function run(inv: Invocation, words: readonly string[]): Promise<void> {
  const topic = words.length === 1 ? TOPICS[words[0]!.toLowerCase()] : undefined;
  if (topic !== undefined) {
    await inv.env.io.out.write(topic);
    return;
  }
  let target = inv.program;
  for (const w of words) {
    const next = target.commands.find((c) => c.name() === w || c.aliases().includes(w));
    if (!next) {
      throw new UsageError(`no help topic or command ${echo(words.join(' '))}`, {
        hint: `topics: ${Object.keys(TOPICS).join(', ')}; commands: scout --help`,
      });
    }
    target = next;
  }
  target.outputHelp();
}
