import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeEvidence } from './heuristic.js';
import { scanSession } from './scan.js';
import { SessionBuilder } from './test-support/session-builder.js';

const dir = mkdtempSync(join(tmpdir(), 'retrospect-heuristic-'));
let n = 0;

interface Answer {
  proposals: {
    proposed_text: string;
    pattern_summary: string;
    confidence: number;
    citations: { message_id: string; excerpt: string }[];
  }[];
  observations: { description: string }[];
  fabrication_anchors: unknown[];
}

async function analyze(
  build: (s: SessionBuilder) => string[],
  existingClaudeRules = 'empty',
): Promise<Answer> {
  const s = new SessionBuilder('4b1d0000-0000-4000-8000-000000000000');
  const anchors = build(s);
  n += 1;
  const path = s.write(join(dir, `h${n}.jsonl`));
  const scan = await scanSession(path, anchors);
  return analyzeEvidence({
    sessionId: 'h',
    windows: scan.windows.windows,
    candidates: scan.candidates,
    existingClaudeRules,
  }) as Answer;
}

describe('the heuristic provider', () => {
  it('turns permission denials into a rule that cites the denial', async () => {
    let denied = '';
    const answer = await analyze((s) => {
      s.user('deploy the preview');
      denied = s.tool(
        'Bash',
        { command: 'kubectl apply -f preview.yaml' },
        'Permission to use Bash with command kubectl apply -f preview.yaml has been denied.',
        { isError: true },
      ).result;
      return [denied];
    });
    expect(answer.proposals).toEqual([
      {
        target: 'claude',
        proposed_text:
          'When a tool call is denied, never repeat it unchanged; ask the user for permission or use an allowed alternative.',
        confidence: 0.45,
        citations: [
          {
            message_id: denied,
            excerpt: 'Permission to use Bash with command kubectl apply -f preview.yaml has been denied.',
          },
        ],
        pattern_summary: 'permission denial',
      },
    ]);
  });

  it('raises confidence with each extra citation, never above 0.7', async () => {
    const answer = await analyze((s) => {
      s.user('update the cart');
      const ids: string[] = [];
      for (let i = 0; i < 4; i++)
        ids.push(
          s.tool(
            'Edit',
            { file_path: 'src/cart.ts', old_string: `v${i}`, new_string: 'w' },
            'String to replace not found in file.',
            { isError: true },
          ).result,
        );
      return ids;
    });
    expect(answer.proposals.map((p) => [p.pattern_summary, p.confidence, p.citations.length])).toEqual([
      ['stale edit', 0.65, 3],
    ]);
  });

  it('keeps a bare rejection and plain push-back as observations, not rules', async () => {
    const answer = await analyze((s) => {
      s.user('tidy the imports');
      const rejected = s.tool(
        'Write',
        { file_path: 'src/a.ts', content: 'x' },
        "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
        { isError: true },
      ).result;
      const pushback = s.user('why did you touch that file?');
      return [rejected, pushback];
    });
    expect(answer.proposals).toEqual([]);
    expect(answer.observations.map((o) => o.description)).toEqual([
      'The user pushed back on the assistant; the windows do not show a recognisable root cause.',
      'The user rejected a tool call without stating a reason.',
    ]);
  });

  it('does not propose a rule the lessons already hold, and says nothing about a calm session', async () => {
    const build = (s: SessionBuilder) => {
      s.user('edit the footer');
      return [
        s.tool(
          'Edit',
          { file_path: 'src/footer.tsx' },
          '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
          { isError: true },
        ).result,
      ];
    };
    const known = await analyze(
      build,
      '- Always Read a file in the current session before you Edit or Write it.',
    );
    expect(known.proposals).toEqual([]);
    const calm = await analyze((s) => [s.user('thanks, looks good'), s.say('Glad to help.')]);
    expect(calm).toEqual({ proposals: [], observations: [], fabrication_anchors: [] });
  });
});
