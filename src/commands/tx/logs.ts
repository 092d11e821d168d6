/** `scout tx logs <hash>`: the event logs a transaction emitted. */
import { transactionLogs } from '../../api/endpoints.js';
import { hashArg } from '../args.js';
import { listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'logs',
  description: 'event logs a transaction emitted, decoded where the explorer has the ABI',
  args: { hash: hashArg },
  examples: ['scout tx logs 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e'],
  request: ({ hash }) => transactionLogs(hash),
  view: 'txLogs',
});
