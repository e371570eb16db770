import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { tempRoot } from '../../test-support/sprint.js';
import { BRAIN_INDEX_PATH, RETRO_DIR, VALIDATOR_CONTEXT_PATH, VALIDATOR_LOG_PATH } from '../read/paths.js';
import { writeArtifactOnce } from './artifact.js';
import { brainLessonKey, emitBrainLessons } from './brain.js';
import {
  buildProposals,
  CUSTOMIZE_PATH,
  matchSkills,
  validateProposal,
  writeApprovedProposal,
} from './skills.js';
import { FINALIZE_MESSAGE, finalizeRetro, writeValidatorRecord } from './validator.js';

const NOW = new Date('2026-11-28T15:30:00Z');
const ARTIFACT = `${RETRO_DIR}/retrospective-sprint-7-2026-11-28.md`;

describe('brain lessons', () => {
  it('rejects an unknown category with no partial write', () => {
    const root = tempRoot();
    const lessons = [
      { category: 'strategy', synopsis: 'Split big stories' },
      { category: 'folklore', synopsis: 'Never deploy on Fridays' },
    ];
    expect(() => emitBrainLessons(root, 'sprint-7', ARTIFACT, lessons)).toThrow(
      /unknown category 'folklore'/,
    );
    expect(existsSync(join(root, BRAIN_INDEX_PATH))).toBe(false);
    emitBrainLessons(root, 'sprint-7', ARTIFACT, [lessons[0]!]);
    const before = readFileSync(join(root, BRAIN_INDEX_PATH));
    expect(() => emitBrainLessons(root, 'sprint-7', ARTIFACT, lessons)).toThrow(/the index was not changed/);
    expect(() => emitBrainLessons(root, 'sprint-7', '', [lessons[0]!])).toThrow(/path/);
    expect(() => emitBrainLessons(root, 'sprint-7', ARTIFACT, [{ ...lessons[0]!, confidence: 1.5 }])).toThrow(
      /confidence/,
    );
    expect(readFileSync(join(root, BRAIN_INDEX_PATH)).equals(before)).toBe(true);
  });

  it('seeds the index and keeps one entry per key', () => {
    const root = tempRoot();
    const lesson = { category: 'anti-pattern', synopsis: 'Retrying without an idempotency key bills twice.' };
    expect(emitBrainLessons(root, 'sprint-7', ARTIFACT, [lesson])).toEqual([
      { key: brainLessonKey(lesson.category, lesson.synopsis), outcome: 'added' },
    ]);
    expect(emitBrainLessons(root, 'sprint-7', ARTIFACT, [lesson])[0]?.outcome).toBe('unchanged');
    expect(
      emitBrainLessons(root, 'sprint-7', `${ARTIFACT}x`, [{ ...lesson, expires_at: '2027-01-31' }])[0]
        ?.outcome,
    ).toBe('replaced');
    const index = parseYaml(readFileSync(join(root, BRAIN_INDEX_PATH), 'utf8'));
    expect(index.schema_version).toBe(1);
    expect(index.entries).toHaveLength(1);
    expect(index.entries[0]).toMatchObject({
      key: expect.stringMatching(/^lesson-anti-pattern-[0-9a-f]{6}$/),
      source_type: 'lesson',
      tags: ['anti-pattern'],
      trust: { confidence: 0.8, source_url: 'retro:sprint-7', fetched_at: null, expires_at: '2027-01-31' },
      edges: [],
    });
  });
});

describe('skill proposals', () => {
  it('matches findings to skills by their name words', () => {
    const skills = ['code-review', 'gaia-sprint-planning', 'security-review'];
    expect(matchSkills('E3-S2 cycled back (code review FAILED → PASSED).', skills)).toEqual(['code-review']);
    expect(matchSkills('Stories entered sprint planning unsplit', skills)).toEqual(['gaia-sprint-planning']);
    expect(matchSkills('The security review and the code review disagreed', skills)).toEqual([
      'code-review',
      'security-review',
    ]);
    const { proposals, unmatched } = buildProposals(
      'sprint-7',
      ['code review was slow', 'CI is red'],
      () => 'Add a checklist',
      skills,
    );
    expect(proposals.map((p) => [p.finding_ref, p.target_path])).toEqual([
      ['retro-sprint-7-finding-1', 'custom/skills/code-review.md'],
    ]);
    expect(unmatched).toEqual([2]);
  });

  it('refuses a diff of 100 KB or more, or one that is not UTF-8 text', () => {
    const base = {
      finding_ref: 'retro-s-finding-1',
      target_skill: 'x',
      target_path: 'custom/skills/x.md',
      rationale: '',
    };
    expect(validateProposal({ ...base, diff: '+ ok' })).toBeUndefined();
    expect(validateProposal({ ...base, diff: `+ ${'a'.repeat(100 * 1024)}` })).toMatch(
      /over the 100 KB limit/,
    );
    expect(validateProposal({ ...base, diff: '+ bad \uD800 byte' })).toMatch(/not valid UTF-8/);
  });

  it('writes an approved proposal and registers it as valid YAML, once', () => {
    const root = tempRoot();
    expect(
      writeApprovedProposal(
        root,
        'code-review',
        '+ ## Retro sprint-7: x\n+\n+ - check retries.',
        '2026-11-28',
      ),
    ).toEqual({ status: 'written', path: 'custom/skills/code-review.md' });
    expect(readFileSync(join(root, 'custom/skills/code-review.md'), 'utf8')).toBe(
      '# code-review (project override)\n\n## Retro sprint-7: x\n\n- check retries.\n',
    );
    expect(
      writeApprovedProposal(
        root,
        'code-review',
        '+ ## Retro sprint-7: x\n+\n+ - check retries.',
        '2026-11-29',
      ).status,
    ).toBe('unchanged');
    expect(parseYaml(readFileSync(join(root, CUSTOMIZE_PATH), 'utf8'))).toEqual({
      skill_overrides: [{ skill: 'code-review', path: 'custom/skills/code-review.md', added: '2026-11-28' }],
    });
    expect(() => writeApprovedProposal(root, '../../plugins/gaia/skills/x', '+ x', '2026-11-28')).toThrow(
      /not a skill name/,
    );
  });
});

describe('artifact and validator records', () => {
  it('never overwrites an artifact: date, then HHMM, then a counter', () => {
    const root = tempRoot();
    const names = [1, 2, 3].map((n) => writeArtifactOnce(root, 'sprint-7', NOW, `run ${n}\n`));
    expect(names).toEqual([
      ARTIFACT,
      `${RETRO_DIR}/retrospective-sprint-7-2026-11-28-1530.md`,
      `${RETRO_DIR}/retrospective-sprint-7-2026-11-28-1530-2.md`,
    ]);
    expect(readFileSync(join(root, ARTIFACT), 'utf8')).toBe('run 1\n');
  });

  it('writes the validator decision once and treats a duplicate as success', () => {
    const root = tempRoot();
    const request = {
      root,
      command: '/gaia-retro',
      inputId: 'sprint-7',
      sprintId: 'sprint-7',
      decision: { verdict: 'recorded', findings: ['AI-10', 'AI-9'], artifact_path: ARTIFACT },
      summary: 'sprint-7 retro summary',
      now: NOW,
    };
    expect(() => finalizeRetro(undefined, root)).toThrow(FINALIZE_MESSAGE);
    const first = writeValidatorRecord(request);
    expect(first.status).toBe('written');
    expect(readFileSync(join(root, VALIDATOR_LOG_PATH), 'utf8')).toBe(`# Decision Log

### [2026-11-28] /gaia-retro: sprint-7

- agent: val
- command: /gaia-retro
- input_id: sprint-7
- sprint: sprint-7
- status: recorded
- related: AI-10, AI-9, ${ARTIFACT}

{"artifact_path":"${ARTIFACT}","findings":["AI-9","AI-10"],"verdict":"recorded"}

<!-- dedup_key: ${first.dedup_key} -->
`);
    expect(readFileSync(join(root, VALIDATOR_CONTEXT_PATH), 'utf8')).toBe(
      '# Conversation Context\n\nsprint-7 retro summary\n',
    );
    const again = writeValidatorRecord({
      ...request,
      decision: { ...request.decision, findings: ['AI-9', 'AI-10'] },
    });
    expect(again).toEqual({ status: 'skipped_duplicate', dedup_key: first.dedup_key });
    expect(() => finalizeRetro(again, root)).not.toThrow();
  });

  it('rejects a validator log that is a symlink out of the root', async () => {
    const root = tempRoot();
    const outside = tempRoot();
    mkdirSync(join(root, '.gaia/memory'), { recursive: true });
    writeFileSync(join(outside, 'x'), '');
    (await import('node:fs')).symlinkSync(outside, join(root, '.gaia/memory/validator-sidecar'));
    const result = writeValidatorRecord({
      root,
      command: '/gaia-retro',
      inputId: 's',
      sprintId: 's',
      decision: { verdict: 'recorded', findings: [], artifact_path: 'a' },
      summary: 's',
      now: NOW,
    });
    expect(result.status).toBe('rejected');
    expect(existsSync(join(outside, 'decision-log.md'))).toBe(false);
  });
});

describe('skill proposals by meaning', () => {
  it('matches stemmed words, most of a name, a description, and maps went-well items too', () => {
    const skills = [
      { name: 'code-review', description: '' },
      { name: 'gaia-test-automation-review', description: '' },
      {
        name: 'release-notes',
        description: 'Writes the changelog entry and the upgrade guide for each release.',
      },
    ];
    // "reviewed", "coding": stems meet the name's words.
    expect(matchSkills('The code was reviewed twice before merging', skills)).toEqual(['code-review']);
    // Two of three name words ("automation", "review") are most of the name.
    expect(matchSkills('Automation reviews kept failing on flaky fixtures', skills)).toEqual([
      'gaia-test-automation-review',
    ]);
    // Nothing of the name, two particular words of the description.
    expect(matchSkills('The upgrade guide missed the changelog of the webhook module', skills)).toEqual([
      'release-notes',
    ]);
    const { proposals, unmatched } = buildProposals('sprint-7', ['CI is red'], () => undefined, skills, [
      'Code reviews were done within a day',
    ]);
    expect(proposals).toEqual([
      {
        finding_ref: 'retro-sprint-7-finding-2',
        target_skill: 'code-review',
        target_path: 'custom/skills/code-review.md',
        rationale: 'Sprint sprint-7 retro found what went well: Code reviews were done within a day',
        diff: '+ ## Retro sprint-7: keep doing\n+\n+ - Code reviews were done within a day.',
      },
    ]);
    expect(unmatched).toEqual([1]);
  });

  it('lets the facilitator edit a proposal at the prompt before approving it', async () => {
    const { PassThrough } = await import('node:stream');
    const { createLinePrompter } = await import('../../prompt/line-prompter.js');
    const { promptDecider } = await import('../facilitate/proposal-decisions.js');
    const input = new PassThrough();
    input.end('e\nAdd a retry case to the review checklist\ny\n');
    const output = new PassThrough();
    const prompter = createLinePrompter(input, output);
    const decision = await promptDecider(prompter)(
      {
        finding_ref: 'retro-sprint-7-finding-1',
        target_skill: 'code-review',
        target_path: 'custom/skills/code-review.md',
        rationale: 'r',
        diff: '+ ## Retro sprint-7: E3-S2 cycled back\n+\n+ - Walk through the findings.',
      },
      () => undefined,
    );
    prompter.close();
    expect(decision).toEqual({
      approved: true,
      targetSkill: 'code-review',
      diff: '+ ## Retro sprint-7: E3-S2 cycled back\n+\n+ - Add a retry case to the review checklist',
    });
  });
});
