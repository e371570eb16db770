import type { TranscriptMessage } from './messages.js';
import type { SessionEdits } from './session-edits.js';
import type { SessionSource } from './source.js';
import type { HostName, TranscriptFacts, TurnEvent } from './types.js';

/**
 * A coding agent's session format. An adapter finds the agent's sessions, reads one into the host-neutral
 * turn events the gate consumes and the messages the deep read uses, and holds the agent's own rules for
 * what a person typed, where a tool failure is recorded and which calls edit which file. Nothing outside
 * `transcript/` reads a host's records.
 */
export interface HostAdapter {
  /** Stable name stored with each session (`claude-code`, `codex`, …). */
  readonly name: HostName;
  /** How people name the agent (`Claude Code`, `Codex`, …). */
  readonly label: string;
  /** Other names people give the agent on the command line (`claude`, `gemini-cli`), read by `--host`. */
  readonly aliases?: readonly string[];
  /** The folders where the agent keeps sessions on this machine: its defaults, as the environment moves them. */
  roots(env: NodeJS.ProcessEnv): string[];
  /** Every session under `root` (one of `roots`, or a folder or file inside one). */
  discover(root: string): SessionSource[];
  /**
   * The endings of the agent's session files (databases included): a walk of a folder a person gives
   * looks at files with these endings only, and asks detectHost whose each one is.
   */
  readonly fileEndings: readonly string[];
  /**
   * How many folders below its user's home the agent's deepest session files lie (Codex's
   * `.codex/sessions/YYYY/MM/DD/` is 5): a walk of a given folder goes deep enough for every agent's.
   */
  readonly homeDepth: number;
  /**
   * Whether a walk of a given folder passes over the folder `name` inside `parent`: a folder of the agent's
   * that holds no session and can be huge (snapshots, checkpoints, tool outputs).
   */
  skipsFolder?(parent: string, name: string): boolean;
  /** Of sessions found one by one, those to read when two files hold one session (a compressed copy…). */
  unique?(sources: SessionSource[]): SessionSource[];
  /** Whether `path` is one of the agent's sessions by its place and name alone (nothing is read). */
  claims(path: string): boolean;
  /** Whether `path` names one session inside a file (a database's `<db>/<session id>`), not a file. */
  namesRow?(path: string): boolean;
  /** Whether `path` is one of the agent's own files that holds no session (a prompt history, an index). */
  ignores?(path: string): boolean;
  /**
   * For a file whose head is not text (a database): whether it is one of the agent's, told by opening it;
   * undefined when the file is not of the agent's binary kind, so the other hosts' checks go on.
   */
  identifyBinary?(path: string): boolean | undefined;
  /** Whether a file's first KB reads as the agent's format (for files whose place says nothing). */
  sniff(head: string, path: string): boolean;
  /**
   * The folder a session ran in when its first record names it, read without the rest of the session (a
   * project's sessions are picked among thousands); undefined when only a whole read tells.
   */
  headCwd?(path: string): string | undefined;
  /** Size and modification time of a session (a file's, or for a database row its data's), or undefined. */
  stat(path: string): { size: number; mtimeMs: number } | undefined;
  /** Streams the session's turn events in order and returns what the pass learned. */
  readEvents(path: string, onEvent: (event: TurnEvent) => void): TranscriptFacts;
  /**
   * The session's messages in order, for the deep read (ids are the host's own, for citations). Claude
   * Code's are streamed line by line; other hosts' sessions are read whole first.
   */
  messages(path: string): Iterable<TranscriptMessage>;
  /** The files the session wrote and the prompts it answered (the walk links commits to sessions by it). */
  readSessionEdits(path: string): SessionEdits;
}

export { adapterFor, adapterNamed, claudeCodeAdapter, detectHost, HOST_ADAPTERS } from './hosts.js';
