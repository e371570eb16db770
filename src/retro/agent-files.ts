import { AGENTS_MD, GEMINI_MD, syncAgentFileLessons } from '../rules/agent-files.js';
import type { RetroOptions } from './pipeline.js';
import { notAppliedLine } from './render.js';
import type { RetroOutcome } from './types.js';

/**
 * `--also-agents-md` / `--also-gemini-md`: the lessons section of CLAUDE.md, kept in the files other agents
 * load (AGENTS.md for Codex, OpenCode and Copilot CLI; GEMINI.md for Gemini CLI). Each is reported like
 * CLAUDE.md's: updated or unchanged, and a lesson that is not prose is listed for a person, not copied.
 */
export function syncOtherAgentFiles(
  mainCheckout: string,
  options: Pick<RetroOptions, 'alsoAgentsMd' | 'alsoGeminiMd'>,
  outcome: RetroOutcome,
  dryRun: boolean,
): void {
  const files = [...(options.alsoAgentsMd ? [AGENTS_MD] : []), ...(options.alsoGeminiMd ? [GEMINI_MD] : [])];
  for (const file of files) {
    const synced = syncAgentFileLessons(mainCheckout, file, { dryRun });
    if (!synced.ok) {
      outcome.manualFollowUps.push(`${file.name} not updated: ${synced.reason}`);
      continue;
    }
    outcome.agentFiles = [
      ...(outcome.agentFiles ?? []),
      { file: file.name, state: synced.changed ? 'updated' : 'unchanged' },
    ];
    for (const lesson of synced.refused)
      outcome.manualFollowUps.push(
        notAppliedLine(`${file.name} lesson`, 'not prose: a command or a link', lesson),
      );
  }
}
