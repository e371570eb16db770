import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { scanSession } from './scan.js';
import { SessionBuilder } from './test-support/session-builder.js';

const dir = tempDir('retrospect-windows-');
let files = 0;

/** A session of `n` alternating user/assistant messages; returns the file and the ids in order. */
function conversation(n: number, build?: (s: SessionBuilder, i: number) => string | undefined) {
  const s = new SessionBuilder('c0ffee00-0000-4000-8000-000000000000');
  const order: string[] = [];
  for (let i = 0; i < n; i++) {
    const custom = build?.(s, i);
    order.push(custom ?? (i % 2 === 0 ? s.user(`question number ${i}`) : s.say(`answer number ${i}`)));
  }
  files += 1;
  return { path: s.write(join(dir, `s${files}.jsonl`)), order };
}

const idsOf = (messages: { id: string }[]) => messages.map((m) => m.id);
/**
 * The anchor windows themselves, as the seed profile builds them: the standard profile shows a session this
 * small whole (tested below) and centres further windows on the session's own friction.
 */
const ANCHORS_ONLY = { profile: 'seed' } as const;

describe('anchor windows', () => {
  it('takes the 5 messages before and the 5 after an anchor, in file order', async () => {
    const { path, order } = conversation(30);
    const scan = await scanSession(path, [order[12]!], ANCHORS_ONLY);
    expect(scan.windows.windows).toHaveLength(1);
    expect(idsOf(scan.windows.windows[0]!.messages)).toEqual(order.slice(7, 18));
    expect(scan.windows.windows[0]!.messages[5]!.rendered).toBe(`[${order[12]}] user: question number 12`);
  });

  it('clips windows at the start and the end of the transcript', async () => {
    const { path, order } = conversation(8);
    const scan = await scanSession(path, [order[1]!, order[7]!], ANCHORS_ONLY);
    expect(scan.windows.windows.map((w) => idsOf(w.messages))).toEqual([order]);
  });

  it('merges overlapping and touching windows, and keeps distant ones apart', async () => {
    const { path, order } = conversation(60);
    const scan = await scanSession(path, [order[10]!, order[14]!, order[25]!, order[42]!], ANCHORS_ONLY);
    const windows = scan.windows.windows;
    expect(windows.map((w) => w.anchors)).toEqual([[order[10], order[14], order[25]], [order[42]]]);
    expect(idsOf(windows[0]!.messages)).toEqual(order.slice(5, 31));
    expect(idsOf(windows[1]!.messages)).toEqual(order.slice(37, 48));
  });

  it('keeps sub-agent lines apart from the main conversation', async () => {
    const { path, order } = conversation(24, (s, i) =>
      i % 3 === 2 ? s.say(`sub-agent step ${i}`, { isSidechain: true }) : undefined,
    );
    const main = order.filter((_, i) => i % 3 !== 2);
    const side = order.filter((_, i) => i % 3 === 2);
    const scan = await scanSession(path, [main[8]!, side[4]!], ANCHORS_ONLY);
    const [mainWindow, sideWindow] = scan.windows.windows;
    expect(mainWindow!.chain).toBe('main');
    expect(idsOf(mainWindow!.messages)).toEqual(main.slice(3, 14));
    expect(sideWindow!.chain).toBe('sidechain');
    expect(idsOf(sideWindow!.messages)).toEqual(side.slice(0, 8));
    expect(sideWindow!.messages[0]!.rendered).toContain('assistant (sub-agent): sub-agent step 2');
  });

  it('summarises tool calls, cuts long payloads with a marker, and skips thinking-only lines', async () => {
    const s = new SessionBuilder('c0ffee00-0000-4000-8000-000000000001');
    s.user('run the suite');
    s.thinking('the user wants the tests run; I should use npm');
    const run = s.tool(
      'Bash',
      { command: 'npm test -- --reporter=dot', description: 'Run tests' },
      `${'.'.repeat(9_000)}\n1 failed`,
      {
        isError: true,
      },
    );
    const path = s.write(join(dir, 'tools.jsonl'));
    const scan = await scanSession(path, [run.result]);
    const [window] = scan.windows.windows;
    expect(window!.messages).toHaveLength(3);
    expect(window!.messages[1]!.rendered).toBe(`[${run.call}] assistant: → Bash: npm test -- --reporter=dot`);
    const result = window!.messages[2]!.rendered;
    expect(result).toMatch(
      /^\[[^\]]+\] user: ← tool_result \(error\): \.+ \[… \d+ chars cut …\] \.+\n {2}1 failed$/,
    );
    expect(result.length).toBeLessThan(2_200);
    expect(scan.windows.cuts.messagesCut).toBe(1);
  });

  it('stops adding windows when the token budget is spent, and says which anchors lost theirs', async () => {
    const { path, order } = conversation(80, (s, i) =>
      i % 2 === 1 ? s.say(`answer ${i} ${'detail '.repeat(60)}`) : undefined,
    );
    const anchors = [order[10]!, order[40]!, order[70]!];
    // The seed profile gives the windows the whole budget; the standard one gives them what the turns leave.
    const scan = await scanSession(path, anchors, { tokenBudget: 1_000, profile: 'seed' });
    const { cuts } = scan.windows;
    expect(cuts.tokensUsed).toBeLessThanOrEqual(1_000);
    expect(cuts.messagesOverBudget).toBeGreaterThan(0);
    expect(cuts.anchorsOverBudget).toContain(order[70]);
    expect(cuts.anchorsOverBudget).not.toContain(order[10]);
  });

  it('reports anchors that are not messages of the transcript', async () => {
    const { path, order } = conversation(6);
    const scan = await scanSession(path, [order[2]!, 'ledger:PostToolUseFailure:2026-11-02T09:00:00Z']);
    expect(scan.windows.cuts.anchorsNotFound).toEqual(['ledger:PostToolUseFailure:2026-11-02T09:00:00Z']);
  });

  it('holds the default 24k-token budget on a few-MB transcript with many anchors', async () => {
    const s = new SessionBuilder('c0ffee00-0000-4000-8000-000000000002');
    const anchors: string[] = [];
    const payload = (i: number) =>
      `${'export const value_' + i + ' = compute(input, "cache");\n'.repeat(80)}`;
    for (let i = 0; i < 800; i++) {
      s.user(`step ${i}: keep going with the refactor`);
      const result = s.tool('Read', { file_path: `/repo/src/module_${i % 40}.ts` }, payload(i)).result;
      s.say(`Read module ${i % 40}; next I will update its callers and rerun the checks.`);
      if (i % 20 === 0) anchors.push(result);
    }
    const path = s.write(join(dir, 'moderate.jsonl'));
    const scan = await scanSession(path, anchors);
    const { cuts, windows } = scan.windows;
    // The person's 800 turns come first (cut to fit their share), the windows get the rest.
    const turns = scan.turns!;
    expect(turns.turnsShown).toBe(800);
    expect(turns.turnsLeftOut).toBe(0);
    expect(turns.tokens).toBeLessThanOrEqual(24_000 * 0.8);
    expect(cuts.tokenBudget + turns.tokens).toBe(24_000);
    expect(cuts.tokensUsed + turns.tokens).toBeLessThanOrEqual(24_000);
    const rendered = windows.flatMap((w) => w.messages.map((m) => m.rendered)).join('\n');
    expect(rendered.length + turns.entries.join('\n').length).toBeLessThanOrEqual(24_000 * 4);
    expect(cuts.messagesCut).toBeGreaterThan(0);
    // Every anchor is accounted for: it has its whole window, or the prompt names it as cut.
    const whole = windows.flatMap((w) => w.anchors).filter((a) => !cuts.anchorsOverBudget.includes(a));
    expect(new Set([...whole, ...cuts.anchorsOverBudget])).toEqual(new Set(anchors));
    expect(whole.length).toBeGreaterThan(10);
  });

  it("shows a session whole when every message fits what the person's turns leave of the budget", async () => {
    const { path, order } = conversation(40, (s, i) =>
      i % 5 === 4 ? s.say(`sub-agent step ${i}`, { isSidechain: true }) : undefined,
    );
    const scan = await scanSession(path, [order[12]!]);
    expect(scan.whole).toBe(true);
    const [main, side] = scan.windows.windows;
    expect(idsOf(main!.messages)).toEqual(order.filter((_, i) => i % 5 !== 4));
    expect(idsOf(side!.messages)).toEqual(order.filter((_, i) => i % 5 === 4));
    expect(scan.focus?.get(order[12]!)).toBe('gate signal');
    expect(scan.focus?.get(order[0]!)).toBe('start of the conversation');
    // The same session over a budget too small for it gets the 11-message window around the anchor.
    const tight = await scanSession(path, [order[12]!], { tokenBudget: 400 });
    expect(tight.whole).toBe(false);
    expect(tight.windows.windows.flatMap((w) => w.messages).length).toBeLessThan(order.length);
  });

  it('widens the windows around the anchors when the session does not fit whole but wider windows do', async () => {
    const { path, order } = conversation(400, (s, i) =>
      i % 2 === 1 ? s.say(`answer ${i} ${'detail '.repeat(40)}`) : undefined,
    );
    const scan = await scanSession(path, [order[200]!], { tokenBudget: 8_000 });
    expect(scan.whole).toBe(false);
    const [window] = scan.windows.windows;
    // Wider than the seed's 5 each side, and within what the turns leave of the budget.
    const at = window!.messages.findIndex((m) => m.id === order[200]);
    expect(at).toBeGreaterThan(5);
    expect(window!.messages.length - at - 1).toBeGreaterThan(5);
    expect(scan.windows.cuts.tokensUsed).toBeLessThanOrEqual(scan.windows.cuts.tokenBudget);
    expect(scan.windows.cuts.messagesOverBudget).toBe(0);
  });
});
