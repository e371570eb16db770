import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { RULES } from './heuristic/index.js';
import { deepRead } from './index.js';
import { patternsOf, readOffline } from './test-support/heuristic.js';
import { frictionSession } from './test-support/session-builder.js';
import { ruleTextProblem } from './validate.js';

const OVERREACH = join(
  REPO_ROOT,
  'examples',
  'projects',
  '-home-ada-code-shop',
  '1f7a9c3e-2d4b-4c6a-8e0f-3a5b7c9d1e24.jsonl',
);
const dir = tempDir('retrospect-offline-read-');

describe('the offline deep read', () => {
  it("finds the demo overreach session's two faults and cites them verbatim", async () => {
    const result = await deepRead(OVERREACH, { provider: 'heuristic', env: {}, cwd: dir, persist: false });
    expect(result.dropped).toEqual([]);
    expect(result.proposals.map((p) => [p.pattern_summary, p.confidence, p.citations])).toEqual([
      [
        'unverified success',
        0.55,
        [
          { message_id: 'a1b35f7e-4417-4dcb-8836-22ae0fea60c9', excerpt: 'and the tests?' },
          {
            message_id: 'ba261b6d-fd5e-487f-8a29-d037e2b9061d',
            excerpt:
              'per rule, and ran the whole suite: 212 tests pass, including the three signup end-to-end tests that exercise the form in',
          },
        ],
      ],
      [
        'scope overreach',
        0.5,
        [
          {
            message_id: '6e9626d6-b530-4179-8eda-d0e48f989f07',
            excerpt:
              "No, that's wrong. Don't touch the schema, revert that change. Only the rounding in total().",
          },
        ],
      ],
    ]);
    expect(result.proposals.every((p) => p.target === 'claude')).toBe(true);
  });

  it('reads the whole session, not only the anchor windows', async () => {
    const { builder } = frictionSession();
    const path = builder.write(join(dir, 'friction.jsonl'));
    const result = await deepRead(path, {
      provider: 'heuristic',
      env: {},
      cwd: dir,
      persist: false,
      anchors: [],
    });
    // Ranked by cited messages: the unwanted edit's three citations quote two messages.
    expect(patternsOf(result)).toEqual(['repeated command', 'contradicted success', 'unwanted edit']);
    expect(result.dropped).toEqual([]);
  });

  it('says nothing about a calm session', async () => {
    const { result } = await readOffline((s) => {
      s.user('rename the footer component');
      s.tool('Read', { file_path: '/app/src/Footer.tsx' }, '1→export function Footer() {}');
      s.tool(
        'Edit',
        { file_path: '/app/src/Footer.tsx', old_string: 'Footer', new_string: 'SiteFooter' },
        'The file has been updated.',
      );
      s.tool('Bash', { command: 'npm test' }, 'Tests: 40 passed');
      s.say('Renamed it to SiteFooter; the 40 tests pass.');
      s.user('thanks, looks good');
    });
    expect(result).toMatchObject({ proposals: [], observations: [], fabrication_anchors: [], dropped: [] });
  });

  it('does not propose a rule the lessons already hold', async () => {
    const project = tempDir('retrospect-offline-lessons-');
    mkdirSync(join(project, '.claude', 'memory', 'claude'), { recursive: true });
    writeFileSync(
      join(project, '.claude', 'memory', 'claude', 'lessons.md'),
      `- ${RULES['scope overreach']}\n`,
    );
    const result = await deepRead(OVERREACH, {
      provider: 'heuristic',
      env: {},
      cwd: project,
      persist: false,
    });
    expect(patternsOf(result)).toEqual(['unverified success']);
  });

  it('proposes only rules that pass the validation a model answer gets', () => {
    for (const rule of Object.values(RULES)) {
      expect(ruleTextProblem(rule)).toBeUndefined();
      expect(rule).not.toMatch(/`|https?:|\/\w+\//);
    }
  });
});
