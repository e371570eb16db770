import { parsePyFloat } from '../transcript/pyjson.js';
import { DEFAULT_THRESHOLD } from './signals.js';

export interface ThresholdChoice {
  threshold: number;
  warning?: string;
}

/**
 * The trigger threshold: an explicit value (the `--threshold` flag), else `RETRO_THRESHOLD`, else 5.0.
 * Values are read as Python's `float()` reads them; an invalid one falls back to 5.0 with a warning.
 */
export function resolveThreshold(
  explicit: string | number | undefined,
  env: NodeJS.ProcessEnv,
): ThresholdChoice {
  if (typeof explicit === 'number') return { threshold: explicit };
  const [source, raw] =
    explicit !== undefined ? ['--threshold', explicit] : ['RETRO_THRESHOLD', env.RETRO_THRESHOLD ?? ''];
  if (raw === '') return { threshold: DEFAULT_THRESHOLD };
  const parsed = parsePyFloat(raw);
  if (parsed === undefined) {
    return {
      threshold: DEFAULT_THRESHOLD,
      warning: `invalid ${source} '${raw}' (expected a number such as 7.5); using ${DEFAULT_THRESHOLD.toFixed(1)}`,
    };
  }
  return { threshold: parsed };
}
