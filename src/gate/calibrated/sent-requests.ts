/**
 * A request's text as the re-sent check compares it: lower case, each run of white space one space, no
 * white space at either end (`collapseSpaces(text.trim().toLowerCase())`, machine.ts).
 */
export type Normalize = (text: string) => string;

/** Normalised requests up to this many UTF-16 units are kept as they are, in a set. */
const WHOLE_UNITS = 256;
/** A longer one is found by its first and last KEY_UNITS normalised units, then compared whole. */
const KEY_UNITS = 256;
/** Requests longer than this are not normalised whole unless another request has the same ends. */
const LONG_UNITS = 64 * 1024;
/** How much of a long request's opening and close is normalised for its ends. */
const EDGE_UNITS = 4096;
/**
 * Normalised units past KEY_UNITS an end must have: where the edge is cut, its last (or first) few units
 * can differ from the whole text's (a run of white space trimmed rather than made one space, a surrogate
 * pair cut in two, a letter whose lower case is two units).
 */
const EDGE_MARGIN = 8;
/**
 * Greek capital sigma lower-cases by what follows it (and what comes before), which the edge's cut may
 * change when only characters that case ignores lie between: an end whose key holds a sigma is not used.
 */
const SIGMA_RE = /[σς]/u;

/**
 * A request kept by its ends: normalised, or as typed (a long one) until it is first compared, when its
 * normalised text replaces it (so that many long requests with the same ends are each normalised once).
 */
interface LongRequest {
  normalized: string | undefined;
  typed: string | undefined;
}

/**
 * The person's requests so far, to tell one sent again: two requests are the same when their normalised
 * texts are (the machine's S1 "re-sent an earlier request"). A pasted file of megabytes was lower-cased and
 * collapsed whole for it: on the 100 MB real concatenation one 2.6 MB paste's copies cost some 0.05 G
 * instructions, most of it in the larger full collection of the heap they made (cost round five). A request
 * over LONG_UNITS is now normalised by its two ends only, and whole only when an earlier request has the
 * same ends; the answer is the same as comparing the whole normalised texts.
 */
export class SentRequests {
  private readonly whole = new Set<string>();
  private readonly byEnds = new Map<string, LongRequest[]>();

  constructor(
    private readonly normalize: Normalize,
    private readonly minUnits: number,
  ) {}

  /**
   * Whether `typed`, normalised, was sent before; undefined when it is shorter than the least the check
   * reads (then it is not kept). Every other request is kept.
   */
  remember(typed: string): boolean | undefined {
    const ends = typed.length > LONG_UNITS ? this.endsOf(typed) : undefined;
    if (ends !== undefined) return this.rememberLong(ends, { normalized: undefined, typed });
    const normalized = flattened(this.normalize(typed));
    if (normalized.length < this.minUnits) return undefined;
    if (normalized.length <= WHOLE_UNITS) {
      if (this.whole.has(normalized)) return true;
      this.whole.add(normalized);
      return false;
    }
    return this.rememberLong(keyOf(normalized.slice(0, KEY_UNITS), normalized.slice(-KEY_UNITS)), {
      normalized,
      typed: undefined,
    });
  }

  private rememberLong(key: string, request: LongRequest): boolean {
    const same = this.byEnds.get(key);
    if (same === undefined) {
      this.byEnds.set(key, [request]);
      return false;
    }
    const text = this.normalizedOf(request);
    const sent = same.some((earlier) => this.normalizedOf(earlier) === text);
    if (!sent) same.push(request);
    return sent;
  }

  private normalizedOf(request: LongRequest): string {
    if (request.normalized === undefined) {
      request.normalized = flattened(this.normalize(request.typed ?? ''));
      request.typed = undefined;
    }
    return request.normalized;
  }

  /**
   * The key of a long request's normalised text, read from its opening and close alone; undefined when the
   * ends cannot settle it (too little text at an end once white space is collapsed, or a sigma there).
   */
  private endsOf(typed: string): string | undefined {
    const trimmed = typed.trim();
    const head = this.normalize(trimmed.slice(0, EDGE_UNITS));
    const tail = this.normalize(trimmed.slice(-EDGE_UNITS));
    const enough = KEY_UNITS + EDGE_MARGIN;
    if (head.length < enough || tail.length < enough) return undefined;
    if (SIGMA_RE.test(head.slice(0, enough)) || SIGMA_RE.test(tail.slice(-enough))) return undefined;
    return keyOf(head.slice(0, KEY_UNITS), tail.slice(-KEY_UNITS));
  }
}

function keyOf(opening: string, close: string): string {
  return `${opening}\u0000${close}`;
}

/**
 * `text`, its characters in one piece. V8 builds the result of a global replace as a chain of the pieces
 * between matches, each piece a view into the text it was cut from: a set that keeps such a string keeps
 * the chain and every text alive, and each young collection copies them again (a pasted log of 49,000
 * lines made a chain of 49,000 pieces on the 100 MB concatenation). A search reads the string flat, which
 * V8 does by joining the chain in place; the pieces are then garbage.
 */
function flattened(text: string): string {
  text.indexOf('\u0000');
  return text;
}
