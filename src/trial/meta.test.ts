import { describe, expect, it } from 'vitest';
import { annotateTrial, hasTrialComment, parseTrialLine, stripTrialComment } from '../rules/trial-comment.js';
import { checkTrialMeta } from './meta.js';
import { isTrialElapsed, parseMtimeLines } from './window.js';

const LINE =
  '3. Always run bash -n before writing scripts <!-- trial start=2026-07-01 source=sess-abc#anchor-1 review-after=10-sessions -->';

describe('trial comments', () => {
  it('parses text (list number kept), start, source and review-after', () => {
    expect(parseTrialLine(LINE)).toEqual({
      text: '3. Always run bash -n before writing scripts',
      start: '2026-07-01',
      source: 'sess-abc#anchor-1',
      reviewAfter: '10-sessions',
    });
  });

  it('treats a line without a comment, or with a key missing or empty, as a permanent rule', () => {
    expect(parseTrialLine('1. permanent directive only')).toBeUndefined();
    expect(parseTrialLine('1. foo <!-- trial start=2026-07-01 source=s#a -->')).toBeUndefined();
    expect(parseTrialLine('1. foo <!-- trial start= source=s#a review-after=5-days -->')).toBeUndefined();
    expect(
      parseTrialLine('1. foo <!-- note start=2026-07-01 source=s#a review-after=5-days -->'),
    ).toBeUndefined();
    expect(parseTrialLine('1. foo <!-- trial -->')).toBeUndefined();
    expect(hasTrialComment('1. foo <!-- trial start=2026-07-01 -->')).toBe(true);
  });

  it('ignores unknown keys and takes the first value of a repeated key', () => {
    const parsed = parseTrialLine(
      '1. foo <!-- trial extra=zzz start=2026-07-01 source=s#a review-after=5-sessions start=2027-01-01 -->',
    );
    expect(parsed?.reviewAfter).toBe('5-sessions');
    expect(parsed?.start).toBe('2026-07-01');
  });

  it('annotates in the kept form and round-trips through parse', () => {
    const meta = { start: '2026-07-03', source: 'uuid#msg', reviewAfter: '10-sessions' };
    const annotated = annotateTrial('Always run bash -n', meta);
    expect(annotated).toBe(
      'Always run bash -n <!-- trial start=2026-07-03 source=uuid#msg review-after=10-sessions -->',
    );
    expect(parseTrialLine(annotated)).toEqual({ text: 'Always run bash -n', ...meta });
  });

  it('re-annotating replaces the existing comment instead of stacking a second one', () => {
    const twice = annotateTrial(LINE, { start: '2026-08-01', source: 'b#c', reviewAfter: '7-days' });
    expect(twice).toBe(
      '3. Always run bash -n before writing scripts <!-- trial start=2026-08-01 source=b#c review-after=7-days -->',
    );
  });

  it('strips the comment, passes a plain line through, and keeps one space between text on both sides', () => {
    expect(stripTrialComment(LINE)).toBe('3. Always run bash -n before writing scripts');
    expect(stripTrialComment('1. plain')).toBe('1. plain');
    expect(
      stripTrialComment('1. foo <!-- trial start=2026-07-01 source=s#a review-after=5-days --> bar'),
    ).toBe('1. foo bar');
    expect(
      stripTrialComment('1. foo <!-- trial start=x source=s#a review-after=5-days --> <!-- other -->'),
    ).toBe('1. foo <!-- other -->');
  });

  it('refuses metadata that would make an unreadable comment', () => {
    expect(checkTrialMeta({ start: '2026-02-30', source: 's#a', reviewAfter: '5-days' }).ok).toBe(false);
    expect(checkTrialMeta({ start: '2026-02-28', source: 's a', reviewAfter: '5-days' }).ok).toBe(false);
    expect(checkTrialMeta({ start: '2026-02-28', source: 's#a', reviewAfter: '5-weeks' }).ok).toBe(false);
    expect(checkTrialMeta({ start: '2026-02-28', source: 's#a', reviewAfter: '5-days' }).ok).toBe(true);
  });
});

describe('review windows', () => {
  const startEpoch = Date.UTC(2026, 6, 1) / 1000;
  const mtimes = [startEpoch - 86_400, startEpoch + 100, startEpoch + 200, startEpoch + 300];
  const elapsed = (reviewAfter: string, extra: Partial<Parameters<typeof isTrialElapsed>[0]> = {}) => {
    const answer = isTrialElapsed({
      start: '2026-07-01',
      reviewAfter,
      sessionMtimes: mtimes,
      today: '2026-07-01',
      ...extra,
    });
    return answer.ok ? answer.elapsed : answer.reason;
  };

  it('counts sessions on or after the start day', () => {
    expect(elapsed('3-sessions')).toBe(true);
    expect(elapsed('4-sessions')).toBe(false);
    expect(elapsed('10-sessions')).toBe(false);
    expect(elapsed('1-sessions', { sessionMtimes: [startEpoch] })).toBe(true);
    expect(elapsed('1-sessions', { sessionMtimes: [startEpoch - 1] })).toBe(false);
  });

  it('is never elapsed by sessions without a list of sessions', () => {
    expect(elapsed('0-sessions', { sessionMtimes: undefined })).toBe(false);
  });

  it('compares whole days between start and today', () => {
    expect(elapsed('10-days', { today: '2026-07-11' })).toBe(true);
    expect(elapsed('10-days', { today: '2026-07-10' })).toBe(false);
    expect(elapsed('14-days', { today: '2026-07-20' })).toBe(true);
  });

  it('reports a bad window or date instead of guessing', () => {
    expect(elapsed('soon')).toMatch(/N-sessions or D-days/);
    expect(elapsed('5-days', { start: '2026-13-01' })).toMatch(/bad start date/);
  });

  it('reads mtime lists, keeping lines that are not whole numbers as unknown', () => {
    expect(parseMtimeLines('10\n x\n20\r\n\n')).toEqual([10, undefined, 20]);
  });
});
