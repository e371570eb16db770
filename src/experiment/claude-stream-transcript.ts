import { randomUUID } from 'node:crypto';
import { streamEvents } from './agent-events.js';

/**
 * Claude Code's transcript lines rebuilt from its headless event stream, for a run whose session file
 * cannot be found (another config folder, a build that keeps no session). The stream's `assistant` and
 * `user` events carry the same message objects the session file holds; the lines get the session file's
 * envelope (uuid chain, session id, folder, timestamps in order) and the prompt as the first user turn, so
 * that the gate reads the run as it reads any session. Sub-agent messages (`parent_tool_use_id` set) are
 * side chains, as in the session file.
 */
export function transcriptFromClaudeStream(
  streamPath: string,
  prompt: string,
  cwd: string,
  startedMs: number,
): string {
  const events = streamEvents(streamPath);
  const sessionId = String(events.find((e) => typeof e.session_id === 'string')?.session_id ?? randomUUID());
  let parent: string | null = null;
  let clock = startedMs;
  const lines: string[] = [];
  const push = (type: 'user' | 'assistant', message: unknown, sidechain: boolean) => {
    const uuid = randomUUID();
    clock += 1000;
    lines.push(
      JSON.stringify({
        parentUuid: parent,
        isSidechain: sidechain,
        userType: 'external',
        cwd,
        sessionId,
        type,
        message,
        uuid,
        timestamp: new Date(clock).toISOString(),
      }),
    );
    parent = uuid;
  };
  push('user', { role: 'user', content: prompt }, false);
  for (const event of events) {
    if ((event.type !== 'assistant' && event.type !== 'user') || typeof event.message !== 'object') continue;
    push(
      event.type,
      event.message,
      event.parent_tool_use_id !== null && event.parent_tool_use_id !== undefined,
    );
  }
  return lines.length > 1 ? `${lines.join('\n')}\n` : '';
}
