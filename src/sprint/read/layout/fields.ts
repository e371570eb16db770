/** Small readers for loosely typed YAML values of status files written by many tools. */

export function text(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return undefined;
}

export function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

export function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The first of several spellings of a field that is present (`estimated-points`, `points`, `story_points`). */
export function field(obj: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) if (obj[name] !== undefined && obj[name] !== null) return obj[name];
  return undefined;
}

/** A blocker field: a non-empty list or a word; empty lists, `none` and `null` mean not blocked. */
export function blocker(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const items = value.map(text).filter((v): v is string => v !== undefined);
    return items.length > 0 ? items.join(', ') : undefined;
  }
  const t = text(value);
  return t && !/^(none|null|no|false|-)$/i.test(t) ? t : undefined;
}
