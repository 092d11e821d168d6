/** What the `decode` verbs take, checked before anything runs: hex data, topics, the ABI to decode with. */
import { UsageError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import { parseTopic } from '../../base/validate.js';
import { addressOption } from '../args.js';
import { arg, batchable, command, option } from '../../kit/spec.js';

/** The most bytes of hex data taken on the command line or a line of stdin (1 MiB). */
const MOST_BYTES = 1024 * 1024;

/** 0x hex of whole bytes (any case), at least `min` bytes, kept as typed in lower case. */
export function hexData(what: string, min: number) {
  return (raw: string, from = what): string => {
    const t = raw.trim();
    if (!/^0x([0-9a-fA-F]{2})*$/.test(t)) throw new UsageError(`invalid ${from} ${echo(raw)}: expected 0x followed by hex digits, two per byte`);
    const bytes = (t.length - 2) / 2;
    if (bytes < min) throw new UsageError(`invalid ${from} ${echo(raw)}: ${bytes} byte${bytes === 1 ? '' : 's'}, and ${what} holds at least ${min} (its selector)`);
    if (bytes > MOST_BYTES) throw new UsageError(`invalid ${from}: ${bytes} bytes; at most ${MOST_BYTES} are taken`);
    return t.toLowerCase();
  };
}

/** `--topics t0,t1,…`: one to four 32-byte topics, in order. */
export function parseTopics(raw: string, from: string): string[] {
  const words = raw.split(',').map((w) => w.trim());
  if (words.length === 0 || words.length > 4 || words.some((w) => w === '')) {
    throw new UsageError(`invalid ${from} ${echo(raw)}: expected one to four topics, comma separated, each 0x followed by 64 hex digits`);
  }
  return words.map((w) => parseTopic(w, from).toLowerCase());
}

/** `--index N`: a log's index in its block, as the explorer numbers logs. */
export function parseLogIndex(raw: string, from: string): number {
  if (!/^\d{1,9}$/.test(raw.trim())) throw new UsageError(`invalid ${from} ${echo(raw)}: expected a log index, a whole number`);
  return Number(raw.trim());
}

/** `--abi <file>`: a path, read when the command runs. */
export const abiFileOption = option('<file>', 'decode with this ABI: a JSON array, or a compiler artifact with an "abi" array');

/** `--sig <signature>`: one signature, parsed when the command runs (the ABI library is not loaded for --help). */
export function sigOption(example: string) {
  return option('<signature>', `decode with this signature, such as ${example}`, (raw, from) => {
    const t = raw.trim();
    if (t === '' || !t.includes('(')) throw new UsageError(`invalid ${from} ${echo(raw)}: expected a signature with its parameter types, such as ${example}`);
    return t;
  });
}

/** `--to <address>`: decode with the verified ABI of this contract (and of its implementations). */
export const toOption = addressOption('decode with the verified ABI of this contract, and of its implementations when it is a proxy');

/** Throws unless at most one way of decoding was given. */
export function oneSource(given: Readonly<Record<string, unknown>>): void {
  const set = Object.entries(given).filter(([, v]) => v !== undefined);
  if (set.length > 1) throw new UsageError(`${set.map(([k]) => k).join(' and ')} each say what to decode with: give one`);
}

/**
 * A verb that decodes one hex value (calldata, revert data) with --to, --abi or --sig: the spec of
 * `decode calldata` and `decode error`, which differ in their words and their runner.
 */
export function hexVerb(o: {
  name: string;
  description: string;
  what: string;
  argHelp: string;
  sigExample: string;
  help: string;
  examples: string[];
  run: 'calldata' | 'error';
}) {
  return command({
    name: o.name,
    description: o.description,
    args: { hex: batchable(arg('<hex>', o.argHelp, hexData(o.what, 4))) },
    options: { to: toOption, abi: abiFileOption, sig: sigOption(o.sigExample) },
    output: 'object',
    check: ({ to, abi, sig }) => oneSource({ '--to': to, '--abi': abi, '--sig': sig }),
    help: o.help,
    examples: o.examples,
    run: async (inv, input) => (await import('./decode.run.js'))[o.run](inv, input),
  });
}
