import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import {
  formatVerdictJson,
  type GateOptions,
  type GateResult,
  gateSessionSync,
  renderWhy,
} from '../index.js';

/**
 * Regression fixtures for each cause the calibrated profile addresses. The sessions are paraphrases of
 * shapes seen in real Claude Code transcripts (see eval/README.md), written small enough to read.
 */

function gate(t: TranscriptBuilder, options: GateOptions = {}): GateResult {
  return gateSessionSync(t.write(), { profile: 'calibrated', env: {}, ledgerPath: null, ...options });
}

function count(result: GateResult, name: string): number {
  return result.verdict.signals.find((s) => s.name === name)?.count ?? 0;
}

const REFUSAL =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

/** Claude Code writes interrupts as a text block on the user channel. */
function interrupt(t: TranscriptBuilder, forToolUse = false): string {
  const text = forToolUse ? '[Request interrupted by user for tool use]' : '[Request interrupted by user]';
  return t.user('', { message: { role: 'user', content: [{ type: 'text', text }] } });
}

function edit(t: TranscriptBuilder, path: string, n: number): void {
  t.tool('Edit', { file_path: path, old_string: `old ${n}`, new_string: `new ${n}` });
  t.result(`The file ${path} has been updated.`);
}

describe('S1: corrections, not instructions', () => {
  it('never reads the opening brief or an instruction given before the agent acted', () => {
    const t = new TranscriptBuilder();
    t.user(
      "Port the parser to Rust. Don't stop until all functions are ported. Commit the change, then stop.",
    );
    t.assistant('Starting with the tokenizer.');
    const result = gate(t);
    expect(count(result, 'S1')).toBe(0);
  });

  it('reads only the opening of a turn, not the words of a document pasted below it', () => {
    const t = new TranscriptBuilder();
    t.user('Review the deployment checklist.');
    t.assistant('Which checklist?');
    const spec = `${'Here it is, follow it as written.\n'.repeat(10)}Step 9: stop the old workers, revert on a wrong checksum, don't skip backups.`;
    t.user(spec);
    expect(count(gate(t), 'S1')).toBe(0);
  });

  it('counts one hit per steering turn, whatever the number of phrases in it', () => {
    const t = new TranscriptBuilder();
    t.user('Add a retry to the upload.');
    t.assistant('Added three retries to the upload.');
    const steer = t.user('wrong, try again and stop the old worker first');
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 1,
      ids: [steer],
    });
    expect(result.verdict.passed).toBe(false);
  });

  it("counts a turn rejecting the agent's work twice, once however many phrases: it flags alone", () => {
    const t = new TranscriptBuilder();
    t.user('Add a retry to the upload.');
    t.assistant('Added three retries to the upload.');
    const reject = t.user("no, that's wrong, revert it and stop");
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [reject, reject],
    });
    expect(result.verdict.score).toBe(6);
    expect(result.verdict.passed).toBe(true);
    expect(result.reasons?.map((r) => r.reason)).toContain(
      'rejected the agent\'s work ("that\'s wrong"): counts twice',
    );
  });

  it.each([
    ['a mild steer', 'I meant the header row only', 1],
    ['"not what I asked"', "that's not what I asked for, only the header row", 2],
    ['an undo', 'please undo the last change', 2],
    ['对不对 (a question, not a rejection)', '这个判断标准对不对？', 0],
    ['不对 (a rejection)', '不对，只改表头', 2],
    ["a slip of the person's own", 'sorry, it was the wrong file I pasted', 1],
  ])('weighs %s by how strongly it rejects', (_case, reply, hits) => {
    const t = new TranscriptBuilder();
    t.user('Fix the import page.');
    t.assistant('Changed the import page.');
    t.user(reply);
    expect(count(gate(t), 'S1')).toBe(hits);
  });

  it("counts a redirect after an interrupt or a refusal twice when it rejects the agent's work", () => {
    const t = new TranscriptBuilder();
    t.user('Clean up the config folder.');
    t.tool('Bash', { command: 'rm -rf config/old' });
    t.result(REFUSAL, true);
    interrupt(t, true);
    t.user('no, that is not what I asked, keep the old folder');
    expect(count(gate(t), 'S1')).toBe(2);
    const mild = new TranscriptBuilder();
    mild.user('Clean up the config folder.');
    mild.tool('Bash', { command: 'rm -rf config/old' });
    mild.result(REFUSAL, true);
    interrupt(mild, true);
    mild.user('keep config/old, only remove the tmp files');
    expect(count(gate(mild), 'S1')).toBe(1);
  });

  // Count 2: the turn rejects the agent's work outright (see the strength tests above), or says the fix
  // did not work (version 9; "sigue sin funcionar" since version 13); 1: it steers.
  it.each([
    ['zh', '不对，我的意思是只改表头', 2],
    ['zh-Hant', '還是不行，按鈕沒反應', 2],
    ['ja', '違う、そうじゃなくてログを見て', 2],
    ['ko', '아니요, 그게 아니라 설정 파일을 고쳐 주세요', 2],
    ['de', 'Nein, das ist falsch, bitte rückgängig machen', 2],
    ['fr', "Non, ce n'est pas ça, ça ne marche toujours pas", 2],
    ['es', 'Eso no, sigue sin funcionar', 2],
    ['pt', 'Está errado, ainda não funciona', 2],
    ['ru', 'Нет, это неправильно, верни как было', 2],
    ['vi', 'ý tôi là folder này, không phải folder kia', 1],
  ])('reads corrections in %s', (_language, reply, hits) => {
    const t = new TranscriptBuilder();
    t.user('Fix the import page.');
    t.assistant('Changed the import page.');
    t.user(reply);
    expect(count(gate(t), 'S1')).toBe(hits);
  });

  it('reads the typing after IDE context, and the arguments of a slash command', () => {
    const t = new TranscriptBuilder();
    t.user('Summarise the design doc.');
    t.assistant('Summary written.');
    t.user(
      '<ide_opened_file>The user opened the file /repo/docs/a.md in the IDE. This may or may not be related to the current task.</ide_opened_file>\nstill not working, the summary is empty',
    );
    t.user(
      '<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>wrong target: review the skill, not the design doc</command-args>',
    );
    // The first turn says the fix did not work: it counts twice (version 9).
    expect(count(gate(t), 'S1')).toBe(3);
  });

  it('counts a request re-sent word for word after the agent acted on it', () => {
    const t = new TranscriptBuilder();
    t.user('Make the table columns narrower please');
    edit(t, '/repo/src/table.css', 1);
    t.assistant('Adjusted the widths.');
    t.user('Make the table columns narrower please');
    expect(count(gate(t), 'S1')).toBe(1);
  });

  it('does not count a request sent again after the agent did nothing with it (a provider error)', () => {
    const t = new TranscriptBuilder();
    t.user('merge the open pull request');
    t.assistant("You're out of extra usage · resets 1am");
    t.user(
      '<command-name>/rate-limit-options</command-name>\n<command-message>rate-limit-options</command-message>\n<command-args></command-args>',
    );
    t.user('merge the open pull request');
    expect(count(gate(t), 'S1')).toBe(0);
  });

  it('reads the first line of a turn, not a paste below it', () => {
    const t = new TranscriptBuilder();
    t.user('Set up the agents file.');
    edit(t, '/repo/.claude/agents.yaml', 1);
    t.assistant('Created it.');
    t.user(
      'use this version instead:\nagents:\n  git-guru:\n    max_cost: 1.00   # $1 hard stop\n    prompt: revert noisy commits',
    );
    expect(count(gate(t), 'S1')).toBe(0);
    t.user("that's not it either\nagents: []");
    expect(count(gate(t), 'S1')).toBe(2);
  });

  it('reads "that is not the issue" as a correction, typos included', () => {
    const t = new TranscriptBuilder();
    t.user('audit what we have set up on the server');
    t.tool('Read', { file_path: '/srv/docker-compose.yml' });
    t.result('services: {}');
    t.assistant('The compose files define four services.');
    t.user('okay thats is not the issue, is the developer portal ready for apps?');
    expect(count(gate(t), 'S1')).toBe(2);
  });
});

describe('S1: interrupts and refused tool calls', () => {
  it('counts an interrupt the person follows with a new direction', () => {
    const t = new TranscriptBuilder();
    t.user('Find why the filter opens every item.');
    t.tool('Bash', { command: 'git log -p src/filter.vue' });
    const stop = interrupt(t);
    t.user('look at the watch on sites instead');
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 1,
      ids: [stop],
    });
    expect(result.reasons?.[0]?.reason).toContain('interrupted the agent, then redirected');
  });

  it('does not count an interrupt followed by "carry on", in any language', () => {
    for (const carryOn of ['continue', '继续', 'go', '続けて']) {
      const t = new TranscriptBuilder();
      t.user('Run the migration.');
      t.tool('Bash', { command: 'npm run migrate' });
      interrupt(t);
      t.user(carryOn);
      expect(count(gate(t), 'S1'), carryOn).toBe(0);
    }
  });

  it('does not count a person amending their own request after stopping the agent', () => {
    const t = new TranscriptBuilder();
    t.user('思考如何把以上原则更新到skill.md中');
    t.tool('Read', { file_path: '/repo/skill.md' });
    interrupt(t);
    t.user('思考如何把以上原则更新到claude.md中');
    expect(count(gate(t), 'S1')).toBe(0);
  });

  it('counts a refused tool call followed by the request restated: the person said no to what the agent did', () => {
    const t = new TranscriptBuilder();
    t.user('Fix the off-by-one in the pager.');
    t.tool('Edit', { file_path: '/repo/src/pager.ts', old_string: 'i < n', new_string: 'i <= n' });
    const refused = t.result(REFUSAL, true);
    interrupt(t, true);
    t.user('Fix the off-by-one in the pager, it is on line 42 of src/pager.ts');
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 1,
      ids: [refused],
    });
  });

  it('counts a refused tool call as a correction (S1), not as a tool error (S2)', () => {
    const t = new TranscriptBuilder();
    t.user('Create the Windsurf rules file.');
    t.tool('Write', { file_path: '/repo/.windsurfrules', content: 'x' });
    t.result('Exit code 1', true);
    const refused = t.result(REFUSAL, true);
    interrupt(t, true);
    t.user('put it in the docs folder, not the root');
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 1,
      ids: [refused],
    });
    expect(count(result, 'S2')).toBe(0);
  });

  it('does not carry a refusal over a session command (/clear): the person moved on', () => {
    const t = new TranscriptBuilder();
    t.user('Plan the migration.');
    t.tool('ExitPlanMode', { plan: '# Migration plan' });
    t.result(REFUSAL, true);
    interrupt(t, true);
    t.user(
      '<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>',
    );
    t.user('list everything installed on the server');
    expect(count(gate(t), 'S1')).toBe(0);
  });

  it('counts an interrupt followed by another command that asks for work (a skill)', () => {
    const t = new TranscriptBuilder();
    t.user('<command-message>flow-convert</command-message>\n<command-name>/flow-convert</command-name>');
    t.tool('Read', { file_path: '/repo/docs/prd-1.md' });
    t.result('# PRD 1');
    interrupt(t);
    t.user('<command-message>flow</command-message>\n<command-name>/flow</command-name>');
    t.tool('Read', { file_path: '/repo/docs/prd-2.md' });
    t.result('# PRD 2');
    interrupt(t);
    t.user('<command-message>flow-convert</command-message>\n<command-name>/flow-convert</command-name>');
    const result = gate(t);
    expect(count(result, 'S1')).toBe(2);
    expect(result.reasons?.[0]?.reason).toBe('interrupted the agent, then ran /flow');
  });

  it('does not count an interrupt followed by the same command again: the person resumed it', () => {
    const t = new TranscriptBuilder();
    t.user('<command-message>implement</command-message>\n<command-name>/implement</command-name>');
    t.tool('Read', { file_path: '/repo/plan.md' });
    t.result('# Plan');
    interrupt(t);
    t.user('<command-message>implement</command-message>\n<command-name>/implement</command-name>');
    expect(count(gate(t), 'S1')).toBe(0);
  });

  it('does not count the plan hand-off (a refused plan exit followed by "Implement the following plan")', () => {
    const t = new TranscriptBuilder();
    t.user('Plan the skill store.');
    t.tool('ExitPlanMode', { plan: '# Plan' });
    t.result(REFUSAL, true);
    interrupt(t, true);
    t.user('Implement the following plan:\n\n# Skill store\n1. Registry');
    expect(count(gate(t), 'S1')).toBe(0);
  });

  it('counts a refusal the session ends on, but not a bare interrupt', () => {
    const refusing = new TranscriptBuilder();
    refusing.user('Check the file history.');
    refusing.tool('Bash', { command: 'git log --follow x.ts' });
    refusing.result(REFUSAL, true);
    interrupt(refusing, true);
    expect(count(gate(refusing), 'S1')).toBe(1);
    const stopping = new TranscriptBuilder();
    stopping.user('Check the file history.');
    stopping.tool('Bash', { command: 'git log --follow x.ts' });
    interrupt(stopping);
    expect(count(gate(stopping), 'S1')).toBe(0);
  });
});

describe('S2 without the harness', () => {
  it('does not count parallel-call cascades', () => {
    const t = new TranscriptBuilder();
    t.user('Read the three configs.');
    t.tool('Read', { file_path: '/a' });
    t.result('File does not exist.', true);
    t.result('<tool_use_error>Sibling tool call errored</tool_use_error>', true);
    t.result('<tool_use_error>Cancelled: parallel tool call Read(/c) errored</tool_use_error>', true);
    t.assistant('The first file is missing.');
    expect(count(gate(t), 'S2')).toBe(0);
    expect(count(gate(t, { profile: 'seed' }), 'S2')).toBe(1);
  });

  it('still counts the agent failing twice in a row', () => {
    const t = new TranscriptBuilder();
    t.user('Fix the build.');
    t.tool('Edit', { file_path: '/repo/a.ts', old_string: 'x', new_string: 'y' });
    t.result(
      '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
      true,
    );
    t.tool('Edit', { file_path: '/repo/a.ts', old_string: 'x', new_string: 'y' });
    t.result('<tool_use_error>String to replace not found in file.</tool_use_error>', true);
    t.assistant('Let me read it first.');
    expect(count(gate(t), 'S2')).toBe(1);
  });

  it('counts a run of eight or more failing calls twice (version 6), a run of seven once', () => {
    const run = (failures: number) => {
      const t = new TranscriptBuilder();
      t.user('Write the report files.');
      for (let n = 0; n < failures; n++) {
        t.tool('Write', { file_path: `/repo/out/${n}.md`, content: 'x' });
        t.result('<tool_use_error>EACCES: permission denied</tool_use_error>', true);
      }
      t.assistant('Every write failed.');
      return gate(t);
    };
    const long = run(8);
    expect(count(long, 'S2')).toBe(2);
    expect(long.reasons?.map((r) => r.reason)).toContain('a run of 8 or more failing calls: counts twice');
    expect(count(run(7), 'S2')).toBe(1);
    // Two S2 hits weigh 4.0: a long run alone still does not flag a session.
    expect(long.verdict.passed).toBe(false);
  });
});

describe('S2 and S3 in long sessions', () => {
  /** A session of `requests` requests in which the first `failing` ones see the agent fail twice in a row. */
  function session(requests: number, failing: number): TranscriptBuilder {
    const t = new TranscriptBuilder();
    for (let n = 0; n < requests; n++) {
      t.user(`Step ${n}: add the next migration.`);
      t.tool('Bash', { command: `npm run migrate -- ${n}` });
      if (n < failing) {
        t.result('Exit code 1\nmigration failed', true);
        t.tool('Bash', { command: `npm run migrate -- ${n} --force` });
        t.result('Exit code 1\nmigration failed', true);
      }
      t.assistant(`Migration ${n} done.`);
    }
    return t;
  }

  it('counts every error run in a session of ten requests or fewer', () => {
    expect(count(gate(session(8, 3)), 'S2')).toBe(3);
  });

  it('counts a long session by its rate: one run per ten requests', () => {
    const result = gate(session(46, 3));
    expect(count(result, 'S2')).toBe(1);
    expect(result.reasons?.find((r) => r.signal === 'S2')?.reason).toContain(
      '(3 in 46 requests, counted at one per ten requests)',
    );
    expect(count(gate(session(46, 2)), 'S2')).toBe(0);
    expect(count(gate(session(46, 2), { profile: 'seed' }), 'S2')).toBe(2);
  });
});

describe('S3: a file the person had to come back to', () => {
  it('does not count hunk-by-hunk edits inside one request', () => {
    const t = new TranscriptBuilder();
    t.user('Rename the helper everywhere in utils.ts.');
    for (let n = 0; n < 6; n++) edit(t, '/repo/src/utils.ts', n);
    t.assistant('Renamed in six places.');
    expect(count(gate(t), 'S3')).toBe(0);
    expect(count(gate(t, { profile: 'seed' }), 'S3')).toBe(1);
  });

  it('counts a file edited again in a third separate request', () => {
    const t = new TranscriptBuilder();
    t.user('Hide sent bids from the list view.');
    edit(t, '/repo/views/lead.xml', 1);
    t.user('The list is still showing them.');
    edit(t, '/repo/views/lead.xml', 2);
    t.user('Now the header is gone.');
    const third = t.nextId();
    edit(t, '/repo/views/lead.xml', 3);
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S3')).toEqual({
      name: 'S3',
      count: 1,
      ids: [third],
    });
  });

  it('leaves out prose documents drafted over several requests', () => {
    const t = new TranscriptBuilder();
    for (const request of ['Write the design doc.', 'Add the API section.', 'Add the rollout plan.']) {
      t.user(request);
      edit(t, '/repo/docs/design/capacity.md', request.length);
    }
    expect(count(gate(t), 'S3')).toBe(0);
  });

  it("leaves out the agent's own plan and memory files", () => {
    const t = new TranscriptBuilder();
    for (const request of ['Plan it.', 'Add the store.', 'Add pricing.']) {
      t.user(request);
      edit(t, '/home/dev/.claude/plans/calm-orbit.md', request.length);
    }
    expect(count(gate(t), 'S3')).toBe(0);
  });
});

describe('S1: a turn the agent concedes was a correction', () => {
  it.each([
    ['en', "You're right, the model does exist."],
    ['zh', '你说得对，我重新看了规则。'],
    ['fr', "Tu as raison, j'avais oublié deux fichiers."],
    ['es', 'Tenés razón, hay redundancia en esa tabla.'],
  ])(
    "counts the person's turn whatever its words, when the reply concedes in %s",
    (_language, concession) => {
      const t = new TranscriptBuilder();
      t.user('Is Qwen3.5 0.8B a bf16 model?');
      t.assistant('There is no such model.');
      const pushback = t.user('It was released last week, look it up.');
      t.assistant(concession);
      const result = gate(t);
      expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
        name: 'S1',
        count: 1,
        ids: [pushback],
      });
      expect(count(result, 'S4')).toBe(0);
      expect(result.reasons?.[0]?.reason).toBe(
        'the agent conceded a correction: "It was released last week, look it up."',
      );
    },
  );

  it('counts a steer the agent concedes twice (version 4), a conceded terse reply once and not as S5', () => {
    const t = new TranscriptBuilder();
    t.user('Fix the export.');
    t.assistant('Changed the exporter.');
    t.user('still broken');
    t.assistant("You're right, the header row is still missing.");
    t.user('Rename the column too.');
    t.assistant(LONG_ANSWER);
    t.user('和5不一样吗');
    t.assistant('你说得对，第1条和第5条是一回事。');
    const result = gate(t);
    expect(count(result, 'S1')).toBe(3);
    expect(count(result, 'S5')).toBe(0);
  });

  it('reads only the opening of the reply, not a phrase further down', () => {
    const t = new TranscriptBuilder();
    t.user('Add the retry.');
    t.assistant('Added.');
    t.user('Now add logging.');
    t.assistant(
      `Done. ${'Logging goes to stderr with a timestamp and the request id. '.repeat(4)}As you said, you're right that it was missing before.`,
    );
    expect(count(gate(t), 'S1')).toBe(0);
  });

  it('no longer counts "I\'ll try" opening an ordinary plan (S4)', () => {
    const t = new TranscriptBuilder();
    t.user('Speed up the report.');
    t.assistant("I'll try caching the query first, then batching the writes.");
    expect(count(gate(t), 'S4')).toBe(0);
    expect(count(gate(t, { profile: 'seed' }), 'S4')).toBe(1);
  });
});

describe('S5: terse replies', () => {
  it('counts words in scripts without spaces by characters', () => {
    const t = new TranscriptBuilder();
    t.user('解释一下这个模块');
    t.assistant(LONG_ANSWER);
    t.user('那现在基于我们的项目我们就是要实现这个新的量化模式先规划在文档里面');
    expect(count(gate(t), 'S5')).toBe(0);
    expect(count(gate(t, { profile: 'seed' }), 'S5')).toBe(1);
  });

  it('never counts a pasted URL, an option picked from a list, or a carry-on', () => {
    for (const reply of ['https://github.com/FrameworkComputer/inputmodule-rs', '2', '继续', 'ok']) {
      const t = new TranscriptBuilder();
      t.user('What should we do next?');
      t.assistant(LONG_ANSWER);
      t.user(reply);
      expect(count(gate(t), 'S5'), reply).toBe(0);
    }
  });

  it('counts a short disengaged reply at half weight', () => {
    const t = new TranscriptBuilder();
    t.user('Explain the plan.');
    t.assistant(LONG_ANSWER);
    t.user('LM-head是什么');
    const result = gate(t);
    expect(count(result, 'S5')).toBe(1);
    expect(result.verdict.score).toBe(0.5);
  });
});

describe('the calibrated verdict', () => {
  it('keeps the seed output shape and adds the profile at the end; the seed line is unchanged', () => {
    const t = new TranscriptBuilder();
    t.user('Fix the login.');
    t.assistant('Changed the exporter.');
    t.user('wrong file');
    t.assistant('Changed it again.');
    t.user('why did you change the form?');
    const calibrated = formatVerdictJson(gate(t).verdict);
    expect(calibrated).toMatch(
      /^\{"score":6\.0,"passed":true,"threshold":5\.0,"signals":\[\{"name":"S1","count":2,/,
    );
    expect(calibrated.endsWith(',"profile":"calibrated"}')).toBe(true);
    expect(formatVerdictJson(gate(t, { profile: 'seed' }).verdict)).not.toContain('profile');
  });

  it('is chosen by RETRO_GATE_PROFILE, defaults to calibrated, and warns on an unknown value', () => {
    const t = new TranscriptBuilder();
    t.user('hello');
    const path = t.write();
    expect(gateSessionSync(path, { env: {}, ledgerPath: null }).profile).toBe('calibrated');
    expect(gateSessionSync(path, { env: { RETRO_GATE_PROFILE: 'seed' }, ledgerPath: null }).profile).toBe(
      'seed',
    );
    const bad = gateSessionSync(path, { env: { RETRO_GATE_PROFILE: 'strict' }, ledgerPath: null });
    expect(bad.profile).toBe('calibrated');
    expect(bad.warnings).toEqual([
      "invalid RETRO_GATE_PROFILE 'strict' (expected seed or calibrated); using calibrated",
    ]);
  });

  it('--why says why each counted hit counted', () => {
    const t = new TranscriptBuilder();
    t.user('Add the export button.');
    t.assistant('Added.');
    const reply = t.user('wrong place, it belongs in the manual entry tab');
    const result = gate(t);
    const why = renderWhy(result.sessionId, result.verdict, result.reasons);
    expect(why).toContain('Profile: calibrated');
    expect(why).toContain(
      `  - ${reply}: correction "wrong" in reply to the agent: "wrong place, it belongs in the manual entry tab"`,
    );
  });

  it('gives the same verdict whichever engine walks the lines', async () => {
    const { readCalibratedTurnsFast } = await import('./read.js');
    const { CalibratedMachine } = await import('./machine.js');
    const t = new TranscriptBuilder();
    t.user('Fix the import.');
    t.tool('Bash', { command: 'npm test' });
    t.result('Exit code 1', true);
    t.result(REFUSAL, true);
    interrupt(t, true);
    t.user('不对，先看日志');
    t.assistant('你说得对，先看日志。');
    edit(t, '/repo/a.ts', 1);
    const path = t.write();
    const hits = (engine: 'wasm' | 'js') => {
      const machine = new CalibratedMachine();
      readCalibratedTurnsFast(path, machine, { engine });
      return { hits: machine.finish(), reasons: machine.reasons };
    };
    expect(hits('js')).toEqual(hits('wasm'));
    expect(hits('js').reasons.map((r) => r.signal)).toEqual(['S1', 'S1']);
  });
});

describe('version 4: complaints, the agent declining, approvals', () => {
  it('counts a complaint that the problem is not solved, something left out, or a rule ignored', () => {
    for (const complaint of [
      'this still doesn’t fix it, the page crashes',
      "this doesn't fix the root cause",
      "didn't you forget the settings page?",
      'why is my rule not applied?',
      'i dont see which files you corrected',
      'still have when i try to sign in 404: NOT_FOUND',
      'используй другой способ',
    ]) {
      const t = new TranscriptBuilder();
      t.user('Fix the sign-in page.');
      t.tool('Read', { file_path: '/repo/src/signin.ts' });
      t.result('export function signIn() {}');
      t.assistant(LONG_ANSWER);
      const turn = t.user(complaint);
      const result = gate(t);
      expect(result.verdict.signals.find((s) => s.name === 'S1')?.ids, complaint).toEqual([turn]);
    }
  });

  it('does not read "not yet, don\'t touch the code" (Portuguese) as a correction', () => {
    const t = new TranscriptBuilder();
    t.user('Analise o módulo de pagamentos.');
    t.tool('Read', { file_path: '/repo/src/payments.ts' });
    t.result('export const pay = () => {}');
    t.assistant(LONG_ANSWER);
    t.user('ainda não, não mexe no código, só me explica o fluxo');
    expect(count(gate(t), 'S1')).toBe(0);
  });

  it('still reads "ainda não funciona" (still not working) as a correction', () => {
    const t = new TranscriptBuilder();
    t.user('Corrija o login.');
    t.assistant(LONG_ANSWER);
    t.user('ainda não funciona');
    // The fix did not work: the steer counts twice (version 9).
    expect(count(gate(t), 'S1')).toBe(2);
  });

  it('counts the person pressing on after the agent said it cannot do the task', () => {
    const t = new TranscriptBuilder();
    t.user('Tienes acceso a C:\\Proyectos\\Jarvis ?');
    t.assistant("I don't have direct access to your local file system or the ability to browse directories.");
    const pressed = t.user('Quiero que tengas acceso a esa carpeta o a otras que te pida');
    t.assistant('No tengo acceso a carpetas o archivos en tu sistema de archivos local.');
    const again = t.user('Quiero que leas este archivo: C:\\Users\\David\\Documents');
    t.assistant('The file does not exist in the current directory.');
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')?.ids).toEqual([pressed, again]);
    expect(result.verdict.passed).toBe(true);
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      'the agent said it cannot do it, and the person pressed on',
    );
  });

  it('does not count "I cannot" when the session ends there, or when it is not the first reply', () => {
    const ended = new TranscriptBuilder();
    ended.user('Open my downloads folder.');
    ended.assistant("I can't access files on your machine from here.");
    expect(count(gate(ended), 'S1')).toBe(0);

    const later = new TranscriptBuilder();
    later.user('Summarise the report.');
    later.assistant('Reading it now.');
    later.tool('Read', { file_path: '/repo/report.md' });
    later.result('# Report');
    later.assistant("Done. Note: I can't access the linked spreadsheet, it is private.");
    later.user('fine, skip the spreadsheet and write the summary');
    expect(count(gate(later), 'S1')).toBe(0);
  });

  it('reads "continue implementation" and Thai "go on" after an interrupt as carrying on', () => {
    for (const carryOn of ['continue implementation', 'Continue the implementation', 'ไปต่อ', 'ทำต่อ']) {
      const t = new TranscriptBuilder();
      t.user('Implement the pager.');
      t.tool('Bash', { command: 'npm test' });
      interrupt(t);
      t.user(carryOn);
      expect(count(gate(t), 'S1'), carryOn).toBe(0);
    }
  });
});

describe('version 4: two readings of one correction agree', () => {
  it('counts twice a steer in words that the agent then concedes ("why didn\'t you search the web?")', () => {
    const t = new TranscriptBuilder();
    t.user('现在有哪些新的开源模型？');
    t.assistant(LONG_ANSWER);
    const turn = t.user('为啥没进行web search');
    t.assistant('你说得对，我应该先进行网络搜索。');
    t.tool('WebSearch', { query: 'open source models' });
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [turn, turn],
    });
    expect(result.verdict.passed).toBe(true);
    expect(result.reasons?.map((r) => r.reason)).toContain('and the agent conceded it: counts twice');
  });

  it('counts a steer the agent does not concede once, and a concession without words once', () => {
    const steer = new TranscriptBuilder();
    steer.user('Update the bootstrap script.');
    steer.assistant(LONG_ANSWER);
    steer.user('bootstrap脚本没有更新啊');
    steer.assistant('Updating it now.');
    expect(count(gate(steer), 'S1')).toBe(1);

    const conceded = new TranscriptBuilder();
    conceded.user('Where do skills live?');
    conceded.assistant(LONG_ANSWER);
    conceded.user('在 /skills 底下吧');
    conceded.assistant('你说得对，技能在 /skills 底下。');
    expect(count(gate(conceded), 'S1')).toBe(1);
  });

  it('counts twice a refusal whose redirect also complains ("the script was not updated")', () => {
    const t = new TranscriptBuilder();
    t.user('Redesign the install flow.');
    t.tool('ExitPlanMode', { plan: '# Plan' });
    const refused = t.result(REFUSAL, true);
    t.user('bootstrap脚本没有更新啊哥们');
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [refused, refused],
    });
  });

  it('counts a refusal followed by a plain new direction once', () => {
    const t = new TranscriptBuilder();
    t.user('Add the symlink.');
    t.tool('AskUserQuestion', { question: 'Where?' });
    t.result(REFUSAL, true);
    t.user('make the new symlink in ~/code/app/');
    expect(count(gate(t), 'S1')).toBe(1);
  });
});

describe('version 5: a step not done, a failure come back, the agent finding the fault', () => {
  it.each([
    ['a step not done', 'The docs have not been updated.', 'have not been updated'],
    ['a failure come back', 'Resurrected the extension and it crashed AGAIN', 'crashed AGAIN'],
    ['the same error', 'I get the same error on the login page', 'the same error'],
    ['a recurring problem (as typed)', 'REOCURRING PROBLEM -- the plugin is off again', 'REOCURRING PROBLEM'],
    ['a failure in other words', 'now windows does not even open', 'does not even'],
    ['a part left out', 'but in the update it is not adding the heartbeat part', 'is not adding'],
    ['old values still there', 'ok, updated, but vscode is still loading the oldest values', 'still loading'],
    ['the agent doing it over and over', 'you keep getting stuck running the container', 'you keep getting'],
    ['doubt that it was tested', 'did u test with playwright visually and backendly', 'did u test'],
    ['doubt in Chinese', '你确认nvfp4的都实现对了吗', '你确认'],
  ])('reads %s as a correction of the work just done', (_kind, turn, phrase) => {
    const t = new TranscriptBuilder();
    t.user('Sync the settings and update the docs.');
    edit(t, '/repo/settings.json', 1);
    t.assistant('I synced the settings and edited the docs.');
    t.user(turn);
    const result = gate(t);
    // The same error again says the fix did not work: that counts twice (version 9).
    expect(count(result, 'S1')).toBe(phrase === 'the same error' ? 2 : 1);
    expect(result.reasons?.[0]?.reason).toContain(`correction "${phrase}"`);
  });

  it('reads none of them in the opening request, nor "same" or "keep" in an instruction', () => {
    const brief = new TranscriptBuilder();
    brief.user('The docs have not been updated since March: bring them up to date.');
    brief.assistant('Reading the docs folder.');
    expect(count(gate(brief), 'S1')).toBe(0);

    for (const turn of ['use the same name in the README', 'keep going', 'keep the old file as a backup']) {
      const t = new TranscriptBuilder();
      t.user('Rename the flag.');
      t.assistant(LONG_ANSWER);
      t.user(turn);
      expect(count(gate(t), 'S1'), turn).toBe(0);
    }
  });

  it('counts the turn the agent answers with "I see the issue", but not the opening request', () => {
    const t = new TranscriptBuilder();
    t.user('Write a script that switches the environment variables.');
    t.assistant(LONG_ANSWER);
    const report = t.user('Starting ENVSelect... ERROR: Error accessing the registry');
    t.assistant("I see the issue - the registry import isn't working. Let me fix it.");
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 1,
      ids: [report],
    });

    const opening = new TranscriptBuilder();
    opening.user('The login page throws on submit, fix it.');
    opening.tool('Read', { file_path: '/app/login.ts' });
    opening.result('export function submit() {}');
    opening.assistant('I see the issue: submit never awaits the request.');
    expect(count(gate(opening), 'S1')).toBe(0);
  });

  it('counts twice a redirect after a refusal that the agent then concedes', () => {
    const t = new TranscriptBuilder();
    t.user('Find where the keybinds were changed.');
    t.tool('Glob', { pattern: '**/keybinds*' });
    const refused = t.result(REFUSAL, true);
    t.user('they are in the hyprland config');
    t.assistant("You're right, Hyprland keeps them in hyprland.conf.");
    const result = gate(t);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [refused, refused],
    });
    expect(result.verdict.passed).toBe(true);
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      'and the agent conceded it: counts twice',
    );
  });
});

describe('version 5: a correction right after the agent said the work was done', () => {
  it('counts twice a steer that follows a claim of success, once a steer that follows none', () => {
    const claimed = new TranscriptBuilder();
    claimed.user('Make the export write a header row.');
    claimed.assistant('Let me look at the exporter.');
    edit(claimed, '/app/export.py', 1);
    claimed.assistant('Done: the export now writes the header row.');
    const turn = claimed.user('still broken, the header is missing');
    const result = gate(claimed);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [turn, turn],
    });
    expect(result.verdict.passed).toBe(true);
    expect(result.reasons?.map((r) => r.reason)).toContain(
      'right after the agent said it was done: counts twice',
    );

    const unclaimed = new TranscriptBuilder();
    unclaimed.user('Make the export write a header row.');
    unclaimed.assistant('Let me look at the exporter.');
    edit(unclaimed, '/app/export.py', 1);
    unclaimed.assistant('I changed the writer; the header logic is in write_rows.');
    unclaimed.user('wrong, the header is missing');
    expect(count(gate(unclaimed), 'S1')).toBe(1);
  });

  it.each([
    ['a check mark', '✅ Header row added.'],
    ['Chinese', '已修复：导出现在会写表头。'],
    ['a claim at the close of a long report', `${LONG_ANSWER}\n\nThe export should now work.`],
  ])('reads %s as a claim of success', (_kind, claim) => {
    const t = new TranscriptBuilder();
    t.user('Make the export write a header row.');
    t.assistant('Looking.');
    t.assistant(claim);
    t.user('still broken');
    expect(count(gate(t), 'S1')).toBe(2);
  });

  it('does not double an outright rejection, which already counts twice', () => {
    const t = new TranscriptBuilder();
    t.user('Make the export write a header row.');
    t.assistant('Done.');
    t.user("that's wrong, the header goes first");
    expect(count(gate(t), 'S1')).toBe(2);
  });
});

describe('version 6: a question asked again, something absent, the writing, a rule for next time', () => {
  it.each([
    ['the question asked again', 'i am asking is the package installed?', 'i am asking'],
    ['the question asked again, past', 'i was asking the inverse question', 'i was asking'],
    [
      'something absent',
      "I'm not seeing A/B option. Each item should have an A and B version.",
      "I'm not seeing",
    ],
    [
      'not the person\u2019s voice',
      "'...but it never takes over.' isn't quite my voice.",
      "isn't quite my voice",
    ],
    [
      'a request made plainer',
      'Please just check the CRM to see if the three people are in there',
      'Please just',
    ],
    [
      'an assumption about the setup',
      "I'm using Fish as my shell and not bash",
      "I'm using Fish as my shell and not bash",
    ],
    ['a fault still there', 'Still found after the reboot.', 'Still found'],
    ['something that does not exist, in Chinese', 'lighting的是没有的，帮我去掉', '是没有的'],
  ])('reads %s as a steer', (_kind, turn, phrase) => {
    const t = new TranscriptBuilder();
    t.user('Draft the posts for this week.');
    edit(t, '/repo/drafts.json', 1);
    t.assistant('I wrote five drafts into drafts.json.');
    t.user(turn);
    const result = gate(t);
    // The same error again says the fix did not work: that counts twice (version 9).
    expect(count(result, 'S1')).toBe(phrase === 'the same error' ? 2 : 1);
    expect(result.reasons?.[0]?.reason).toContain(`correction "${phrase}"`);
  });

  it('reads "有误" as an outright rejection, which flags alone', () => {
    const t = new TranscriptBuilder();
    t.user('分析这个日志，找出自动解锁失败的根因');
    t.assistant(LONG_ANSWER);
    t.user('上述分析有误，请重新分析');
    const result = gate(t);
    expect(count(result, 'S1')).toBe(2);
    expect(result.verdict.passed).toBe(true);
  });

  it('reads none of them as the opening request, and not "should still get" in an instruction', () => {
    const brief = new TranscriptBuilder();
    brief.user('From now on the exporter writes CSV; I was asking for this last week.');
    brief.assistant('Reading the exporter.');
    expect(count(gate(brief), 'S1')).toBe(0);

    const t = new TranscriptBuilder();
    t.user('Plan the course dates for autumn.');
    t.assistant(LONG_ANSWER);
    t.user('1. Skip 2. Already skipped. 3. Yes, Aug 27 should still get its prep event.');
    expect(count(gate(t), 'S1')).toBe(0);
  });

  it('counts twice a redirect after an interrupt that forbids what the agent was doing', () => {
    const forbids = new TranscriptBuilder();
    forbids.user('Tag the drafts in the inbox.');
    forbids.tool('Bash', { command: 'ls inbox' });
    forbids.result('a.md b.md');
    const stopped = interrupt(forbids);
    forbids.user("Please don't invent extra tags without discussing the value with me.");
    const result = gate(forbids);
    expect(result.verdict.signals.find((s) => s.name === 'S1')).toEqual({
      name: 'S1',
      count: 2,
      ids: [stopped, stopped],
    });
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      `and corrected it ("Please don't"): counts twice`,
    );

    // The same words as an instruction in a turn that follows no interrupt are not read as a correction.
    const ahead = new TranscriptBuilder();
    ahead.user('Tag the drafts in the inbox.');
    ahead.assistant(LONG_ANSWER);
    ahead.user("please don't add new tags, reuse the existing ones");
    expect(count(gate(ahead), 'S1')).toBe(0);
  });
});

describe('version 7: a rule for next time, the writing thrown back, a rule after a stop, doubt, an objection', () => {
  function afterDrafts(turn: string): GateResult {
    const t = new TranscriptBuilder();
    t.user('Draft the posts for this week.');
    edit(t, '/repo/drafts.json', 1);
    t.assistant('I wrote five drafts into drafts.json.');
    t.user(turn);
    return gate(t);
  }

  it.each([
    [
      'a correction that sets a rule for next time',
      'Always Critic Markup and always do the whole thing in one go. Record this in the skill.',
      'and set a rule for next time ("Record this in the skill"): counts twice',
    ],
    [
      'the same in Chinese',
      '这个不合规的问题，你只记到feedback_spec.md中，但是你并没有优化skill，保证你下次不再犯此类问题',
      'and set a rule for next time ("下次不"): counts twice',
    ],
    [
      'the writing thrown back',
      '"You\'re exactly the kind of person I should be learning from" - this reads like a robot wrote it.',
      'rejected the agent\'s work ("reads like a robot"): counts twice',
    ],
    [
      'the writing thrown back, in other words',
      'These openers make me cringe, start again from the story.',
      'rejected the agent\'s work ("make me cringe"): counts twice',
    ],
  ])('counts %s twice: it flags alone', (_kind, turn, reason) => {
    const result = afterDrafts(turn);
    expect(count(result, 'S1')).toBe(2);
    expect(result.verdict.passed).toBe(true);
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(reason);
  });

  it.each([
    [
      'doubt that a fix was made',
      '1. Was this fixed in the most recent round of changes? 2. Copy',
      'correction "Was this fixed"',
    ],
    [
      'an objection asked as a question',
      'but the location was in bs_thesis_low_light?',
      'objected with a question in reply to the agent',
    ],
    [
      'an objection in Chinese',
      '但是这个目录不是在 src 下面吗？',
      'objected with a question in reply to the agent',
    ],
    [
      '"from now on", which also opens standing instructions',
      'From now on, post them at nine.',
      'correction "From now on"',
    ],
  ])('reads %s as a steer', (_kind, turn, reason) => {
    const result = afterDrafts(turn);
    expect(count(result, 'S1')).toBe(1);
    expect(result.reasons?.[0]?.reason).toContain(reason);
  });

  it.each([
    ['a plain "but" without a question', 'but keep the second draft as it is'],
    ['a question that objects to nothing', 'what about the Friday post?'],
    ['a status question', 'is the build done?'],
  ])('does not read %s as a correction', (_kind, turn) => {
    expect(count(afterDrafts(turn), 'S1')).toBe(0);
  });

  it('reads none of them in the opening request', () => {
    const t = new TranscriptBuilder();
    t.user('But is the cache fixed? Record this in the skill once you know.');
    t.assistant('Reading the cache code.');
    expect(count(gate(t), 'S1')).toBe(0);
  });

  function afterRefusedHandoff(turn: string): GateResult {
    const t = new TranscriptBuilder();
    t.user('/handoff');
    t.tool('Write', { file_path: '/repo/docs/handoff.md', content: 'Handoff' });
    t.result(REFUSAL, true);
    interrupt(t, true);
    t.user(turn);
    return gate(t);
  }

  it('counts twice a redirect after a refusal that lays down a rule about what the agent did', () => {
    const result = afterRefusedHandoff(
      'Update /handoff all handoffs must be written in a local tmp directory, not in docs',
    );
    expect(count(result, 'S1')).toBe(2);
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      'and laid down a rule ("must"): counts twice',
    );
    expect(count(afterRefusedHandoff('交接文档必须写在本地的 tmp 目录'), 'S1')).toBe(2);
    // A fact about the work is not a rule, and the same words with no refusal before them are an instruction.
    expect(count(afterRefusedHandoff('This is a new blog post never checked in before.'), 'S1')).toBe(1);
    const ahead = new TranscriptBuilder();
    ahead.user('Write the handoff.');
    ahead.assistant(LONG_ANSWER);
    ahead.user('The tests must pass before you commit it.');
    expect(count(gate(ahead), 'S1')).toBe(0);
  });
});

describe('version 7, second round: a steer that makes the agent redo its last change', () => {
  function steerThenEdit(first: string, again: string): GateResult {
    const t = new TranscriptBuilder();
    t.user('Add a savings rate to the contract.');
    edit(t, first, 1);
    t.assistant('Added the rate to the contract.');
    t.user('the withdraw function still has the old fee');
    edit(t, again, 2);
    t.assistant('Removed the old fee.');
    return gate(t);
  }

  it('counts the steer twice when the agent then edits again the code file it had just changed', () => {
    const result = steerThenEdit('/repo/contracts/Savings.sol', '/repo/contracts/Savings.sol');
    expect(count(result, 'S1')).toBe(2);
    expect(result.verdict.passed).toBe(true);
    expect(renderWhy(result.sessionId, result.verdict, result.reasons)).toContain(
      'and the agent then edited /repo/contracts/Savings.sol again: counts twice',
    );
  });

  it('counts it once when the agent edits another file, or a prose document it drafts by design', () => {
    expect(count(steerThenEdit('/repo/contracts/Savings.sol', '/repo/contracts/Fees.sol'), 'S1')).toBe(1);
    expect(count(steerThenEdit('/repo/docs/savings.md', '/repo/docs/savings.md'), 'S1')).toBe(1);
  });

  it('counts it twice too when the file was changed for an earlier request than the last (third round)', () => {
    const t = new TranscriptBuilder();
    t.user('Add a savings rate to the contract.');
    edit(t, '/repo/contracts/Savings.sol', 1);
    t.assistant('Added the rate to the contract.');
    t.user('Now add the fee table.');
    edit(t, '/repo/contracts/Fees.sol', 2);
    t.assistant('Added the fee table.');
    t.user('the savings rate still has the old rounding');
    edit(t, '/repo/contracts/Savings.sol', 3);
    t.assistant('Fixed the rounding.');
    expect(count(gate(t), 'S1')).toBe(2);
  });

  it('does not count an edit again after a turn that corrects nothing', () => {
    const t = new TranscriptBuilder();
    t.user('Add a savings rate to the contract.');
    edit(t, '/repo/contracts/Savings.sol', 1);
    t.assistant('Added the rate to the contract.');
    t.user('now add a withdraw limit as well');
    edit(t, '/repo/contracts/Savings.sol', 2);
    t.assistant('Added the limit.');
    expect(count(gate(t), 'S1')).toBe(0);
  });
});
