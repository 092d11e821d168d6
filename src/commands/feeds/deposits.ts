/** `scout deposits`: the chain's latest beacon deposits (Ethereum and its testnets). */
import { beaconDeposits } from '../../api/endpoints.js';
import { byIndex } from '../../kit/follow-options.js';
import { chainsOption } from '../args.js';
import { listCommand } from '../../kit/spec.js';
import { LOG_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'deposits',
  description: "the chain's latest beacon deposits (validators' stakes), newest first",
  help: "Only explorers of Ethereum and its testnets list beacon deposits; any other says so in one line (exit 3).",
  options: { chains: chainsOption },
  examples: ['scout deposits --limit 20', 'scout deposits --since 7d --all --csv'],
  request: () => beaconDeposits(),
  view: 'chainDeposits',
  dated: LOG_TIME,
  indexed: 'blocks',
  watch: byIndex,
});
