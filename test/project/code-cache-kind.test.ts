/**
 * Which code cache a command line takes (src/code-cache.ts `kindOf`): its topic, and whether its
 * words ask for data (--json, --ndjson, --csv, --jq) or a table.
 */
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../src/code-cache.js';

describe('the kind of a command line', () => {
  it.each([
    [['tx', 'show', '0xab'], 'tx', 'table'],
    [['tx', 'show', '0xab', '--json'], 'tx', 'data'],
    [['tx', 'show', '0xab', '-j'], 'tx', 'data'],
    [['address', 'txs', '0xab', '--ndjson'], 'address', 'data'],
    [['blocks', '--csv'], 'blocks', 'data'],
    [['blocks', '--jq', '.[0]'], 'blocks', 'data'],
    [['blocks', '-q', '.[0]'], 'blocks', 'data'],
    [['blocks', '--jq=.[0]'], 'blocks', 'data'],
    // After `--` a word is an argument, not an option.
    [['api', '/x', '--', '--json'], 'api', 'table'],
    [['--json'], '-', 'data'],
    [[], '-', 'table'],
  ])('%j: %s, %s', (args, topic, output) => {
    expect(kindOf(args)).toEqual({ topic, output });
  });
});
