/** `scout config path`: where scout looks for its config file; reading it is not needed to say so. */
import type { RunEnv } from '../../cli.js';
import { configPath } from '../../config/paths.js';

export async function run(env: RunEnv): Promise<void> {
  await env.io.out.write(configPath(env.io.env) + '\n');
}
