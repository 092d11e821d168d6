/** `scout tx trace <hash>`: the call tree of a transaction; `--json` prints it as the node returned it. */
import { hashArg } from '../args.js';
import { command, flag } from '../../kit/spec.js';

export default command({
  name: 'trace',
  description: 'the call tree of a transaction (raw trace from the node)',
  args: { hash: hashArg },
  options: { decode: flag("each call decoded with the verified ABI of the contract it calls: function, named arguments, outputs, reverts") },
  output: 'object',
  help:
    'With --ndjson, one call per line, a call before its children:\n' +
    '  {"depth":1,"path":[0],"call":{…}}\n' +
    'call holds every field the node sent for that call, as sent, less its nested calls\n' +
    '(Geth callTracer); a Parity entry goes whole. path is the call\'s place in the tree\n' +
    '(indexes into calls from the top call, or Parity\'s traceAddress); depth its length.\n' +
    'With --decode each callee\'s verified ABI is fetched once (all at once; a proxy\'s through its\n' +
    'implementations): a call shows its function with named arguments and what it returned, a revert\n' +
    'its custom error, Error(string) or Panic. A callee nobody verified keeps its selector; a usual\n' +
    'name for it is shown only marked "?" (a guess). --json then prints\n' +
    '  {"trace":<the trace as sent>,"decoded":{"[0,1]":{…}}}\n' +
    'decoded keyed by each call\'s path as JSON text ("[]" the top call), each {"to", "selector",\n' +
    '"source" (abi or selector), "function", "signature", "args", "outputs", "revert"}, integers as\n' +
    'decimal strings; --ndjson adds "decoded" to the line of each call it decoded.',
  examples: ['scout tx trace 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e', 'scout tx trace 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --decode'],
  run: async (inv, { hash, decode }) => (await import('./trace.run.js')).run(inv, hash, decode),
});
