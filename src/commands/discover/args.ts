/** What the discovery lists share: the words they search for. */
import { words } from '../../kit/spec.js';

/** `[query...]`: words joined with spaces and sent as `q`; none lists everything. */
export function queryArg(what: string) {
  return words('[query...]', `words ${what} holds (joined with spaces); none lists them all`, undefined, (w) => w.join(' ').trim() || undefined);
}
