import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { claudeConfigDirs, projectFolderName } from '../paths/data-dir.js';
import { codexHomes } from '../transcript/codex/layout.js';
import { geminiHomes } from '../transcript/gemini/layout.js';
import { type AgentReport, num, obj, oneLine, str, streamEvents, sumOf } from './agent-events.js';

export const AGENT_NAMES = ['claude', 'codex', 'gemini'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

/** How one agent CLI is run headless, where it loads a project's rules, and where its transcript lands. */
export interface AgentDriver {
  name: AgentName;
  /** The program on PATH. */
  command: string;
  /** The permission modes the agent knows (passed as its own option), the first the default. */
  permissionModes: readonly string[];
  /** The agent's arguments; the prompt goes on stdin (claude, codex) or as one argument (gemini), never to a shell. */
  invocation(
    prompt: string,
    settings: { model?: string | undefined; permissionMode: string },
  ): {
    args: string[];
    input?: string;
  };
  /**
   * The arguments that carry on the session `sessionId` with the person's next message (a scripted
   * follow-up), in the agent's headless resume mode; undefined when the agent has none.
   */
  resumeInvocation?:
    | ((
        sessionId: string,
        message: string,
        settings: { model?: string | undefined; permissionMode: string },
      ) => { args: string[]; input?: string })
    | undefined;
  /** The file, relative to the checkout, the "with" arm's rules are written to: where the agent loads project rules. */
  rulesPath: string;
  /** Reads the run's event stream (the agent's stdout). */
  report(streamPath: string): AgentReport;
  /** The agent's own transcript of the run, once it has stopped; undefined when it kept none. */
  transcript(
    report: AgentReport,
    checkout: string,
    env: NodeJS.ProcessEnv,
    startedMs: number,
  ): string | undefined;
}

/**
 * Claude Code: `claude -p --output-format stream-json --verbose`, the prompt on stdin. Claude Code loads
 * every Markdown file of a project's `.claude/rules/` as project memory, so the "with" arm's rules go
 * there. Its session is kept under `<config>/projects/<checkout folder>/<session id>.jsonl`.
 */
const claude: AgentDriver = {
  name: 'claude',
  command: 'claude',
  permissionModes: ['acceptEdits', 'bypassPermissions', 'default', 'dontAsk', 'plan'],
  invocation(prompt, { model, permissionMode }) {
    return {
      args: [
        '-p',
        '--output-format',
        'stream-json',
        '--verbose',
        '--permission-mode',
        permissionMode,
        ...(model ? ['--model', model] : []),
      ],
      input: prompt,
    };
  },
  // `--resume <id>` carries the session on under the same id (its file grows), the message on stdin.
  resumeInvocation(sessionId, message, settings) {
    const { args, input } = claude.invocation(message, settings);
    return { args: ['--resume', sessionId, ...args], ...(input !== undefined ? { input } : {}) };
  },
  rulesPath: join('.claude', 'rules', 'retrospect-experiment.md'),
  report(streamPath) {
    const events = streamEvents(streamPath);
    const init = events.find((e) => e.type === 'system' && e.subtype === 'init');
    const result = events.findLast((e) => e.type === 'result');
    const usage = obj(result?.usage);
    const failed = result?.is_error === true;
    return {
      sessionId: str(result?.session_id) ?? str(init?.session_id),
      tokens: sumOf(usage, [
        'input_tokens',
        'output_tokens',
        'cache_creation_input_tokens',
        'cache_read_input_tokens',
      ]),
      usd: num(result?.total_cost_usd),
      agentTurns: num(result?.num_turns),
      error: failed ? oneLine(String(result?.result ?? result?.subtype ?? 'error')) : undefined,
      reply: failed ? undefined : str(result?.result),
    };
  },
  transcript(report, checkout, env) {
    // The session id comes from the agent's output: it names a file only when it is a plain id.
    const id = report.sessionId;
    if (id === undefined || !/^[A-Za-z0-9-]+$/.test(id)) return undefined;
    for (const dir of claudeConfigDirs(env)) {
      const path = join(dir, 'projects', projectFolderName(checkout), `${id}.jsonl`);
      if (existsSync(path)) return path;
    }
    return undefined;
  },
};

/** Files under `dir` (to `depth` levels) whose name passes `keep`, modified at or after `sinceMs`. */
function recentFiles(dir: string, keep: (name: string) => boolean, sinceMs: number, depth: number): string[] {
  const found: string[] = [];
  const walk = (at: string, left: number) => {
    let names: string[];
    try {
      names = readdirSync(at);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(at, name);
      let stat: ReturnType<typeof statSync>;
      try {
        stat = statSync(path);
      } catch {
        continue;
      }
      if (stat.isDirectory() && left > 0) walk(path, left - 1);
      else if (stat.isFile() && keep(name) && stat.mtimeMs >= sinceMs - 1000) found.push(path);
    }
  };
  walk(dir, depth);
  return found;
}

/**
 * Codex: `codex exec --json --sandbox MODE -`, the prompt on stdin. Codex loads a project's `AGENTS.md`
 * from the repository root; its rollout is `sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`.
 */
const codex: AgentDriver = {
  name: 'codex',
  command: 'codex',
  permissionModes: ['workspace-write', 'read-only', 'danger-full-access'],
  invocation(prompt, { model, permissionMode }) {
    return {
      args: ['exec', '--json', '--sandbox', permissionMode, ...(model ? ['--model', model] : []), '-'],
      input: prompt,
    };
  },
  // `codex exec resume <thread id>` takes the next message on stdin (`-`) like a first prompt.
  resumeInvocation(sessionId, message, { model, permissionMode }) {
    return {
      args: [
        'exec',
        '--json',
        '--sandbox',
        permissionMode,
        ...(model ? ['--model', model] : []),
        'resume',
        sessionId,
        '-',
      ],
      input: message,
    };
  },
  rulesPath: 'AGENTS.md',
  report(streamPath) {
    const events = streamEvents(streamPath);
    const thread = events.find((e) => e.type === 'thread.started');
    const turns = events.filter((e) => e.type === 'turn.completed');
    // cached_input_tokens is the part of input_tokens read from the cache, not more tokens.
    const usages = turns.map((t) => sumOf(obj(t.usage), ['input_tokens', 'output_tokens']));
    const known = usages.filter((u): u is number => u !== undefined);
    const failure = events.findLast((e) => e.type === 'turn.failed' || e.type === 'error');
    const message = str(obj(failure?.error)?.message) ?? str(failure?.message);
    const said = events.findLast((e) => e.type === 'item.completed' && obj(e.item)?.type === 'agent_message');
    return {
      reply: str(obj(said?.item)?.text),
      sessionId: str(thread?.thread_id),
      tokens: known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0),
      usd: undefined,
      agentTurns: turns.length === 0 ? undefined : turns.length,
      error: failure ? oneLine(message ?? String(failure.type)) : undefined,
    };
  },
  transcript(report, _checkout, env, startedMs) {
    const id = report.sessionId;
    if (id === undefined || !/^[A-Za-z0-9-]+$/.test(id)) return undefined;
    for (const home of codexHomes(env)) {
      const [path] = recentFiles(
        join(home, 'sessions'),
        (n) => n.startsWith('rollout-') && n.includes(id),
        startedMs,
        3,
      );
      if (path) return path;
    }
    return undefined;
  },
};

/**
 * Gemini CLI: `gemini --output-format stream-json --approval-mode MODE --prompt PROMPT` (its headless mode
 * takes the prompt as an argument; it is one argument of a program call, never shell text). Gemini CLI
 * loads `GEMINI.md` from the project root; its chat lands under `<home>/.gemini/tmp/<project>/chats/`.
 */
const gemini: AgentDriver = {
  name: 'gemini',
  command: 'gemini',
  permissionModes: ['auto_edit', 'yolo', 'default'],
  invocation(prompt, { model, permissionMode }) {
    return {
      args: [
        '--output-format',
        'stream-json',
        '--approval-mode',
        permissionMode,
        ...(model ? ['--model', model] : []),
        '--prompt',
        prompt,
      ],
    };
  },
  rulesPath: 'GEMINI.md',
  report(streamPath) {
    const events = streamEvents(streamPath);
    const init = events.find((e) => e.type === 'init');
    const result = events.findLast((e) => e.type === 'result');
    const stats = obj(result?.stats);
    // An `error` event in the stream is a warning the run went on after; the result says how it ended.
    const error = events.findLast((e) => e.type === 'error');
    const failed = result !== undefined ? result.status !== 'success' : error !== undefined;
    return {
      sessionId: str(init?.session_id),
      tokens: num(stats?.total_tokens) ?? sumOf(stats, ['input_tokens', 'output_tokens']),
      usd: undefined,
      agentTurns: undefined,
      error: failed
        ? oneLine(
            str(obj(result?.error)?.message) ?? str(error?.message) ?? String(result?.status ?? 'error'),
          )
        : undefined,
    };
  },
  transcript(report, _checkout, env, startedMs) {
    const id8 = report.sessionId?.slice(0, 8);
    for (const home of geminiHomes(env)) {
      const chats = recentFiles(join(home, 'tmp'), (n) => n.startsWith('session-'), startedMs, 3).filter(
        (path) => id8 === undefined || path.includes(id8) || readFileSync(path, 'utf8').includes(id8),
      );
      if (chats.length > 0) return chats.sort().at(-1);
    }
    return undefined;
  },
};

export const AGENT_DRIVERS: Record<AgentName, AgentDriver> = { claude, codex, gemini };
