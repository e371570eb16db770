import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { deepRead } from './index.js';
import { patternsOf, readOffline, refusedBecause } from './test-support/heuristic.js';
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
  it('proposes what the person said in the demo overreach session, and observes the rest', async () => {
    const result = await deepRead(OVERREACH, { provider: 'heuristic', env: {}, cwd: dir, persist: false });
    expect(result.dropped).toEqual([]);
    const correction = {
      message_id: '6e9626d6-b530-4179-8eda-d0e48f989f07',
      excerpt: "No, that's wrong. Don't touch the schema, revert that change. Only the rounding in total().",
    };
    expect(result.proposals.map((p) => [p.pattern_summary, p.proposed_text, p.citations])).toEqual([
      [
        'stated standing',
        "Don't touch the schema, revert that change. (The user's words after you edited a file.)",
        [correction],
      ],
    ]);
    expect(result.proposals.every((p) => p.target === 'claude')).toBe(true);
    expect(result.observations.map((o) => o.description)).toEqual([
      'The agent reported success that no check after its last edit showed. (2 times)',
      'The user undid or fenced off a change.',
    ]);
    // "212 tests pass" with no test run anywhere in the session.
    expect(result.fabrication_anchors.map((a) => [a.turn_id, a.evidence_for_fabrication])).toEqual([
      ['ba261b6d-fd5e-487f-8a29-d037e2b9061d', 'no test run in the session'],
    ]);
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
    expect(result.proposals.map((p) => p.proposed_text)).toEqual([
      "Don't rewrite the whole file, only touch the validate function. (The user's words after you wrote a file and they refused it.)",
    ]);
    // Observations, at most three, most frequent first.
    expect(patternsOf(result)).toEqual(['stated standing', 'unwanted edit', 'contradicted success']);
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
      "- Don't touch the schema, revert that change. (The user's words after you edited a file.)\n",
    );
    const result = await deepRead(OVERREACH, {
      provider: 'heuristic',
      env: {},
      cwd: project,
      persist: false,
    });
    expect(result.proposals).toEqual([]);
  });

  it('builds each rule from the session: no text recurs across sessions, each passes validation', async () => {
    const texts = new Set<string>();
    for (const [asked, said, reply] of [
      [
        'add the export',
        'Added a new file for the export notes.',
        'put it in the existing doc, not a new file',
      ],
      ['tidy the tests', 'I rewrote the suite with 14 tests.', 'Good but simplify. I just want 2 tests'],
      ['commit it', 'Committed with signing turned off.', 'never commit without signing'],
    ] as const) {
      const { result } = await readOffline((s) => {
        s.user(asked);
        s.tool('Write', { file_path: '/repo/notes.md', content: 'x' }, 'File created successfully');
        s.say(said);
        s.user(reply);
      });
      expect(result.dropped).toEqual([]);
      expect(result.proposals).toHaveLength(1);
      const rule = result.proposals[0]?.proposed_text ?? '';
      expect(ruleTextProblem(rule)).toBeUndefined();
      expect(rule.toLowerCase()).toContain(reply.slice(0, 20).toLowerCase());
      texts.add(rule);
    }
    expect(texts.size).toBe(3);
  });

  it('an instruction for later, a hypothetical or the opening request is not a correction', async () => {
    const { result } = await readOffline((s) => {
      s.user("Never push to main. Add the migration, but don't run the migrations yet.");
      s.tool('Write', { file_path: '/repo/db/m1.sql', content: 'x' }, 'File created successfully');
      s.say('Added the migration.');
      s.user('Leave it uncommitted for now. Commit each step later so I can roll back if needed.');
    });
    expect(result.proposals).toEqual([]);
  });

  it('a standing instruction inside a new request is not a reaction; the same words after the act are', async () => {
    const fresh = await readOffline((s) => {
      s.user('update the readme');
      s.tool('Bash', { command: 'ls docs' }, 'guide.md');
      s.say('The readme now lists the new flags.');
      s.user("Now fix the parser bug. Don't change any other files.");
    });
    expect(fresh.result.proposals).toEqual([]);
    const reacting = await readOffline((s) => {
      s.user('fix the parser bug');
      s.tool('Edit', { file_path: '/repo/src/lexer.ts', old_string: 'a', new_string: 'b' }, 'ok');
      s.say('I also tidied two other files while I was there.');
      s.user("Don't change any other files.");
    });
    expect(reacting.result.proposals.map((p) => p.pattern_summary)).toEqual(['stated standing']);
  });

  it('a reason typed at a refusal that the agent just follows is compliance, not a rule', async () => {
    const { result } = await readOffline((s) => {
      s.user('why are the line breaks not rendered?');
      s.tool(
        'Edit',
        { file_path: '/repo/README.md', old_string: 'a\\nb', new_string: 'a<br>b' },
        refusedBecause('can we use double backslashes?'),
        { isError: true },
      );
      s.tool('Edit', { file_path: '/repo/README.md', old_string: 'a\\nb', new_string: 'a\\\\nb' }, 'updated');
      s.say('Done, I used double backslashes.');
    });
    expect(result.proposals).toEqual([]);
  });
});
