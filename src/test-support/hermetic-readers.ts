import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Every test worker starts here (vitest.config.ts setupFiles). A deep read with no reader named now picks
// an API key or an agent CLI on PATH, and under `npm test` node_modules/.bin holds a real `claude`: no test
// may start it or send a transcript anywhere. So keys are removed from the environment the tests and the
// CLIs they spawn inherit, and a folder of tripwire `claude`, `codex` and `gemini` scripts (each fails
// loudly, exit 97) goes first on PATH. A test that installs a scripted stand-in puts its folder before this.
const TRIPWIRES = join(dirname(fileURLToPath(import.meta.url)), 'tripwire-bin');

for (const key of [
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'CODEX_API_KEY',
])
  delete process.env[key];
if (!(process.env.PATH ?? '').split(delimiter).includes(TRIPWIRES))
  process.env.PATH = [TRIPWIRES, process.env.PATH ?? ''].join(delimiter);
