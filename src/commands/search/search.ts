/** `scout search <query...>`: the words are joined with spaces and sent as `q`. */
import type { Command } from 'commander';
import { search } from '../../api/endpoints.js';
import type { RunEnv } from '../../cli.js';
import { UsageError } from '../../errors.js';
import { view } from '../view-ref.js';
import { runListCommand } from '../list-command.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  await runListCommand(env, cmd, (words) => {
    const q = words.join(' ').trim();
    if (!q) throw new UsageError('search needs a query', { hint: "for example: scout search USDT" });
    return { req: search(q), view: view('search') };
  });
}
