/** What a test explorer serves for a list, read the way a client reads it. */
import { buildUrl, mergeParams, type Page, parseListBody } from '../../src/api/client.js';
import type { Cursor } from '../../src/api/cursor.js';

/** Every item the explorer at `baseUrl` serves for the list at `path`, as sent, in order, paged to the end. */
export async function servedItems(baseUrl: string, path: string): Promise<string[]> {
  const out: string[] = [];
  let cursor: Cursor | null = null;
  do {
    const page: Page = parseListBody(await (await fetch(buildUrl(baseUrl, path, mergeParams([], cursor)))).text(), baseUrl);
    out.push(...page.rawItems);
    cursor = page.next;
  } while (cursor);
  return out;
}
