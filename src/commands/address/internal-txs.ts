/** `scout address internal-txs <address> [--filter to|from]`. */
import type { Command } from 'commander';
import { addressInternalTransactions } from '../../api/endpoints.js';
import type { RunEnv } from '../../cli.js';
import { view } from '../view-ref.js';
import { parseAddress, parseFilter } from '../../validate.js';
import { runListCommand } from '../list-command.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  await runListCommand(env, cmd, ([address = ''], o) => ({
    req: addressInternalTransactions(parseAddress(address), { filter: parseFilter(o.filter) }),
    view: view('internalTransactions'),
  }));
}
