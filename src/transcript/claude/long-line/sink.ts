import type { LongLines } from '../../lines.js';
import { LongLineReducer } from './reducer.js';
import type { LongLineOptions } from './types.js';

/** The line splitter's long-line handling for a Claude Code reader: each long line through a LongLineReducer. */
export function longLinesFor(options: LongLineOptions): LongLines {
  return {
    maxBytes: options.maxLineBytes,
    open(lineNo) {
      const reducer = new LongLineReducer(options, options.maxReducedBytes);
      return {
        feed: (buffer, start, end) => reducer.feed(buffer, start, end),
        finish() {
          const reduced = reducer.finish();
          if (reduced.kind === 'line') return reduced.bytes;
          if (reduced.kind === 'too-large') options.onTooLarge?.(lineNo);
          return undefined;
        },
      };
    },
  };
}
