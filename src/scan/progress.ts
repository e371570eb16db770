import type { Writable } from 'node:stream';

/** Redraws at most this often, so that a scan of thousands of small files does not flood the terminal. */
const REDRAW_MS = 100;

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * A one-line progress bar for a terminal's stderr: bytes done of total, rate and ETA. The caller decides
 * whether to show it (only on a TTY, never with --json).
 */
export class ProgressBar {
  private lastDraw = 0;
  private drawn = false;
  private readonly started = Date.now();

  constructor(
    private readonly stream: Writable,
    private readonly width = 24,
  ) {}

  update(done: number, total: number): void {
    const now = Date.now();
    if (total === 0 || (now - this.lastDraw < REDRAW_MS && done < total)) return;
    this.lastDraw = now;
    const fraction = Math.min(1, done / total);
    const filled = Math.round(fraction * this.width);
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const rate = done / seconds;
    const eta = rate > 0 ? (total - done) / rate : 0;
    const bar = `${'#'.repeat(filled)}${'-'.repeat(this.width - filled)}`;
    this.stream.write(
      `\r[${bar}] ${megabytes(done)} / ${megabytes(total)}  ${megabytes(rate)}/s  ETA ${eta.toFixed(1)} s\x1b[K`,
    );
    this.drawn = true;
  }

  /** Clears the bar so that the table starts on a clean line. */
  finish(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}
