import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress.js';

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('ProgressBar', () => {
  it('draws bytes done of total, rate and ETA on one line, and clears it when finished', () => {
    const out = capture();
    const bar = new ProgressBar(out.stream, 10);
    bar.update(0, 0);
    expect(out.text()).toBe('');
    bar.update(50_000_000, 100_000_000);
    expect(out.text()).toMatch(
      /^\r\[#####-----\] 50\.0 MB \/ 100\.0 MB {2}[\d.]+ MB\/s {2}ETA [\d.]+ s\x1b\[K$/,
    );
    bar.update(60_000_000, 100_000_000); // within the redraw interval: skipped
    bar.update(100_000_000, 100_000_000); // the last update always draws
    expect(out.text()).toContain('[##########] 100.0 MB / 100.0 MB');
    bar.finish();
    expect(out.text().endsWith('\r\x1b[K')).toBe(true);
    expect(out.text()).not.toContain('60.0 MB');
  });
});
