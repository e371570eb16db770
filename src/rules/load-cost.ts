import type { PriceTable } from '../cost/price-table.js';
import { costAt } from '../cost/session-cost.js';
import type { SessionUsage } from '../cost/session-usage.js';
import { zeroTokens } from '../cost/tokens.js';

/**
 * What loading one more token into every session's context costs, from the project's recent sessions.
 * A rule's text is part of the prompt's stable head (Claude Code sends its memory files with the first
 * message, after the system prompt and tools), so every call of a session carries it: the calls that
 * (re)write the cached head pay the cache write rate for it, the others the cache read rate.
 */
export interface LoadProfile {
  /** The days looked at: the four weeks before `today`. */
  from: string;
  to: string;
  /** Sessions in those days, and of them the ones whose usage is recorded. */
  sessions: number;
  withUsage: number;
  sessionsPerWeek: number;
  /** Mean model calls per session with usage; null without any. */
  callsPerSession: number | null;
  /** Mean USD one token costs a session by being in every call's prompt; null when none is priced. */
  usdPerTokenSession: number | null;
}

/** One session's load figures: its calls, how many (re)wrote the cached head, and a token's cost. */
export interface SessionLoad {
  calls: number;
  /** Estimated: (uncached input + cache writes) over the mean prompt, between 1 and the calls. */
  writes: number;
  /** USD for one token carried in every call; null when a model it used has no price. */
  usdPerToken: number | null;
}

const WEEK_DAYS = 7;
const WINDOW_DAYS = 28;

/**
 * A session's calls and the estimated number of them that wrote the cached head of the prompt. Each
 * call writes what is new at the prompt's tail; a call whose cache had expired (a pause longer than the
 * cache lives, a compaction, a model switch) writes the whole prompt again. So the tokens written beyond
 * the tail, over the mean prompt, count the rewrites: on 240 real sessions this agrees with counting the
 * calls whose cache read covered less than the first prompt (median error 0%, half within ±5%).
 */
export function sessionLoad(usage: SessionUsage, prices: PriceTable): SessionLoad | undefined {
  if (usage.entries === null) return undefined;
  let calls = 0;
  let prompt = 0;
  let written = 0;
  for (const e of usage.entries) {
    calls += e.calls;
    prompt += e.tokens.input + e.tokens.cache_write + e.tokens.cache_read;
    written += e.tokens.input + e.tokens.cache_write;
  }
  if (calls === 0 || prompt === 0) return undefined;
  const writes = Math.min(calls, Math.max(1, written / (prompt / calls)));
  const writeShare = writes / calls;
  const at = usage.firstAt ? new Date(usage.firstAt) : undefined;
  const when = at && !Number.isNaN(at.getTime()) ? at : undefined;
  let usd: number | null = 0;
  for (const e of usage.entries) {
    const rates = prices.rates(e.model, e.band, when);
    if (!rates) {
      usd = null;
      break;
    }
    // One token in each of this entry's calls: read from the cache by the calls that did not rewrite the
    // head; in the others sent as the entry sent what it did not read, uncached input or a cache write (at
    // the hour rate in the share it wrote for an hour).
    const sent = e.tokens.input + e.tokens.cache_write;
    const inputShare = sent === 0 ? 0 : e.tokens.input / sent;
    const hourShare = e.tokens.cache_write === 0 ? 0 : e.tokens.cache_write_1h / e.tokens.cache_write;
    const tokens = zeroTokens();
    tokens.input = e.calls * writeShare * inputShare;
    tokens.cache_write = e.calls * writeShare * (1 - inputShare);
    tokens.cache_write_1h = tokens.cache_write * hourShare;
    tokens.cache_read = e.calls * (1 - writeShare);
    usd += costAt(tokens, rates);
  }
  return { calls, writes, usdPerToken: usd };
}

const dayOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/** The load profile of the project's sessions in the four weeks before `today` (UTC day). */
export function loadProfile(
  sessions: readonly { mtime: number | undefined; usage?: SessionUsage | undefined }[],
  today: string,
  prices: PriceTable,
): LoadProfile {
  const end = Date.parse(`${today}T00:00:00Z`) / 1000;
  const start = end - WINDOW_DAYS * 86_400;
  const recent = sessions.filter((s) => s.mtime !== undefined && s.mtime >= start && s.mtime < end);
  const loads = recent.flatMap((s) => {
    const load = s.usage === undefined ? undefined : sessionLoad(s.usage, prices);
    return load === undefined ? [] : [load];
  });
  const priced = loads.flatMap((l) => (l.usdPerToken === null ? [] : [l.usdPerToken]));
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return {
    from: dayOf(start),
    to: dayOf(end - 86_400),
    sessions: recent.length,
    withUsage: loads.length,
    sessionsPerWeek: (recent.length * WEEK_DAYS) / WINDOW_DAYS,
    callsPerSession: loads.length === 0 ? null : mean(loads.map((l) => l.calls)),
    usdPerTokenSession: priced.length === 0 ? null : mean(priced),
  };
}

/** What a rule of `tokens` costs to load each week (≈: its tokens are an estimate). */
export interface RuleLoadCost {
  tokens: number;
  sessionsPerWeek: number;
  /** Tokens billed a week: the rule in every call of every session. Null without usage. */
  tokensPerWeek: number | null;
  /** Those tokens at API prices, cache writes and reads as the sessions paid them. Null when unpriced. */
  costUsdPerWeek: number | null;
}

export function ruleLoadCost(tokens: number, profile: LoadProfile): RuleLoadCost {
  const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
  return {
    tokens,
    sessionsPerWeek: round(profile.sessionsPerWeek, 2),
    tokensPerWeek:
      profile.callsPerSession === null
        ? null
        : Math.round(tokens * profile.callsPerSession * profile.sessionsPerWeek),
    costUsdPerWeek:
      profile.usdPerTokenSession === null
        ? null
        : round(tokens * profile.usdPerTokenSession * profile.sessionsPerWeek, 8),
  };
}
