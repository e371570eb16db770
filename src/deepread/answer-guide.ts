import type { DeepReadAudience } from './deep-read.js';

/** What a deep-read prompt is for, said to whoever is handed it (an agent, a person, an MCP client). */
export function promptPurpose(sessionId: string, audience: DeepReadAudience): string {
  const reader =
    audience === 'agent'
      ? 'a reader that can open the transcript file it names'
      : 'a remote model (the prompt names no local file; everything it needs is inside)';
  return `The deep-read prompt for session ${sessionId}, for ${reader}: it asks for at most five short behaviour rules, each citing the transcript's own messages, plus observations and fabricated claims.`;
}

/** How to give the answer back, so that it is validated like a provider's and nothing is trusted unchecked. */
export function answerInstructions(sessionId: string): string {
  return [
    "Answer with one JSON object in the shape the prompt's OUTPUT section gives (nothing else is needed).",
    `Validate it with: retrospect deep-read ${sessionId} --answer FILE (or - for stdin), or the MCP tool deep_read_answer;`,
    `apply it with: retrospect retro ${sessionId} --answers FILE (a folder of <session id>.json files with --all).`,
    'Every citation is checked against the transcript; items that fail are dropped with the reason.',
  ].join(' ');
}
