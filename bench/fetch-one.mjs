// Baseline for a single lookup: one fetch of the URL, the body printed.
const res = await fetch(process.argv[2]);
process.stdout.write((await res.text()) + '\n');
