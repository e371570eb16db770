import { type InstructionFile, syncClaudeMdLessons } from './claude-md.js';
import type { EditOptions, FileEdit } from './edit.js';

/**
 * The instruction files other coding agents load from a project's root: Codex, OpenCode and Copilot CLI
 * read `AGENTS.md`, Gemini CLI reads `GEMINI.md`. Each gets the same managed lessons section as CLAUDE.md,
 * so a lesson kept by its trial reaches every agent that works in the project.
 */
export const AGENTS_MD: InstructionFile = { name: 'AGENTS.md', option: '--also-agents-md' };
export const GEMINI_MD: InstructionFile = { name: 'GEMINI.md', option: '--also-gemini-md' };

/**
 * Brings the managed lessons section of another agent's instruction file up to date with the lessons
 * files, exactly as CLAUDE.md's: the same lessons (the same classification and trials decided them), the
 * same prose check, the same locked, verified write of the lines between the markers only.
 */
export function syncAgentFileLessons(
  mainCheckout: string,
  file: InstructionFile,
  options: EditOptions = {},
): FileEdit<{ changed: boolean; refused: string[] }> {
  return syncClaudeMdLessons(mainCheckout, options, file);
}
