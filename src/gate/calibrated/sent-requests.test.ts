import { describe, expect, it } from 'vitest';
import { random } from '../test-support/random-text.js';
import { normalizedRequest } from './machine.js';
import { SentRequests } from './sent-requests.js';

const MIN = 12;

/** The check as it was: every normalised request kept whole in a set. */
class WholeTexts {
  private readonly texts = new Set<string>();
  remember(typed: string): boolean | undefined {
    const normalized = normalizedRequest(typed);
    if (normalized.length < MIN) return undefined;
    const sent = this.texts.has(normalized);
    this.texts.add(normalized);
    return sent;
  }
}

// What moves a long request's normalised ends: case, white space of every kind and length, a sigma (whose
// lower case depends on what follows), a letter whose lower case is two units, characters beyond the BMP.
const PIECES = [
  ' ',
  '   ',
  '\n',
  '\t\t',
  '\u3000',
  'A',
  'a',
  'Ab',
  'Σ',
  'σ',
  'İ',
  '😀',
  'x',
  'é',
  '{"k": 1}',
  '.',
];

function piecesText(next: () => number, pieces: number, sigma = true): string {
  const from = sigma ? PIECES : PIECES.filter((piece) => !piece.includes('Σ') && !piece.includes('σ'));
  let text = '';
  for (let i = 0; i < pieces; i++) text += from[Math.floor(next() * from.length)];
  return text;
}

/**
 * A long request (over 64 Ki units, so read by its ends) and variants of it that normalise the same, or
 * nearly the same; a body without a sigma at its ends lets the ends settle the key.
 */
function variants(next: () => number, sigma: boolean): string[] {
  const body = piecesText(next, 45_000);
  const head = piecesText(next, 400, sigma);
  const tail = piecesText(next, 400, sigma);
  const base = `${head}${body}${tail}`;
  return [
    base,
    base.toUpperCase(),
    `  \n${base.replaceAll(' ', '  ')}\t `,
    `${head}${body}!${tail}`,
    `${head}${body.slice(0, 15_000)}Z${body.slice(15_001)}${tail}`,
    `${base}Σ`,
    `Σ${base}`,
    `${'\u3000'.repeat(70_000)}${head}`,
    `${'\u3000'.repeat(70_000)}${head}${'x'.repeat(300)}`,
    piecesText(next, 20),
    piecesText(next, 400),
  ];
}

describe('SentRequests', () => {
  it('answers as a set of the whole normalised texts, for short, mid-length and long requests', () => {
    const next = random(5);
    for (let round = 0; round < 12; round++) {
      const sent = new SentRequests(normalizedRequest, MIN);
      const whole = new WholeTexts();
      const requests = variants(next, round % 2 === 0);
      expect(requests[0]!.length).toBeGreaterThan(64 * 1024);
      // Each variant twice, in an order of the generator's choosing.
      const order = [...requests, ...requests].sort(() => next() - 0.5);
      for (const typed of order) expect(sent.remember(typed)).toBe(whole.remember(typed));
    }
  });

  it('normalises each long request whole at most once, however many share its ends', () => {
    let normalised = 0;
    const counting = (text: string) => {
      if (text.length > 64 * 1024) normalised++;
      return normalizedRequest(text);
    };
    const sent = new SentRequests(counting, MIN);
    const lines = Array.from({ length: 8000 }, (_, i) => `line ${i}: value ${i * 7}`);
    for (let k = 0; k < 20; k++) {
      const paste = [...lines.slice(0, 4000), `run ${k}`, ...lines.slice(4000)].join('\n');
      expect(sent.remember(paste)).toBe(false);
    }
    expect(normalised).toBe(20);
  });

  it('tells a long paste sent again, whatever its case and spacing, from one that differs inside', () => {
    const sent = new SentRequests(normalizedRequest, MIN);
    const log = Array.from({ length: 8000 }, (_, i) => `line ${i}: value ${i * 7}`).join('\n');
    expect(log.length).toBeGreaterThan(64 * 1024);
    expect(sent.remember(log)).toBe(false);
    expect(sent.remember(log.toUpperCase().replaceAll('\n', '\n\n'))).toBe(true);
    expect(sent.remember(log.replace('line 4000:', 'line 4000!'))).toBe(false);
    expect(sent.remember('ok')).toBeUndefined();
    expect(sent.remember('please run the tests again')).toBe(false);
    expect(sent.remember('Please run the tests   again ')).toBe(true);
  });
});
