import { parsePyFloat } from '../transcript/pyjson.js';
import { DEFAULT_THRESHOLD } from './signals.js';

export interface ThresholdChoice {
  threshold: number;
  warning?: string;
}

function fallback(source: string, raw: string): ThresholdChoice {
  return {
    threshold: DEFAULT_THRESHOLD,
    warning: `invalid ${source} '${raw}' (expected a finite number such as 7.5); using ${DEFAULT_THRESHOLD.toFixed(1)}`,
  };
}

/**
 * The trigger threshold: an explicit value (the `--threshold` flag), else the text of `RETRO_THRESHOLD`
 * (handed over by resolveGateSettings, the one reader of the environment), else 5.0.
 * Values are read as Python's `float()` reads them; an invalid one falls back to 5.0 with a warning. So
 * does a value that is not finite (`nan`, `inf`, `1e400`): no score compares usefully with it, and a NaN
 * verdict would print `"threshold":NaN`, which is not JSON.
 */
export function resolveThreshold(explicit: string | number | undefined, fromEnv?: string): ThresholdChoice {
  if (typeof explicit === 'number')
    return Number.isFinite(explicit) ? { threshold: explicit } : fallback('threshold', String(explicit));
  const [source, raw] =
    explicit !== undefined ? ['--threshold', explicit] : ['RETRO_THRESHOLD', fromEnv ?? ''];
  if (raw === '') return { threshold: DEFAULT_THRESHOLD };
  const parsed = parsePyFloat(raw);
  if (parsed === undefined || !Number.isFinite(parsed)) return fallback(source, raw);
  return { threshold: parsed };
}
