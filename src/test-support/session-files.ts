import { randomUUID } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes a small Claude Code transcript shaped like the real thing (one JSON object per line, parent
 * links, one assistant content block per line). `rejections` real user turns that push back follow an
 * ordinary exchange: 0 makes a smooth session (gate score 0), 1 scores 3.0, 2 or more 9.0 (S1 is capped).
 * `longExchanges` appends that many exchanges in which the user pastes a long reply (about 4.6 KB, full of
 * push-back words): a few thousand make a transcript of tens of MB that takes a gate a while to read.
 * `firstPrompt` replaces the opening prompt; `printMode` writes it first as Claude Code's print mode does,
 * queued on receipt (`queue-operation` lines) before the user turn.
 */
export function writeSessionFile(
  folder: string,
  options: {
    sessionId?: string;
    rejections?: number;
    longExchanges?: number;
    mtimeSecs?: number;
    cwd?: string;
    firstPrompt?: string;
    printMode?: boolean;
  } = {},
): { path: string; sessionId: string } {
  const sessionId = options.sessionId ?? randomUUID();
  const cwd = options.cwd ?? '/home/dev/project';
  let parent: string | null = null;
  let clock = Date.UTC(2026, 6, 1, 9, 0, 0);
  const lines: string[] = [];
  const push = (type: 'user' | 'assistant', content: unknown): void => {
    const uuid = randomUUID();
    clock += 7_000;
    lines.push(
      JSON.stringify({
        parentUuid: parent,
        isSidechain: false,
        userType: 'external',
        cwd,
        sessionId,
        version: '2.0.14',
        type,
        message: { role: type, content },
        uuid,
        timestamp: new Date(clock).toISOString(),
      }),
    );
    parent = uuid;
  };
  const prompt =
    options.firstPrompt ?? 'Please add input validation to the signup form and cover it with tests';
  if (options.printMode) {
    const at = new Date(clock).toISOString();
    lines.push(
      JSON.stringify({
        type: 'queue-operation',
        operation: 'enqueue',
        timestamp: at,
        sessionId,
        content: prompt,
      }),
    );
    lines.push(JSON.stringify({ type: 'queue-operation', operation: 'dequeue', timestamp: at, sessionId }));
  }
  push('user', prompt);
  push('assistant', [{ type: 'text', text: 'I will read the form handler first.' }]);
  push('assistant', [
    { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: `${cwd}/src/signup.ts` } },
  ]);
  push('user', [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'export function signup() {}' }]);
  push('assistant', [{ type: 'text', text: 'Added a schema check and two tests.' }]);
  for (let i = 0; i < (options.rejections ?? 0); i++) {
    push('user', i % 2 === 0 ? 'why did you delete the test?' : "no that's wrong, revert it");
    push('assistant', [{ type: 'text', text: 'Understood, restoring the previous version.' }]);
  }
  const pasted = "no that's wrong, stop and undo the migration before it runs again. ".repeat(70);
  for (let i = 0; i < (options.longExchanges ?? 0); i++) {
    push('user', pasted);
    push('assistant', [{ type: 'text', text: 'Sorry, let me try a different approach to the migration.' }]);
  }
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${sessionId}.jsonl`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  if (options.mtimeSecs !== undefined) utimesSync(path, options.mtimeSecs, options.mtimeSecs);
  return { path, sessionId };
}
