/**
 * `tx trace --ndjson`: one line per call, a call before its children, each
 * `{"depth":d,"path":[i,j,…],"call":{…}}`. `call` holds every member the server sent for that call,
 * as sent (numbers, key order, duplicate keys and string escapes kept; only re-spaced, and
 * characters unsafe on a terminal written as \uXXXX), less its nested `calls`, which become lines of
 * their own. `path` is the call's place in the tree: the indexes into `calls` from the top call
 * (Geth's callTracer), or the entry's `traceAddress` (Parity); `depth` is its length.
 *
 * A Parity entry is one call already and goes out whole. Anything that is no call where a call
 * should be (a number in `calls`, a string in the array) still gets its line: its place when it has
 * one, else `null` for depth and path, so nothing the server sent is dropped. Both walks are single
 * passes over the text with a stack of our own: a body nesting calls far deeper than any stack
 * costs time linear in its size, until the depth passes what the EVM allows.
 */
import { ResponseShapeError } from '../base/errors.js';
import { arrayElements, formatRaw, objectMembers, skipString, skipValue, skipWs } from '../base/json/lossless.js';

/** The EVM's call depth limit: a deeper tree is no real trace, and its paths would grow without bound. */
export const MAX_CALL_DEPTH = 1024;

function line(path: readonly number[] | null, raw: string): string {
  const place = path ? `{"depth":${path.length},"path":[${path.join(',')}]` : '{"depth":null,"path":null';
  return `${place},"call":${formatRaw(raw, 0)}}\n`;
}

function tooDeep(): ResponseShapeError {
  return new ResponseShapeError(`the trace nests calls deeper than the EVM allows (${MAX_CALL_DEPTH})`, { hint: 'tx trace --json prints it as the server sent it' });
}

interface Call {
  /** `"key":value` as sent, every member but `calls`. */
  members: string[];
  /** Its line's place in the output: taken when the call opens, filled when it closes. */
  slot: number;
  path: number[];
  /** Entries of its `calls` seen so far. */
  children: number;
}

type Open = { kind: 'call'; call: Call } | { kind: 'calls'; owner: Call };

/** Lines of a Geth call object starting at `start` (its `{`), its place `path`, into `out`. */
function gethLines(text: string, start: number, path: number[], out: string[]): void {
  const stack: Open[] = [];
  const open = (at: number, p: number[]) => {
    if (p.length > MAX_CALL_DEPTH) throw tooDeep();
    stack.push({ kind: 'call', call: { members: [], slot: out.push('') - 1, path: p, children: 0 } });
    return at + 1;
  };
  let i = open(skipWs(text, start), path);
  // The text is one well-formed JSON value (checked when it arrived): only its structure is read here.
  while (stack.length > 0) {
    i = skipWs(text, i);
    const top = stack[stack.length - 1]!;
    const c = text.charCodeAt(i);
    if (c === 0x2c) {
      i++;
      continue;
    }
    if (top.kind === 'call') {
      const call = top.call;
      if (c === 0x7d) {
        out[call.slot] = line(call.path, `{${call.members.join(',')}}`);
        stack.pop();
        i++;
        continue;
      }
      const keyEnd = skipString(text, i);
      const key = text.slice(i, keyEnd);
      const at = skipWs(text, skipWs(text, keyEnd) + 1);
      if (text.charCodeAt(at) === 0x5b && JSON.parse(key) === 'calls') {
        stack.push({ kind: 'calls', owner: call });
        i = at + 1;
        continue;
      }
      const end = skipValue(text, at);
      call.members.push(`${key}:${text.slice(at, end)}`);
      i = end;
    } else {
      if (c === 0x5d) {
        stack.pop();
        i++;
        continue;
      }
      const p = [...top.owner.path, top.owner.children++];
      if (c === 0x7b) {
        i = open(i, p);
        continue;
      }
      const end = skipValue(text, i);
      out.push(line(p, text.slice(i, end)));
      i = end;
    }
  }
}

/** A Parity entry's `traceAddress`, when it is a list of indexes. */
function traceAddress(raw: string | undefined): number[] | null {
  if (raw === undefined) return [];
  const v: unknown = JSON.parse(raw);
  return Array.isArray(v) && v.every((n) => Number.isSafeInteger(n) && n >= 0) ? (v as number[]) : null;
}

/** The NDJSON lines of a trace body (one well-formed JSON value), as one string. */
export function traceLines(body: string): string {
  const out: string[] = [];
  const start = skipWs(body, 0);
  const c = body.charCodeAt(start);
  if (c === 0x7b) gethLines(body, start, [], out);
  else if (c === 0x5b) {
    for (const entry of arrayElements(body)) {
      if (entry.charCodeAt(0) !== 0x7b) {
        out.push(line(null, entry));
        continue;
      }
      const members = objectMembers(entry);
      // A Geth object inside an array (some proxies wrap it): a tree of its own.
      if (members.get('calls')?.startsWith('[') && !members.has('traceAddress')) gethLines(entry, 0, [], out);
      else out.push(line(traceAddress(members.get('traceAddress')), entry));
    }
  } else out.push(line(null, body));
  return out.join('');
}
