/**
 * The host-neutral view of what a coding-agent session wrote into files, for linking commits to the
 * sessions that wrote them. A host adapter (Claude Code today) reads its own log format into this shape;
 * nothing outside `transcript/` reads a host's records.
 */

/** One replacement a file-writing tool call made: `after` replaced `before` (the whole file for a write). */
export interface WrittenPiece {
  /** What the replaced text was; `''` for a new file, undefined when the session does not say. */
  before?: string;
  after: string;
}

/** A successful file-writing tool call (Claude Code: Edit, Write, MultiEdit, NotebookEdit). */
export interface WrittenEdit {
  /** The tool call's id as the host spells it (Claude Code: `toolu_…`). */
  callId: string;
  /** The tool's name as the host spells it. */
  tool: string;
  /**
   * The session the call belongs to. Usually the file's; a resumed session's file starts with the earlier
   * session's messages, which keep that session's id.
   */
  sessionId: string;
  /** The written file as the agent named it, with forward slashes. */
  filePath: string;
  timestamp?: string;
  model?: string;
  pieces: WrittenPiece[];
  /** The file is a Jupyter notebook and `after` is a cell's source (stored as JSON strings on disk). */
  notebook?: boolean;
  /** Index into `SessionEdits.prompts` of the last prompt before the call, -1 when none. */
  promptIndex: number;
}

/**
 * A shell command the session ran (Claude Code: a Bash call) and what it printed: a command can write files
 * (a generator, a formatter, `sed -i`, a move), and its output may name them. Kept as data, never run.
 */
export interface SessionCommand {
  callId: string;
  /** The shell tool's name as the host spells it (default `Bash`, Claude Code's). */
  tool?: string;
  sessionId: string;
  /** The command line exactly as the agent gave it. */
  command: string;
  /** The folder it ran in, when the call names one other than the session's (Codex's `workdir`). */
  workdir?: string;
  /** What the command printed (stdout then stderr), at most MAX_COMMAND_OUTPUT characters. */
  output: string;
  timestamp?: string;
  model?: string;
  /** Index into `SessionEdits.prompts` of the last prompt before the call, -1 when none. */
  promptIndex: number;
}

/** How much of a command's output is kept: generators list their files at the start. */
export const MAX_COMMAND_OUTPUT = 64 * 1024;

/** Text a person typed into the session (host wrappers, tool output and notifications already removed). */
export interface SessionPrompt {
  text: string;
  timestamp?: string;
}

/** What one session file says about the files it wrote. */
export interface SessionEdits {
  /** The session's id (Claude Code: the `sessionId` of its lines, which subagent files share). */
  sessionId: string;
  /** The folder the session ran in, when the file records one. */
  cwd?: string;
  /** True for a subagent's file: its prompts come from the agent that started it, not from a person. */
  subagent: boolean;
  edits: WrittenEdit[];
  /** The shell commands that did not fail, oldest first (hosts that do not read them leave this out). */
  commands?: SessionCommand[];
  prompts: SessionPrompt[];
}
