/**
 * `tx trace --ndjson` lines (render/trace-lines.ts): one per call, a call before its children, with
 * its depth and path, every member of the call as the server sent it but its nested calls.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CALL_DEPTH, traceLines } from '../../src/render/trace-lines.js';

const lines = (body: string) => traceLines(body).split('\n').slice(0, -1);

describe('a Geth callTracer object', () => {
  it('one line per call in tree order, each call as sent without its calls', () => {
    const body = `{"type":"CALL","from":"0xa","gasUsed":"0x10","value":123456789012345678901234567890,
      "calls":[{"type":"STATICCALL","to":"0xb","calls":[{"type":"CALL","to":"0xd"}]},
               {"type":"DELEGATECALL","to":"0xc","x":2.0e3,"x":1}],
      "output":"0x"}`;
    expect(lines(body)).toEqual([
      '{"depth":0,"path":[],"call":{"type":"CALL","from":"0xa","gasUsed":"0x10","value":123456789012345678901234567890,"output":"0x"}}',
      '{"depth":1,"path":[0],"call":{"type":"STATICCALL","to":"0xb"}}',
      '{"depth":2,"path":[0,0],"call":{"type":"CALL","to":"0xd"}}',
      // Number text and a repeated key, exactly as sent.
      '{"depth":1,"path":[1],"call":{"type":"DELEGATECALL","to":"0xc","x":2.0e3,"x":1}}',
    ]);
  });

  it('an entry of calls that is no object keeps its place; a calls that is no list stays in the call', () => {
    expect(lines('{"type":"CALL","calls":[7,{"type":"CALL","calls":null}]}')).toEqual([
      '{"depth":0,"path":[],"call":{"type":"CALL"}}',
      '{"depth":1,"path":[0],"call":7}',
      '{"depth":1,"path":[1],"call":{"type":"CALL","calls":null}}',
    ]);
  });

  it('characters unsafe on a terminal are escaped, decoding to the same value', () => {
    const [l] = lines('{"type":"CALL","error":"\u001b[2Jgone"}');
    expect(l).toBe('{"depth":0,"path":[],"call":{"type":"CALL","error":"\\u001b[2Jgone"}}');
    expect((JSON.parse(l!) as { call: { error: string } }).call.error).toBe('\u001b[2Jgone');
  });

  it(`nested as deep as the EVM allows (${MAX_CALL_DEPTH}) every call gets its line; deeper is refused in one line`, () => {
    const nest = (n: number) => '{"type":"CALL","calls":['.repeat(n) + '{"type":"CALL"}' + ']}'.repeat(n);
    const ok = lines(nest(MAX_CALL_DEPTH));
    expect(ok).toHaveLength(MAX_CALL_DEPTH + 1);
    expect(JSON.parse(ok.at(-1)!)).toMatchObject({ depth: MAX_CALL_DEPTH, call: { type: 'CALL' } });
    expect(() => traceLines(nest(100_000))).toThrow(`the trace nests calls deeper than the EVM allows (${MAX_CALL_DEPTH})`);
  });
});

describe('a Parity array', () => {
  it('each entry whole, its path its traceAddress', () => {
    const a = '{"action":{"from":"0xa","value":"0x0"},"result":{"gasUsed":"0x1"},"subtraces":1,"traceAddress":[],"type":"call"}';
    const b = '{"action":{"from":"0xb"},"traceAddress":[0],"type":"call","error":"Reverted"}';
    expect(lines(`[${a}, ${b}]`)).toEqual([`{"depth":0,"path":[],"call":${a}}`, `{"depth":1,"path":[0],"call":${b}}`]);
  });

  it('an entry that is no call, or whose traceAddress is no list of indexes, gets a line without a place', () => {
    expect(lines('["x",{"type":"call","traceAddress":"0.1"}]')).toEqual([
      '{"depth":null,"path":null,"call":"x"}',
      '{"depth":null,"path":null,"call":{"type":"call","traceAddress":"0.1"}}',
    ]);
  });

  it('a Geth object inside an array is a tree of its own; an empty array is no lines', () => {
    expect(lines('[{"type":"CALL","calls":[{"type":"CALL"}]}]')).toEqual(['{"depth":0,"path":[],"call":{"type":"CALL"}}', '{"depth":1,"path":[0],"call":{"type":"CALL"}}']);
    expect(traceLines('[]')).toBe('');
  });
});
