/** The run of `scout help [topic | command...]`. */
import { UsageError } from '../../base/errors.js';
import { safeText } from '../../base/text/safe.js';
import type { Invocation } from '../../kit/invocation.js';
import { TOPICS } from './topics.js';

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
      throw new UsageError(`no help topic or command "${safeText(words.join(' ').slice(0, 80))}"`, {
        hint: `topics: ${Object.keys(TOPICS).join(', ')}; commands: scout --help`,
      });
    }
    target = next;
  }
  target.outputHelp();
}
