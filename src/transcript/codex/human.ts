/**
 * Which user-channel texts of a Codex rollout a person typed. Codex writes its own context on the same
 * channel as the person: the repository's AGENTS.md, the environment, permissions, skills, notices of
 * an aborted turn or a finished sub-agent, and the prompts its slash commands expand to (`/init`,
 * `/review`). The IDE extension and the desktop app wrap what the person typed in their own context.
 */

/** Envelopes Codex injects, recognised by how they open. */
const INJECTED_OPENINGS = [
  '# AGENTS.md instructions',
  '<INSTRUCTIONS>',
  '<environment_context>',
  '<user_instructions>',
  '<permissions instructions>',
  '<skill>',
  '<turn_aborted>',
  '<subagent_notification>',
  '<recommended_plugins>',
  '<user_shell_command>',
  '<collaboration_mode>',
  '<model_switch>',
  '<personality_spec>',
  '<apps_instructions>',
];

/** The prompts Codex's own slash commands send (their expansion, not the person's words). */
const COMMAND_PROMPTS = [
  'Generate a file named AGENTS.md that serves as a contributor guide for this repository.',
  'Review the code changes against the base branch',
  'Review the current code changes (staged, unstaged, and untracked files)',
  'Review the code changes introduced by commit',
  'Review the uncommitted changes',
];

/** The IDE extension's wrapper: context first, then what the person typed after this heading. */
const IDE_REQUEST = /^## My request for Codex:[ \t]*\r?\n?/m;
const IDE_CONTEXT_OPENING = /^# (?:Context from my IDE setup|Files mentioned by the user):/;

/** A text that is one or more `<tag>…</tag>` envelopes and nothing else. */
const ONLY_ENVELOPES = /^(?:\s*<([a-zA-Z_][\w-]*)(?:\s[^>]*)?>[\s\S]*?<\/\1>)+\s*$/;

/**
 * What the person typed in a Codex user message, or undefined when Codex injected the whole text (context,
 * instructions, notices, a slash command's expansion).
 */
export function codexTypedText(text: string): string | undefined {
  let typed = text;
  const request = IDE_REQUEST.exec(typed);
  if (request) typed = typed.slice(request.index + request[0].length);
  else if (IDE_CONTEXT_OPENING.test(typed.trimStart())) return undefined;
  const trimmed = typed.trim();
  if (trimmed.length === 0) return undefined;
  if (INJECTED_OPENINGS.some((opening) => trimmed.startsWith(opening))) return undefined;
  if (COMMAND_PROMPTS.some((prompt) => trimmed.startsWith(prompt))) return undefined;
  if (ONLY_ENVELOPES.test(trimmed)) return undefined;
  return typed.trim();
}

/** The folder an `<environment_context>` names (early rollouts record their folder only there). */
export function cwdOfEnvironment(text: string): string | undefined {
  if (!text.trimStart().startsWith('<environment_context>')) return undefined;
  return /<cwd>([^<]+)<\/cwd>/.exec(text)?.[1]?.trim();
}
