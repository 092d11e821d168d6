/**
 * The shape every list command shares: parse and check its input (no request yet), then fetch and
 * print pages through the one paginator and the one output path.
 */
import type { Command } from 'commander';
import type { ListRequest } from '../api/client.js';
import { paginate } from '../api/paginate.js';
import type { RunEnv } from '../cli.js';
import type { PageFlags } from './flags.js';
import { pageOptions, pagination } from './page-options.js';
import { offerNextPage, printList } from './output.js';
import type { ViewRef } from './view-ref.js';
import { withSession } from './session.js';

const PAGE_FLAGS = new Set(['all', 'limit', 'cursor']);

/** Names that look like credentials, as `--verbose` masks query parameters. */
const KEY_LIKE = /key|token|secret|auth/i;

/** A `-F key=value` field as a hint may show it: the value of a key-like field masked. */
function shownField(field: string): string {
  const i = field.indexOf('=');
  return i > 0 && KEY_LIKE.test(field.slice(0, i)) ? `${field.slice(0, i)}=***` : field;
}

/**
 * The command's own arguments and options again, for the next-page hint (page flags left out). A
 * repeated option is repeated as given (`-F a=1 -F b=2`), never merged into one value, and
 * credentials never show: a key-like option's value and a key-like field's value are masked.
 */
export function hintArgs(cmd: Command): string[] {
  const words = [...cmd.args];
  for (const o of cmd.options) {
    const name = o.attributeName();
    const v = cmd.getOptionValue(name) as unknown;
    if (v === undefined || v === false || PAGE_FLAGS.has(name)) continue;
    const flag = o.short ?? o.long ?? `--${name}`;
    if (v === true) {
      words.push(flag);
      continue;
    }
    for (const value of Array.isArray(v) ? v.map(String) : [String(v)]) {
      words.push(flag, KEY_LIKE.test(name) ? '***' : name === 'field' ? shownField(value) : value);
    }
  }
  return words;
}

/** Runs a list command: `prepare` validates input and names the request and view. */
export async function runListCommand<T>(
  env: RunEnv,
  cmd: Command,
  prepare: (args: string[], opts: Record<string, string | undefined>) => { req: ListRequest<T>; view: ViewRef<T> },
): Promise<void> {
  const flags = cmd.opts() as PageFlags & Record<string, string | undefined>;
  const page = pageOptions(flags);
  const { req, view } = prepare(cmd.args, flags);
  await withSession(env, cmd, async (s) => {
    const client = s.explorer();
    const printed = await printList(s, paginate((r, c) => client.page(r, c), req, pagination(page)), view, page);
    await offerNextPage(s, printed, page, hintArgs(cmd));
  });
}
