// Preloaded with --import by the benchmark: writes the process's peak resident memory (KiB) to the
// file named in SCOUT_BENCH_RSS when the process exits.
import { writeFileSync } from 'node:fs';

const file = process.env.SCOUT_BENCH_RSS;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
