import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Proposal } from '../deepread/types.js';
import { startLlmServer } from '../llm/test-support/llm-server.js';
import { createLinePrompter } from '../prompt/line-prompter.js';
import { parseTrialLine } from '../rules/trial-comment.js';
import { noonOf, retroProject } from '../test-support/retro-project.js';
import { tempDir } from '../test-support/temp-dir.js';
import { autoDecider } from './decide.js';
import { type DeepReader, fatalDeepReadError } from './deep-read-port.js';
import { projectDeepReader } from './deep-reader.js';
import { interactiveDecider } from './interactive.js';
import { type RetroOptions, runRetro } from './pipeline.js';

type Draft = Omit<Proposal, 'session_id' | 'citations'>;

/** A deep reader that answers every flagged session with the given proposals, citing the gate's anchor. */
function readerProposing(...drafts: Draft[]): DeepReader & { calls: string[] } {
  const calls: string[] = [];
  const reader = async (path: string, request: { anchors: string[] }) => {
    const session_id = path.replace(/^.*\//, '').replace(/\.jsonl$/, '');
    calls.push(session_id);
    return {
      session_id,
      proposals: drafts.map((d) => ({
        ...d,
        session_id,
        citations: [{ message_id: request.anchors[0] ?? 'none', excerpt: 'revert it' }],
      })),
      observations: [{ session_id, description: 'The CI runner was slow' }],
      fabrication_anchors: [],
    };
  };
  return Object.assign(reader, { calls });
}

const SMOKE_RULE: Draft = {
  target: 'ic5',
  proposed_text: 'Run the full test suite before declaring a change done',
  confidence: 0.8,
  pattern_summary: 'premature done',
};

const DAY = '2026-07-01';
/** Two sessions a side: the seed's rule decides, the effect rule (the default) waits for more. */
const SEED = { rule: 'seed' } as const;
const DIRECTIVES = '.claude/memory/ic5/directives.md';

function options(p: ReturnType<typeof retroProject>, extra: Partial<RetroOptions>): RetroOptions {
  return {
    cwd: p.root,
    env: p.env,
    decider: autoDecider,
    deepReader: readerProposing(),
    // Run from sources there is no compiled gate worker; the caps are tested through the built CLI.
    gateCapMs: Number.POSITIVE_INFINITY,
    ...extra,
  };
}

describe('runRetro', () => {
  it('--auto: a flagged session becomes a NEW trial rule; later smooth sessions KEEP it, rough ones REVERT it', async () => {
    const p = retroProject();
    // Six rough sessions before the rule: enough for the effect rule's interval against ten after it.
    for (const day of ['2026-06-24', '2026-06-25', '2026-06-26', '2026-06-27', '2026-06-28', '2026-06-29'])
      p.addSession({ rejections: 2, mtimeSecs: noonOf(day) });
    const reader = readerProposing(SMOKE_RULE);
    const first = await runRetro(options(p, { deepReader: reader, today: DAY }));
    expect(first.counts).toEqual({ scanned: 1, skipped: 0, gated: 1, deepRead: 1 });
    expect(first.applied).toMatchObject([
      { target: 'ic5', action: 'NEW', trial: true, summary: SMOKE_RULE.proposed_text },
    ]);
    expect(first.observations).toEqual([expect.stringContaining('The CI runner was slow')]);
    const line = p.read(DIRECTIVES).trimEnd();
    expect(parseTrialLine(line)).toMatchObject({
      text: `1. ${SMOKE_RULE.proposed_text}`,
      start: DAY,
      reviewAfter: '10-sessions',
    });

    const [meta] = p
      .read('.claude/retro/rule-meta.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(meta).toMatchObject({
      agent: 'ic5',
      rule: SMOKE_RULE.proposed_text,
      signals: ['S1'],
      pattern_summary: 'premature done',
      mechanism: 'unverified-success-claim',
    });

    // Ten smooth sessions after the trial started: the window has elapsed and friction went down.
    for (let i = 0; i < 10; i++) p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-07-05', i) });
    const second = await runRetro(options(p, { today: '2026-07-20' }));
    expect(second.counts.gated).toBe(0);
    expect(second.applied).toMatchObject([{ target: 'ic5', action: 'KEEP' }]);
    expect(p.read(DIRECTIVES)).toBe(`1. ${SMOKE_RULE.proposed_text}\n`);
    const history = p
      .read('.claude/retro/directive-history.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(history).toMatchObject([
      {
        agent: 'ic5',
        decision: 'KEEP',
        decided_by: 'auto',
        baseline: { n: 6, mean: 9 },
        in_trial: { n: 10, mean: 0 },
        effect: { ci: [expect.any(Number), expect.any(Number)], unit: 'gate points per 100 turns' },
      },
    ]);
  });

  it('reads a flagged session once: the deep read gets its messages, and citations keep their context without the file', async () => {
    const p = retroProject();
    const session = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-30') });
    const handed: (readonly { id: string }[] | undefined)[] = [];
    const proposing = readerProposing(SMOKE_RULE);
    const reader: DeepReader = async (path, request) => {
      handed.push(request.messages);
      const answer = await proposing(path, request);
      // The transcript goes away mid-run (Claude Code cleans up old ones): nothing after the read needs it.
      rmSync(path);
      return answer;
    };
    const outcome = await runRetro(options(p, { deepReader: reader, today: DAY }));
    expect(handed).toHaveLength(1);
    const anchor = outcome.gated[0]?.verdict.signals[0]?.ids[0];
    expect(handed[0]?.some((m) => m.id === anchor)).toBe(true);
    expect(outcome.applied[0]?.citations).toEqual([
      expect.objectContaining({ message_id: anchor, session_id: session.sessionId, speaker: 'person' }),
    ]);
  });

  it('REVERTs a trial whose window was rougher than the baseline', async () => {
    const p = retroProject();
    p.writeRules(
      DIRECTIVES,
      `1. Keep commits small\n2. Ask before deleting tests <!-- trial start=${DAY} source=s#m review-after=2-sessions -->\n3. Name branches after the issue\n`,
    );
    p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-20') });
    p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-06-21') });
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-07-02') });
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-07-03') });
    const reader = readerProposing();
    const outcome = await runRetro(
      options(p, { deepReader: reader, today: '2026-07-10', sessionId: undefined, trialReview: SEED }),
    );
    expect(outcome.applied).toMatchObject([
      { target: 'ic5', action: 'REVERT', summary: 'Ask before deleting tests' },
    ]);
    expect(p.read(DIRECTIVES)).toBe('1. Keep commits small\n3. Name branches after the issue\n');
    expect(p.read('.claude/retro/directive-history.jsonl')).toContain('"decision":"REVERT"');
  });

  it('lists a DUPLICATE without applying it and TIGHTENs a related rule in place', async () => {
    const p = retroProject();
    const rules =
      '# ic5\n\n1. Run the full test suite before declaring a change done\n2. Read the failing test before editing code\n';
    p.writeRules(DIRECTIVES, rules);
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    const reader = readerProposing(SMOKE_RULE, {
      target: 'ic5',
      proposed_text: 'Quote the failing assertion before editing code',
      confidence: 0.6,
      pattern_summary: 'failing test',
    });
    const outcome = await runRetro(options(p, { deepReader: reader, today: DAY }));
    expect(outcome.duplicates).toEqual([expect.stringContaining('already covered by #1')]);
    expect(outcome.applied).toMatchObject([{ action: 'TIGHTEN' }]);
    expect(p.read(DIRECTIVES)).toBe(
      '# ic5\n\n1. Run the full test suite before declaring a change done\n2. Read the failing test before editing code; additionally, Quote the failing assertion before editing code\n',
    );
  });

  it('interactive: reject, edit (the edited rule starts as a trial too), then skip the rest', async () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    const reader = readerProposing(
      SMOKE_RULE,
      {
        target: 'qa',
        proposed_text: 'Report flaky tests by name',
        confidence: 0.7,
        pattern_summary: 'flaky tests',
      },
      {
        target: 'claude',
        proposed_text: 'Restate the request before a large edit',
        confidence: 0.5,
        pattern_summary: 'misread request',
      },
    );
    const input = new PassThrough();
    const prompts = new PassThrough();
    let shown = '';
    prompts.on('data', (b: Buffer) => {
      shown += b.toString();
    });
    input.end('r\ne\nName every flaky test in the report\ns\n');
    const decider = interactiveDecider(createLinePrompter(input, prompts), (text) => prompts.write(text));
    const outcome = await runRetro(options(p, { deepReader: reader, today: DAY, decider }));
    expect(outcome.rejected).toBe(1);
    expect(outcome.applied).toMatchObject([
      { target: 'qa', action: 'NEW', trial: true, summary: 'Name every flaky test in the report' },
    ]);
    expect(p.read('.claude/memory/qa/directives.md')).toMatch(
      /^1\. Name every flaky test in the report <!-- trial start=2026-07-01 source=\S+ review-after=10-sessions -->\n$/,
    );
    expect(shown).toContain('[a]pply / [r]eject / [e]dit / [s]kip remaining: ');
    expect(shown).not.toContain('[p]ermanent');
  });

  it('--also-claude-md mirrors the lessons into a managed section of CLAUDE.md', async () => {
    const p = retroProject();
    p.writeRules('CLAUDE.md', '# Shop\n');
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    const lesson = {
      target: 'claude' as const,
      proposed_text: 'Restate the request before a large edit',
      confidence: 0.5,
      pattern_summary: 'misread request',
    };
    const outcome = await runRetro(
      options(p, { deepReader: readerProposing(lesson), today: DAY, alsoClaudeMd: true }),
    );
    expect(outcome.claudeMd).toBe('updated');
    expect(p.read('CLAUDE.md')).toMatch(
      /^# Shop\n\n<!-- retrospect:lessons:begin [^\n]*\n## Lessons from session retrospectives\n\n- Restate the request before a large edit\n<!-- retrospect:lessons:end -->\n$/,
    );
  });

  it('--also-agents-md and --also-gemini-md keep the same section where Codex and Gemini CLI read it', async () => {
    const p = retroProject();
    p.writeRules('AGENTS.md', '# Shop\n\nRun `pnpm test` before a commit.\n');
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    const lesson = {
      target: 'claude' as const,
      proposed_text: 'Restate the request before a large edit',
      confidence: 0.5,
      pattern_summary: 'misread request',
    };
    const outcome = await runRetro(
      options(p, {
        deepReader: readerProposing(lesson),
        today: DAY,
        alsoAgentsMd: true,
        alsoGeminiMd: true,
      }),
    );
    expect(outcome.agentFiles).toEqual([
      { file: 'AGENTS.md', state: 'updated' },
      { file: 'GEMINI.md', state: 'updated' },
    ]);
    // The person's own lines stay as they were; only the delimited section is Retrospect's.
    expect(p.read('AGENTS.md')).toMatch(
      /^# Shop\n\nRun `pnpm test` before a commit\.\n\n<!-- retrospect:lessons:begin \(managed by retrospect retro --also-agents-md; edits here are replaced\) -->\n## Lessons from session retrospectives\n\n- Restate the request before a large edit\n<!-- retrospect:lessons:end -->\n$/,
    );
    expect(p.read('GEMINI.md')).toMatch(
      /--also-gemini-md[^\n]*\n[\s\S]*- Restate the request before a large edit\n/,
    );
    expect(existsSync(join(p.root, 'CLAUDE.md'))).toBe(false);
  });

  it('a GEMINI.md linked outside the project refuses the run before any rule is written', async () => {
    const p = retroProject();
    const outside = join(tempDir('retrospect-outside-'), 'GEMINI.md');
    writeFileSync(outside, '# not the project\n');
    symlinkSync(outside, join(p.root, 'GEMINI.md'));
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    const before = p.snapshot();
    const lesson = {
      target: 'claude' as const,
      proposed_text: 'Restate the request before a large edit',
      confidence: 0.5,
      pattern_summary: 'misread request',
    };
    await expect(
      runRetro(
        options(p, {
          deepReader: readerProposing(lesson),
          today: DAY,
          alsoAgentsMd: true,
          alsoGeminiMd: true,
        }),
      ),
    ).rejects.toThrow(
      /^GEMINI\.md cannot be written \(.*\); nothing was applied: fix it or leave out --also-gemini-md$/,
    );
    expect(p.snapshot()).toEqual(before);
    expect(readFileSync(outside, 'utf8')).toBe('# not the project\n');
  });

  it('--dry-run decides everything and writes nothing', async () => {
    const p = retroProject();
    p.writeRules(
      DIRECTIVES,
      `1. Ask before deleting tests <!-- trial start=${DAY} source=s#m review-after=2-sessions -->\n`,
    );
    p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-20') });
    p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-21') });
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-07-02') });
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-07-03') });
    const before = p.snapshot();
    const outcome = await runRetro(
      options(p, {
        deepReader: readerProposing(SMOKE_RULE),
        today: '2026-07-10',
        dryRun: true,
        trialReview: SEED,
      }),
    );
    expect(outcome.applied.map((a) => a.action)).toEqual(['REVERT', 'NEW']);
    expect(p.snapshot()).toEqual(before);
  });

  it('--all keeps only patterns proposed in two or more sessions and skips in-progress and retro sessions', async () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-29') });
    p.addSession({ rejections: 2, mtimeSecs: Math.floor(Date.now() / 1000) });
    const reader = readerProposing(SMOKE_RULE);
    const once: DeepReader = async (path, request) => {
      const read = await reader(path, request);
      // Only the first session also proposes a one-off.
      if (reader.calls.length === 1)
        read.proposals.push({
          ...read.proposals[0]!,
          proposed_text: 'Never rename files',
          pattern_summary: 'file renames',
        });
      return read;
    };
    const outcome = await runRetro(options(p, { deepReader: once, today: DAY, all: true, concurrency: 1 }));
    expect(outcome.counts).toEqual({ scanned: 2, skipped: 1, gated: 2, deepRead: 2 });
    expect(outcome.skipped.map((s) => s.reason)).toEqual(['in-progress']);
    expect(outcome.dropped).toEqual([]);
    expect(outcome.heldBack).toEqual([
      {
        pattern_summary: 'file renames',
        session_id: expect.any(String),
        proposals: [expect.stringContaining('"Never rename files"')],
      },
    ]);
    expect(outcome.applied).toHaveLength(1);
  });

  it('a failed deep read gives zero proposals and the run goes on; a fatal one stops the run', async () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    const lines: string[] = [];
    const broken: DeepReader = async () => {
      throw new Error('model answered 503');
    };
    const outcome = await runRetro(options(p, { deepReader: broken, log: (l) => lines.push(l) }));
    expect(outcome.counts).toMatchObject({ gated: 1, deepRead: 0 });
    expect(lines).toEqual([
      expect.stringMatching(/^deep-read .*: failed \(model answered 503\); continuing with zero proposals$/),
    ]);
    const fatal: DeepReader = async () => {
      throw fatalDeepReadError(new Error('openai: OPENAI_API_KEY is not set'));
    };
    await expect(runRetro(options(p, { deepReader: fatal }))).rejects.toThrow(/OPENAI_API_KEY/);
  });

  it('interactive trial review: a rejected REVERT leaves the rule and records nothing', async () => {
    const p = retroProject();
    const rules = `1. Ask before deleting tests <!-- trial start=${DAY} source=s#m review-after=2-sessions -->\n`;
    p.writeRules(DIRECTIVES, rules);
    p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-20') });
    p.addSession({ rejections: 0, mtimeSecs: noonOf('2026-06-21') });
    p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-07-02') });
    p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-07-03') });
    const input = new PassThrough();
    const shown: string[] = [];
    input.end('x\nr\n');
    const prompts = new PassThrough();
    prompts.on('data', (b: Buffer) => shown.push(b.toString()));
    const decider = interactiveDecider(createLinePrompter(input, prompts), (text) => shown.push(text));
    const outcome = await runRetro(options(p, { today: '2026-07-10', decider, trialReview: SEED }));
    expect(outcome.rejected).toBe(1);
    expect(outcome.applied).toEqual([]);
    expect(p.read(DIRECTIVES)).toBe(rules);
    expect(shown.join('')).toContain('Trial REVERT ic5 #1: Ask before deleting tests');
    expect(shown.filter((s) => s === '[a]pply / [r]eject / [s]kip remaining: ')).toHaveLength(2);
  });
});

describe('runRetro gates each session once', () => {
  it("hands the deep read the retro's own verdict: the model sees the retro's threshold, not the gate's default", async () => {
    const server = await startLlmServer({ apiKey: 'sk-test-gate-once' });
    try {
      const p = retroProject();
      // One rejection scores 3.0: flagged only under the retro's threshold of 2.5, not under the default 5.0.
      p.addSession({ rejections: 1, mtimeSecs: noonOf('2026-06-28') });
      server.enqueue({ text: JSON.stringify({ proposals: [], observations: [], fabrication_anchors: [] }) });
      const env = { ...p.env, OPENAI_API_KEY: 'sk-test-gate-once' };
      const deepReader = projectDeepReader({
        provider: 'openai',
        baseUrl: server.openAiBaseUrl,
        env,
        cwd: p.root,
      });
      const outcome = await runRetro(options(p, { env, deepReader, threshold: '2.5', today: DAY }));
      expect(outcome.gated.map((g) => [g.verdict.score, g.verdict.threshold, g.verdict.passed])).toEqual([
        [3, 2.5, true],
      ]);
      expect(outcome.counts.deepRead).toBe(1);
      // A second gate inside the deep read would judge the session against 5.0 and show it as not flagged.
      expect(server.requests).toHaveLength(1);
      const prompt = JSON.stringify(server.requests[0]?.body);
      expect(prompt).toContain('\\"passed\\":true,\\"threshold\\":2.5');
      expect(prompt).not.toContain('\\"threshold\\":5.0');
    } finally {
      await server.close();
    }
  });
});
