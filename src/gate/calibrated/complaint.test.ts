import { describe, expect, it } from 'vitest';
import { LONG_ANSWER, TranscriptBuilder } from '../../test-support/transcript.js';
import { gateSessionSync } from '../index.js';
import { actuallyIn, complaintIn, fixFailedIn } from './complaint.js';

function gate(path: string) {
  return gateSessionSync(path, { profile: 'calibrated', env: {}, ledgerPath: null });
}

function s1Of(path: string): number {
  return gate(path).verdict.signals.find((s) => s.name === 'S1')?.count ?? 0;
}

/** A request answered at length, then the person's reacting turn. */
function reactedWith(turn: string): string {
  const t = new TranscriptBuilder();
  t.user('Set up the settings page from the template.');
  t.assistant(LONG_ANSWER);
  t.user(turn);
  t.assistant('Let me look at it again.');
  return t.write();
}

describe('version 8, second round: complaints that the work is not what was asked', () => {
  it.each([
    ['Code Style, naming 같은 빈 항목들ㅇ있는데', '빈 항목'],
    ['the naming section is still empty', 'is still empty'],
    ['a secao de configuracao ficou vazia', 'ficou vazia'],
    ['la tabla quedó vacía', 'quedó vacía'],
    ['要求要和这四个页面一模一样 配色 按钮 数量 都要一模一样', '要和这四个页面一模一样'],
    ['as configuracoes visuais nao esta igual ao repositorio', 'nao esta igual'],
    ['it wont go to the paragraph, it go to the chapter', 'it wont go'],
    ['o menu nao quer abrir', 'nao quer abrir'],
    ["I don't see the spec in the openspec directory?", "I don't see the spec"],
    ['没看到设置页面？', '没看到设置页面？'],
    ['nao eu quero que ele abra apenas digitando oc', 'nao eu quero'],
    ['no, I want the dark theme too', 'no, I want'],
  ])('reads "%s" as a complaint', (turn, match) => {
    expect(complaintIn(turn)).toBe(match);
    expect(s1Of(reactedWith(turn))).toBe(1);
  });

  it('reads an opening "no" in Korean and Japanese only at the start of the turn', () => {
    expect(complaintIn('아니 vsix로 설치한 athena code라는 익스텐션이야')).toBe('아니');
    expect(complaintIn('いや、設定ファイルの方です')).toBe('いや、');
    expect(complaintIn('설정이 아니 그냥 둬')).toBeUndefined();
  });

  it.each([
    ['Pronto! A configuração foi atualizada.', 'nao eu quero que ele abra apenas digitando oc'],
    ['병합 완료했습니다.', 'Code Style, naming 같은 빈 항목들 있는데'],
    ['Listo, ya funciona el menú.', 'no quiero el menú arriba'],
  ])('counts a complaint right after a claim of success ("%s") twice', (claim, turn) => {
    const t = new TranscriptBuilder();
    t.user('Set up the settings page from the template.');
    t.assistant(claim);
    t.user(turn);
    t.assistant('Let me look at it again.');
    expect(s1Of(t.write())).toBe(2);
  });

  it('leaves a flat "I don\'t see it" and requests alone', () => {
    for (const turn of [
      'i dont see it in the repo',
      'fill the empty sections from the docs',
      'make it look like the screenshot',
      'no leave it for now',
      'you should already have github privileges',
    ])
      expect(complaintIn(turn), turn).toBeUndefined();
  });

  it("counts a complaint after a refused call as the redirect's second sign, with its reason", () => {
    const t = new TranscriptBuilder();
    t.user('사이드바 메뉴에 안 나오는 설정 확인해줘');
    t.tool('Glob', { pattern: '**/settings.json' });
    t.result(
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
      true,
    );
    t.user('[Request interrupted by user for tool use]');
    t.user('아니 vsix로 설치한 익스텐션이야');
    t.assistant('확장 설정을 확인하겠습니다.');
    const result = gate(t.write());
    expect(result.verdict.signals.find((s) => s.name === 'S1')?.count).toBe(2);
    expect((result.reasons ?? []).map((r) => r.reason)).toContain('and complained ("아니"): counts twice');
  });
});

describe('version 9: a rule pointed to as ignored, "does not match the design", pushback on quality', () => {
  it.each([
    [
      'почему ты пошел смотреть в интернете, если в главном файле есть прямая инструкция смотреть доки?',
      'почему ты пошел смотреть в интернете, если в главном файле есть прямая инструкция',
    ],
    [
      'why did you search the web when CLAUDE.md says to use the docs command?',
      'why did you search the web when CLAUDE.md',
    ],
    [
      'dlaczego szukasz w sieci, skoro instrukcja mówi inaczej?',
      'dlaczego szukasz w sieci, skoro instrukcja',
    ],
    ['не, не соотвествует дизайну [Image #9]', 'не соотвествует дизайну'],
    ['не соответствует макету', 'не соответствует макету'],
    ["it doesn't match the design", "doesn't match the design"],
    ['а нельзя как-то солиднее исправить эту ошибку?', 'а нельзя как-то'],
    ["can't this be fixed properly instead of a cast?", "can't this be fixed properly"],
  ])('reads "%s" as a complaint', (turn, match) => {
    expect(complaintIn(turn)).toBe(match);
    expect(s1Of(reactedWith(turn))).toBe(1);
  });

  it('leaves questions about a rule and requests for a design alone', () => {
    for (const turn of [
      'почему ты выбрал этот вариант?',
      'why did you pick sqlite?',
      'make it match the design',
      'сделай по дизайну',
    ])
      expect(complaintIn(turn), turn).toBeUndefined();
  });
});

describe('version 9: a steer saying the fix did not work counts twice', () => {
  it.each([
    ['I just did it but its not working', 'its not working'],
    ['no, the same error still exists', 'the same error'],
    ['여전히 안나오는데 잘해결좀 부탁해', '여전히 안'],
    ['всё ещё не работает', 'не работает'],
    ['nadal nie działa', 'nie działa'],
    ['ainda não funciona', 'não funciona'],
    ['还是不行', '还是不行'],
  ])('reads "%s" as the fix failing', (turn, words) => {
    expect(fixFailedIn(turn)).toBe(words);
  });

  it('leaves a plain request about something broken alone', () => {
    for (const turn of ['make the login work offline', 'add an error page', 'работает отлично, спасибо'])
      expect(fixFailedIn(turn), turn).toBeUndefined();
  });

  it('counts the steer twice, with its reason, when the fix failed', () => {
    const t = new TranscriptBuilder();
    t.user('how do I insert a new line in the prompt?');
    t.assistant('Press Option+Enter to insert a newline without submitting.');
    t.user('I just did it but its not working');
    t.assistant('A few things to try: backslash then Enter, or Shift+Enter.');
    const result = gate(t.write());
    expect(result.verdict.signals.find((s) => s.name === 'S1')?.count).toBe(2);
    expect((result.reasons ?? []).map((r) => r.reason)).toContain(
      'and said the fix did not work ("its not working"): counts twice',
    );
  });

  it('counts a steer that does not say so once', () => {
    const t = new TranscriptBuilder();
    t.user('how do I insert a new line in the prompt?');
    t.assistant('Press Option+Enter to insert a newline without submitting.');
    t.user("that's wrong, I use iTerm");
    t.assistant('In iTerm2, Shift+Enter works natively.');
    const reasons = (gate(t.write()).reasons ?? []).map((r) => r.reason);
    expect(reasons.some((r) => r.startsWith('correction'))).toBe(true);
    expect(reasons.some((r) => r.includes('the fix did not work'))).toBe(false);
  });
});

describe('version 11: more complaints', () => {
  it.each([
    ['클로드야 근데 구조를 안 바꿨잖아? 굳이 필요없는 구조는 빼도 되지 않을까?', '안 바꿨잖아'],
    // Opening with "na verdade" it counts twice since version 13 (below).
    ['é na sessão analise de performance, que ainda ta vazia', 'ta vazia'],
  ])('reads "%s" as a complaint', (turn, match) => {
    expect(complaintIn(turn)).toBe(match);
    expect(s1Of(reactedWith(turn))).toBe(1);
  });

  it('does not read a plain Korean "don\'t" or "ta" as one', () => {
    expect(complaintIn('안 바꿔도 돼')).toBeUndefined();
    expect(complaintIn('ta bom, pode seguir')).toBeUndefined();
  });
});

describe('version 13: insisting in Korean on what was asked', () => {
  it.each([
    ['그냥 딱 터미널켜서 수입이라고치면 나오게 해달라니께', '라니께'],
    ['그 웹페이지에가서 너가 좀 검토해보라고한거야 권한줄테니깐 해봐', '라고한거야'],
    ['아까했자나 링크다시줄게', '아까했자나'],
    ['파일로 저장하라니까', '라니까'],
  ])('reads "%s" as a complaint', (turn, match) => {
    expect(complaintIn(turn)).toBe(match);
    expect(s1Of(reactedWith(turn))).toBe(1);
  });

  it('does not read a reference to what was shown before as one', () => {
    expect(complaintIn('아까 정답, 오답 표시했잖아? 여기에 컴파일 에러도 보여줘')).toBeUndefined();
  });
});

describe('version 13: "I did not want you to" in Japanese', () => {
  it('reads "て欲しくない" as a complaint', () => {
    const turn = 'シーンファイルは設定や流れを書くのであって本文を書いて欲しくないのだけど?';
    expect(complaintIn(turn)).toBe('て欲しくない');
    expect(s1Of(reactedWith(turn))).toBe(1);
  });

  it('does not read "欲しい" (I want) as one', () => {
    expect(complaintIn('本文を書いて欲しいです')).toBeUndefined();
  });
});

describe('version 13: "you did not" in Chinese', () => {
  it.each([
    ['你没有运行nca', '你没有'],
    ['你并没有优化skill', '你并没有'],
  ])('reads "%s" as a complaint', (turn, match) => {
    expect(complaintIn(turn)).toBe(match);
    expect(s1Of(reactedWith(turn))).toBe(1);
  });

  it('does not read "没有" without "你" as one', () => {
    expect(complaintIn('没有问题，继续吧')).toBeUndefined();
  });
});

describe('version 13: asking whether a part of the work was left out', () => {
  it.each([
    ['hai aggiornato CLAUDE.md e le istruzioni per setup e utilizzo?', 'hai aggiornato CLAUDE.md'],
    ['ты удалил GuestTicketService? он больше не нужен', 'ты удалил GuestTicketService?'],
    ["didn't you forget the settings page?", "didn't you forget"],
  ])('reads "%s" as a complaint', (turn, match) => {
    expect(complaintIn(turn)).toBe(match);
    expect(s1Of(reactedWith(turn))).toBe(1);
  });

  it.each([
    'hai aggiornato CLAUDE.md, ora committa',
    'poi, hai aggiornato il file?',
    'ты удалил всё правильно, спасибо',
  ])('does not read "%s" as one', (turn) => {
    expect(complaintIn(turn)).toBeUndefined();
  });
});

describe('version 13: an opening "actually" beside a complaint', () => {
  it('counts the complaint twice, with its reason', () => {
    const result = gate(
      reactedWith('na verdade, é na sessão analise de performance, que ainda ta vazia ali no jake os'),
    );
    expect(result.verdict.signals.find((s) => s.name === 'S1')?.count).toBe(2);
    expect((result.reasons ?? []).map((r) => r.reason)).toContain(
      'and set right what the agent took ("na verdade"): counts twice',
    );
  });

  it('counts an opening "actually" without a complaint not at all', () => {
    expect(s1Of(reactedWith('actually it could deploy to multiple at once but add that too'))).toBe(0);
  });

  it.each([
    ['na verdade, é na outra sessão', 'na verdade'],
    ['其实我想要的是表格', '其实'],
    ['En fait, non', 'En fait'],
  ])('finds "%s" at the opening only', (turn, words) => {
    expect(actuallyIn(turn)).toBe(words);
    expect(actuallyIn(`ok ${turn}`)).toBeUndefined();
  });
});
