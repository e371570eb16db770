import { join } from 'node:path';
import { InputError, RetrospectError } from '../errors/errors.js';
import { ensureReplaceable } from '../fsx/atomic.js';
import { ensureInsideProject } from '../fsx/project.js';
import { AGENTS_MD, GEMINI_MD, syncAgentFileLessons } from '../rules/agent-files.js';
import { CLAUDE_MD } from '../rules/claude-md.js';
import type { RetroOptions } from './pipeline.js';
import { notAppliedLine } from './render.js';
import type { RetroOutcome } from './types.js';

/**
 * `--also-agents-md` / `--also-gemini-md`: the lessons section of CLAUDE.md, kept in the files other agents
 * load (AGENTS.md for Codex, OpenCode and Copilot CLI; GEMINI.md for Gemini CLI). Each is reported like
 * CLAUDE.md's: updated or unchanged, and a lesson that is not prose is listed for a person, not copied.
 */
/**
 * Checks, before anything is written, every instruction file the run was asked to keep (CLAUDE.md,
 * AGENTS.md, GEMINI.md): one that leads out of the project (a link), or is not a regular file, refuses the
 * whole run with one line, so that no rule is applied elsewhere first and the run is not left half done.
 */
export function refuseUnwritableAgentFiles(
  mainCheckout: string,
  options: Pick<RetroOptions, 'alsoAgentsMd' | 'alsoGeminiMd' | 'alsoClaudeMd' | 'dryRun'>,
): void {
  const files = [
    ...(options.alsoClaudeMd ? [CLAUDE_MD] : []),
    ...(options.alsoAgentsMd ? [AGENTS_MD] : []),
    ...(options.alsoGeminiMd ? [GEMINI_MD] : []),
  ];
  for (const file of files) {
    const path = join(mainCheckout, file.name);
    try {
      ensureInsideProject(mainCheckout, path);
      ensureReplaceable(path);
    } catch (error) {
      if (!(error instanceof RetrospectError)) throw error;
      throw new InputError(
        `${file.name} cannot be written (${error.message}); nothing was applied: fix it or leave out ${file.option}`,
        { cause: error },
      );
    }
  }
}

export function syncOtherAgentFiles(
  mainCheckout: string,
  options: Pick<RetroOptions, 'alsoAgentsMd' | 'alsoGeminiMd'>,
  outcome: RetroOutcome,
  dryRun: boolean,
): void {
  const files = [...(options.alsoAgentsMd ? [AGENTS_MD] : []), ...(options.alsoGeminiMd ? [GEMINI_MD] : [])];
  for (const file of files) {
    let synced: ReturnType<typeof syncAgentFileLessons>;
    try {
      synced = syncAgentFileLessons(mainCheckout, file, { dryRun });
    } catch (error) {
      // Checked before the run wrote anything; a link planted since is reported with what was written.
      if (!(error instanceof RetrospectError)) throw error;
      synced = { ok: false, reason: error.message };
    }
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
