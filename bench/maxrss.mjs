// Preloaded with --import by the benchmark: writes the process's peak resident memory (KiB) to the
// file named in SCOUT_BENCH_RSS when the process exits, or keeps what is there when that is larger:
// `scout export` runs in a child process (src/launch.ts), which inherits this preload, and the
// figure is the larger of the two.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.SCOUT_BENCH_RSS;
if (file) {
  process.on('exit', () => {
    let kept = 0;
    try {
      kept = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      // None yet.
    }
    writeFileSync(file, String(Math.max(kept, process.resourceUsage().maxRSS)));
  });
}
