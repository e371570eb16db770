import { describe, expect, it } from 'vitest';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { type GateResult, gateSessionSync, renderWhy } from '../index.js';
import { fixFailedIn } from './complaint.js';
import { claimsDone } from './lexicon.js';

const gate = (jsonl: string): GateResult =>
  gateSessionSync(jsonl, { profile: 'calibrated', env: {}, ledgerPath: null });
const s1 = (result: GateResult) => result.verdict.signals.find((s) => s.name === 'S1')?.count ?? 0;
const why = (result: GateResult) => renderWhy(result.sessionId, result.verdict, result.reasons);

/** The agent reports the work done, then the person answers it. */
function afterClaim(turn: string): GateResult {
  const t = new TranscriptBuilder();
  t.user('Make the LLM provider default to DeepSeek.');
  t.assistant('Done. The default provider is now deepseek; reload the app to see it.');
  t.user(turn);
  t.assistant('Let me look at the settings again.');
  return gate(t.write());
}

/** The agent edits a file and says nothing of being done, then the person answers it. */
function afterChange(turn: string): GateResult {
  const t = new TranscriptBuilder();
  t.user('Improve the scroller on mobile.');
  t.tool('Edit', { file_path: '/repo/assets/js/scroller.js', old_string: 'a', new_string: 'b' });
  t.result('The file has been updated.');
  t.assistant('I reworked the touch handling and the snap points of the scroller.');
  t.user(turn);
  t.assistant('Let me look at the wrapper.');
  return gate(t.write());
}

describe('version 13: "still not working" counts alone after the agent\'s claim or change', () => {
  it.each([
    ['LLM ProviderのDEFULTが」DEEPSEEKになっていません', 'になっていません'],
    ['수정안된 코드가 server.py에 존재해', '수정안된'],
    ['contunua com erro Failed to load resource', 'contunua com erro'],
    ['設定が反映されません', '反映されません'],
    ['まだ直らないです', '直らない'],
    ['none of the edits worked', 'none of the edits worked'],
  ])('counts "%s" twice after a claim of done', (turn, words) => {
    expect(fixFailedIn(turn)).toBe(words);
    const result = afterClaim(turn);
    expect(s1(result)).toBe(2);
    expect(why(result)).toContain(
      `said it still did not work ("${words}") after the agent's claim that it was done`,
    );
    expect(why(result)).toContain('right after the agent said it was done: counts twice');
  });

  it.each([
    ['le parti esterne al wrapper centrale non si vedono più', 'non si vedono più'],
    ['debug with the render mcp server, the deployment failed', 'the deployment failed'],
    ['None of them edits worked can you confirm they are live', 'None of them edits worked'],
    ['なぜか単純な回路しか表示されません', '表示されません'],
  ])('counts "%s" once after a change', (turn, words) => {
    const result = afterChange(turn);
    expect(s1(result)).toBe(1);
    expect(why(result)).toContain(`said it still did not work ("${words}") after the agent's change`);
  });

  it('does not count the words when the agent neither claimed nor changed anything', () => {
    const t = new TranscriptBuilder();
    t.user('How do I set the default provider?');
    t.assistant('Open the settings page and pick one under "LLM Provider".');
    t.user('none of them worked, where is that page?');
    t.assistant('It is under the gear icon.');
    expect(s1(gate(t.write()))).toBe(0);
  });

  it('does not read them in the opening request', () => {
    const t = new TranscriptBuilder();
    t.user('the deployment failed last night, find out why');
    t.assistant('Done. I checked the logs.');
    expect(s1(gate(t.write()))).toBe(0);
  });

  // A failing build is as often a new task as a report on the agent's change ("The build is failing on CI,
  // can you investigate" opens many sessions): only a failed deploy is read as the fix failing.
  it('does not read a failing build after a change as the fix failing', () => {
    expect(s1(afterChange('The build is failing on CI, can you investigate'))).toBe(0);
  });

  it.each([
    'the build is passing now',
    'the build is failing',
    'non si vede nessun errore?',
    'ça marche pas mal',
  ])('does not read "%s" as a failed fix', (turn) => {
    expect(fixFailedIn(turn)).toBeUndefined();
  });
});

describe('version 13: "have been applied" and "are now live" claim the work done', () => {
  it.each([
    'All fixes have been applied. Summary of the changes below.',
    'The changes are now live on the staging site.',
  ])('reads "%s" as a claim', (claim) => {
    expect(claimsDone(claim)).toBe(true);
  });

  it('does not read a plan as one', () => {
    expect(claimsDone('Once the migration has run, the new schema can be applied.')).toBe(false);
  });
});
