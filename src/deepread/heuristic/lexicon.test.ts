import { describe, expect, it } from 'vitest';
import { type CorrectionKind, correctionsIn } from './lexicon.js';
import { isQuestion } from './text.js';

const kindsOf = (text: string) => correctionsIn(text).map((k) => k.kind);

describe('the correction lexicon', () => {
  it.each<[string, CorrectionKind]>([
    ['no.. its still slow can you think again?', 'not-fixed'],
    ['antigravity wont run for the launcher, please fix', 'not-fixed'],
    ['I dont see it?', 'not-fixed'],
    ['还是没变化，阅读完整代码仓库分析为什么', 'not-fixed'],
    ['依旧不行', 'not-fixed'],
    ['まだ動かないです', 'not-fixed'],
    ['아직도 안 돼요', 'not-fixed'],
    ['Es funktioniert immer noch nicht', 'not-fixed'],
    ['ça ne marche toujours pas', 'not-fixed'],
    ['sigue sin funcionar', 'not-fixed'],
    ['ainda não funciona', 'not-fixed'],
    ['всё ещё не работает', 'not-fixed'],
    ["No, that's wrong.", 'wrong'],
    ['不是我想要的效果', 'wrong'],
    ['違う、そうじゃない', 'wrong'],
    ['아니요, 틀렸어요', 'wrong'],
    ['Nein, das ist falsch', 'wrong'],
    ["non, c'est faux", 'wrong'],
    ['no, eso no', 'wrong'],
    ['não, está errado', 'wrong'],
    ['нет, неправильно', 'wrong'],
    ["Don't touch the schema", 'scope'],
    ['回滚回去吧', 'scope'],
    ['元に戻してください', 'scope'],
    ['되돌려 주세요', 'scope'],
    ['Mach das rückgängig', 'scope'],
    ['annule ce changement', 'scope'],
    ['deshaz el cambio', 'scope'],
    ['desfaça isso', 'scope'],
    ['откати изменения', 'scope'],
    ['I already said it should detect the city', 'ignored'],
    ['我已经说过了，只读取login里面的模板', 'ignored'],
    ['wie gesagt, ohne Navigation', 'ignored'],
    ['prove it!', 'verify'],
    ['did you run the tests?', 'verify'],
    ["why won't you run it?", 'handed-back'],
    ['Im confident that you can figure out how to restart yourself', 'handed-back'],
    ['oof revert the icon, its getting worse', 'not-fixed'],
  ])('%s → %s', (text, kind) => {
    expect(kindsOf(text)).toContain(kind);
  });

  it.each([
    'no problem, thanks',
    'how do i stop the server?',
    'I still want the old colours as an option',
    'so why did you do it like this to begin with?',
    'keep going',
    'Look at the changes in this branch and add a test for the two-step sync.',
    '接下来优化注册的界面',
  ])('%s → nothing', (text) => {
    expect(kindsOf(text)).toEqual([]);
  });

  it('reads only the opening of a long message, where corrections are', () => {
    const paste = `Here is the log:\n${'INFO ok\n'.repeat(80)}ERROR still failing`;
    expect(kindsOf(paste)).toEqual([]);
  });
});

describe('questions and requests', () => {
  it.each([
    ['Why do the line breaks not render?', true],
    ['How can I handle all these cases?', true],
    ['为什么注册的时候会显示用户名已存在', true],
    ['Can you add a flag for the loader?', false],
    ['When the server is offline a 503 is logged to the console like this: ...', false],
    ['Fix the rounding in total().', false],
    ['Comment out the flaky test for now', false],
  ])('%s → %s', (text, question) => {
    expect(isQuestion(text)).toBe(question);
  });
});
