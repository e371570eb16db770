import { randomUUID } from 'node:crypto';
import { streamEvents } from './agent-events.js';

/** One invocation of the agent: the message it was given and the event stream it wrote. */
export interface StreamSegment {
  prompt: string;
  streamPath: string;
}

/**
 * Claude Code's transcript lines rebuilt from its headless event streams, for a run whose session file
 * cannot be found (another config folder, a build that keeps no session). The stream's `assistant` and
 * `user` events carry the same message objects the session file holds; the lines get the session file's
 * envelope (uuid chain, session id, folder, timestamps in order). Each invocation (the first prompt, then
 * each follow-up sent through resume) is its message as a user turn followed by its stream's events, in
 * order, so that the gate reads the run as it reads the one session file a resume grows. Sub-agent
 * messages (`parent_tool_use_id` set) are side chains, as in the session file.
 */
export function transcriptFromClaudeStream(
  segments: readonly StreamSegment[],
  cwd: string,
  startedMs: number,
): string {
  const streams = segments.map((segment) => ({ ...segment, events: streamEvents(segment.streamPath) }));
  const events = streams.flatMap((s) => s.events);
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
  let said = 0;
  for (const stream of streams) {
    push('user', { role: 'user', content: stream.prompt }, false);
    for (const event of stream.events) {
      if ((event.type !== 'assistant' && event.type !== 'user') || typeof event.message !== 'object')
        continue;
      said += 1;
      push(
        event.type,
        event.message,
        event.parent_tool_use_id !== null && event.parent_tool_use_id !== undefined,
      );
    }
  }
  return said > 0 ? `${lines.join('\n')}\n` : '';
}
