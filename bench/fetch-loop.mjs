// Baseline for --all --ndjson: a plain fetch loop that follows the same cursors and prints each
// item as one JSON line.
const base = process.argv[2];
let query = '';
for (;;) {
  const res = await fetch(base + query);
  const page = await res.json();
  let out = '';
  for (const item of page.items) out += JSON.stringify(item) + '\n';
  if (!process.stdout.write(out)) await new Promise((r) => process.stdout.once('drain', r));
  const next = page.next_page_params;
  if (!next || Object.keys(next).length === 0) break;
  query = '?' + new URLSearchParams(Object.entries(next).map(([k, v]) => [k, v === null ? 'null' : String(v)])).toString();
}
