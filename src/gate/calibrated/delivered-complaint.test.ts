import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { gateSessionSync } from '../index.js';
import { deliveredComplaintIn } from './delivered-complaint.js';

function gate(path: string) {
  return gateSessionSync(path, { profile: 'calibrated', env: {}, ledgerPath: null });
}

/** A request the agent answers by saying it is done, then the person's reacting turn. */
function afterClaimOfDone(turn: string): string {
  const t = new TranscriptBuilder();
  t.user('Build the monitoring page and start the server.');
  t.assistant(`${LONG_ANSWER}\n\nThe problem is fixed and the page is complete.`);
  t.user(turn);
  t.assistant('Let me look at it again.');
  return t.write();
}

describe('version 12: complaints about what the agent delivered', () => {
  it.each([
    ['mas a tela do pdv continua em branco', 'continua em branco'],
    ['continua com erro ao carregar clientes', 'continua com erro'],
    ['sigue dando error al guardar', 'sigue dando error'],
    ['Ok, its still crashing, what can we do', 'still crashing'],
    ['无法打开这个页面', '无法打开'],
    ['数据加载失败: mainChart.addCandlestickSeries is not a function', '加载失败'],
    ["I can't open the page at localhost:3000", "can't open the page"],
    ['o painel não abre', 'não abre'],
    ['显示的数据不准确，我希望可以同步', '不准确'],
    ['that looks awful in vercel', 'looks awful'],
    ['the website looks like a deformed alien.', 'deformed'],
    ['o layout ficou feio', 'ficou feio'],
    ['这个界面太丑了', '太丑'],
    ['这是军规吧 你为什么没有按照军规来', '为什么没有按照'],
    ["why didn't you use the agents in .claude/agents?", "why didn't you use"],
    ['o sismate estava pronto e porque voce não usou ?', 'porque voce não usou'],
    ['algumas estão erradas: os prazos vc inventou', 'vc inventou'],
    ['that endpoint does not exist, you made that up', 'you made that up'],
    ['For reference, when I asked if you could set an event, you said no', 'you said no'],
    ['Did claude not JUST remove the password?', 'Did claude not'],
    ["didn't you just add that file?", "didn't you just"],
  ])('reads "%s"', (turn, match) => {
    expect(deliveredComplaintIn(turn)).toBe(match);
  });

  it.each([
    'continua assim, está ótimo',
    'sigue así, perfecto',
    'the page opens fine now, thanks',
    'can you open the page in a new tab?',
    '打开这个页面看看',
    'looks good, ship it',
    'it looks like a race condition in the loader',
    'why did you choose this library? just curious',
    'você usou o template certo, obrigado',
    'make up a name for the new module',
    'you said it would take a minute, take your time',
    'as you said, run the migration first',
    'did you notice the second log?',
  ])('does not read "%s"', (turn) => {
    expect(deliveredComplaintIn(turn)).toBeUndefined();
  });

  it('counts as a steer, twice right after a claim of done, and says why', () => {
    const verdict = gate(afterClaimOfDone('that looks awful in vercel'));
    const reasons = (verdict.reasons ?? []).map((r) => r.reason);
    expect(reasons).toContain('complained "looks awful" in reply to the agent: "that looks awful in vercel"');
    expect(reasons).toContain('right after the agent said it was done: counts twice');
    expect(verdict.verdict.signals.find((s) => s.name === 'S1')?.count).toBe(2);
  });

  it('is not read in the opening request, where a person describes the bug to fix', () => {
    const t = new TranscriptBuilder();
    t.user('无法打开这个页面, 请修复');
    t.assistant(LONG_ANSWER);
    expect(gate(t.write()).verdict.signals.find((s) => s.name === 'S1')?.count ?? 0).toBe(0);
  });
});
