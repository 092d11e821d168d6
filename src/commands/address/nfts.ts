/** `scout address nfts <address> [--type list]`: NFT collections with their instances. */
import type { Command } from 'commander';
import { addressNftCollections, NFT_TYPES } from '../../api/endpoints.js';
import type { RunEnv } from '../../cli.js';
import { view } from '../view-ref.js';
import { parseAddress, parseTypes } from '../../validate.js';
import { runListCommand } from '../list-command.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  await runListCommand(env, cmd, ([address = ''], o) => ({
    req: addressNftCollections(parseAddress(address), { type: parseTypes(o.type, NFT_TYPES) }),
    view: view('nftCollections'),
  }));
}
