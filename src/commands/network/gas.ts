/** `scout gas`: the explorer's gas price estimates, slow, average and fast, in gwei. */
import { command } from '../../kit/spec.js';

export default command({
  name: 'gas',
  description: 'gas price estimates in gwei: slow, average, fast',
  output: 'object',
  help: 'Piped, one line: slow<TAB>average<TAB>fast in gwei (a field is empty when the explorer has no estimate for it).\n--json prints the gas_prices object of the stats as the server sent it.',
  examples: ['scout gas', 'scout gas | cut -f2'],
  run: async (inv) => (await import('./gas.run.js')).run(inv),
});
