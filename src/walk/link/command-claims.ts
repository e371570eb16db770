import { MAX_COMMAND_CHARS } from '../../transcript/messages.js';
import type { SessionEdits } from '../../transcript/session-edits.js';
import type { AgentEdit } from './agent-edits.js';
import { type CommandEvidence, canonicalPath, commandWrites, runsGenerator } from './command-writes.js';
import { answeredRequest } from './request.js';

/**
 * How long after a generator ran the session's first edit of a file it did not write itself still shows
 * the generator made that file (the `appeared` evidence): a generator's files are edited right after it.
 */
const APPEARED_WITHIN_MS = 60 * 60 * 1000;

/**
 * A file a session's shell command wrote, with the command as the tool call that wrote it: an edit's
 * attribution (session, call, model, request) without the pieces an edit tool records.
 */
export interface CommandClaim extends Omit<AgentEdit, 'pieces' | 'notebook'> {
  /** The written file (absolute, forward slashes, inside the folder the session ran in). */
  filePath: string;
  evidence: CommandEvidence;
  /** The command line, when it holds the text it wrote (see CommandWrite.literal). */
  literal?: string;
  /** The folder the session ran in (canonical): `filePath` lies inside it. */
  root?: string;
}

const timeOf = (at: string | undefined) => (at === undefined ? Number.NaN : Date.parse(at));

/**
 * The files one session file's shell commands wrote (see commandWrites for the evidence accepted), and the
 * files a generator it ran made without naming them: the session's first touch of such a file is an edit
 * of text already there (an `Edit`, which needs the file), within an hour after the generator and with no
 * earlier write of the file by the session. A session without a recorded folder claims nothing: there is
 * no folder to keep the paths inside.
 */
export function commandClaims(file: SessionEdits, edits: readonly AgentEdit[]): CommandClaim[] {
  if (file.cwd === undefined || !file.commands) return [];
  const root = canonicalPath(file.cwd);
  const claims: CommandClaim[] = [];
  const generators: { at: number; claim: Omit<CommandClaim, 'filePath' | 'evidence'> }[] = [];
  for (const command of file.commands) {
    const request = file.subagent ? undefined : answeredRequest(file.prompts, command.promptIndex);
    const base = {
      sessionId: command.sessionId,
      toolName: command.tool ?? 'Bash',
      toolUseId: command.callId,
      ...(command.model ? { model: command.model } : {}),
      ...(command.timestamp ? { timestamp: command.timestamp } : {}),
      ...(request ? { request: request.text, ...(request.inferred ? { requestInferred: true } : {}) } : {}),
    };
    // A command cut to its head (hosts' readers keep MAX_COMMAND_CHARS of it) no longer holds all it wrote:
    // a heredoc or echo of it claims nothing, rather than the whole file (precision first).
    const cut = command.command.length >= MAX_COMMAND_CHARS;
    for (const write of commandWrites(command.command, command.output, root, command.workdir)) {
      if (write.literal && cut) continue;
      claims.push({
        ...base,
        filePath: write.path,
        root,
        evidence: write.evidence,
        ...(write.literal ? { literal: command.command } : {}),
      });
    }
    if (runsGenerator(command.command)) generators.push({ at: timeOf(command.timestamp), claim: base });
  }
  if (generators.length === 0) return claims;
  const firstTouch = new Map<string, AgentEdit>();
  for (const edit of [...edits].sort((a, b) => timeOf(a.timestamp) - timeOf(b.timestamp)))
    if (!firstTouch.has(canonicalPath(edit.filePath))) firstTouch.set(canonicalPath(edit.filePath), edit);
  for (const [path, edit] of firstTouch) {
    // A Write may create the file itself; an Edit replaces text, so the file was there before it.
    if (edit.toolName === 'Write' || edit.pieces.some((p) => p.before === '' || p.before === undefined))
      continue;
    if (!path.startsWith(`${root}/`) || claims.some((c) => c.filePath === path)) continue;
    const at = timeOf(edit.timestamp);
    const generator = generators.filter((g) => g.at <= at).at(-1);
    if (!generator || at - generator.at > APPEARED_WITHIN_MS) continue;
    claims.push({ ...generator.claim, filePath: path, root, evidence: 'appeared' });
  }
  return claims;
}
