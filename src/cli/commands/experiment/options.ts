import { UsageError } from '../../../errors/errors.js';
import type { ExperimentBudget } from '../../../experiment/budget.js';
import { DEFAULT_MIN_EFFECT, type MinEffect } from '../../../experiment/min-effect.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `20m`, `1h30m`, `1500ms` as milliseconds; a one-line usage error otherwise. */
export function parseDuration(text: string, option: string): number {
  const trimmed = text.trim();
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== trimmed)
    throw new UsageError(`${option}: expected a duration such as 90s, 20m or 1h30m, got '${text}'`);
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * (UNIT_MS[p[2] as string] as number), 0);
  if (!(ms > 0)) throw new UsageError(`${option}: expected a duration above zero, got '${text}'`);
  return Math.round(ms);
}

const KEYS = 'runs=N, time=DURATION, tokens=N, usd=AMOUNT';

/** `runs=40,time=3h,tokens=2000000,usd=10` (any of them, comma-separated, or given in several options). */
export function parseBudget(values: readonly string[]): ExperimentBudget {
  const budget: ExperimentBudget = {};
  for (const item of values.flatMap((v) => v.split(',')).map((v) => v.trim())) {
    if (item === '') continue;
    const [key = '', value = '', ...rest] = item.split('=');
    const number = Number(value);
    const bad = () => new UsageError(`--budget: expected ${KEYS}, got '${item}'`);
    if (rest.length > 0 || value === '') throw bad();
    if (key === 'time') budget.timeMs = parseDuration(value, '--budget time');
    else if (!(Number.isFinite(number) && number > 0)) throw bad();
    else if (key === 'runs' && Number.isInteger(number)) budget.runs = number;
    else if (key === 'tokens' && Number.isInteger(number)) budget.tokens = number;
    else if (key === 'usd') budget.usd = number;
    else throw bad();
  }
  return budget;
}

const MIN_EFFECT_KEYS = 'friction=N (gate points per 100 turns), check=SHARE (0 to 1, 0.15 is 15 points)';

/**
 * `--min-effect friction=5,check=0.15` (either or both; the other keeps its default), or `0`: claim any
 * effect whose interval leaves out zero.
 */
export function parseMinEffect(values: readonly string[]): MinEffect {
  const minEffect: MinEffect = { ...DEFAULT_MIN_EFFECT };
  for (const item of values.flatMap((v) => v.split(',')).map((v) => v.trim())) {
    if (item === '') continue;
    if (item === '0') {
      minEffect.friction = 0;
      minEffect.check_pass = 0;
      continue;
    }
    const [key = '', value = '', ...rest] = item.split('=');
    const number = Number(value);
    const bad = () => new UsageError(`--min-effect: expected ${MIN_EFFECT_KEYS}, or 0, got '${item}'`);
    if (rest.length > 0 || value.trim() === '' || !(Number.isFinite(number) && number >= 0)) throw bad();
    if (key === 'friction') minEffect.friction = number;
    else if (key === 'check' && number < 1) minEffect.check_pass = number;
    else throw bad();
  }
  return minEffect;
}
