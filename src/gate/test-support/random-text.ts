/** Random texts made of what the gate's signals look at, for property tests of text handling. */

/** A deterministic generator (mulberry32), so that a failure can be replayed from its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Pieces that make the gate's features: signal words, their near misses, white space of every kind,
// punctuation, tags, slashes, the continuation prefix, letters beyond ASCII and beyond the BMP.
export const PIECES = [
  'stop',
  'Stop',
  'STOP',
  'sto',
  'p',
  'stops',
  'nope',
  'undo',
  'revert',
  'wrong',
  "don't",
  'dont',
  'why did you',
  "no that's",
  'no thats',
  "that's not",
  'no',
  'that',
  'why',
  'did',
  'you',
  'let me try again',
  'let me try a different',
  "that didn't work",
  'actually, let me',
  'sorry let me',
  'my mistake',
  "i'll try",
  'ill try',
  'mistake',
  'try',
  ' ',
  ' ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u3000',
  '\u00a0',
  '\u2003',
  '\u0085',
  '.',
  ',',
  '!',
  '?',
  '!!!',
  'ok',
  'OK.',
  'yes',
  'lgtm',
  'fine!',
  '<',
  '<a',
  '<task-notification>',
  '<bash-input ',
  '<ab-c',
  '>',
  '/',
  '/retro',
  'é',
  'éstop',
  '\u{1d400}',
  '😀',
  'ſtop',
  'x',
  'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'This session is being continued',
  '_',
  '9',
  '-',
];

export function randomText(next: () => number, size: number): string {
  let text = '';
  const n = Math.floor(next() * size);
  // Most texts get one piece repeated hundreds of times somewhere (long words, long runs of space or
  // punctuation): over 500 code points, the reduction applies; under it, the text is kept whole.
  const longAt = next() < 0.7 ? Math.floor(next() * (n + 1)) : -1;
  for (let i = 0; i <= n; i++) {
    const piece = PIECES[Math.floor(next() * PIECES.length)]!;
    if (i === longAt) text += piece.repeat(Math.ceil(500 / piece.length) + Math.floor(next() * 200));
    else if (i < n) text += next() < 0.05 ? piece.repeat(1 + Math.floor(next() * 60)) : piece;
  }
  return text;
}
