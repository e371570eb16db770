import type { MessageId } from '../../transcript/types.js';

/** Requests over which one error run (S2) or one reworked file (S3) counts in full. */
const REQUESTS_PER_COUNT = 10;

/**
 * The hits of S2 or S3 that count in a session of `requests` requests: all of them up to REQUESTS_PER_COUNT
 * requests, beyond that one per REQUESTS_PER_COUNT requests (rounded). A failing command or a file revisited
 * is routine somewhere in a long session; what says the work went badly is how often it happens, so a long
 * smooth session no longer adds up to a flag by its length alone. The first hits are kept, as anchors.
 */
export function hitsByRate(hits: MessageId[], requests: number): MessageId[] {
  if (requests <= REQUESTS_PER_COUNT) return hits;
  const counted = Math.round((hits.length * REQUESTS_PER_COUNT) / requests);
  return hits.slice(0, counted);
}
