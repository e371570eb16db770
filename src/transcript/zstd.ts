import { createRequire } from 'node:module';
import type { Decompress, ZstdStreamHandler } from 'fzstd';

type DecompressClass = typeof Decompress;

let decompressClass: DecompressClass | undefined;

/**
 * A streaming zstd decoder, its library loaded on first use. fzstd builds its decoding tables when it
 * loads (~40 ms on a loaded two-core machine, more than the gate takes to read a typical 2 MB session),
 * so only a run that meets a `.zst` transcript pays for it: the gate and the hooks start without it.
 */
export function zstdDecoder(onData: ZstdStreamHandler): Decompress {
  decompressClass ??= (createRequire(import.meta.url)('fzstd') as { Decompress: DecompressClass }).Decompress;
  return new decompressClass(onData);
}
