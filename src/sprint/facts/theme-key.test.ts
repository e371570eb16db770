import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalThemeKey, itemHasTheme, normaliseThemeText, sameThemeHash, themeKey } from './theme-key.js';

const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

describe('the theme key', () => {
  it('keeps the stored hash of plain text: sha256 of lower-cased, trimmed, whitespace-collapsed text', () => {
    expect(themeKey('  Cut review   WAIT time ')).toBe(sha('cut review wait time'));
    expect(themeKey('Stabilise the flaky integration tests in CI')).toBe(
      sha('stabilise the flaky integration tests in ci'),
    );
  });

  // One carried-forward item as a team wrote it in six successive retros (wording shaped on a real project).
  const carried = [
    'README stale module list section → backlog chore (from 12.3 review M2)',
    'README stale module list section (from 12.3 review)',
    'README stale module list section (from Epic 12 review)',
    '**README stale module list section** (from Epic 12 review)',
    'README stale module list section → Story 14-2 (backlog)',
    'README stale module list section -> still backlog',
    'README stale module list section (from Epic 12) — retired from retro tracking, issue exists',
  ];

  it.each(carried)('"%s" is the same theme as the plain item', (wording) => {
    expect(normaliseThemeText(wording)).toBe('readme stale module list section');
    expect(themeKey(wording)).toBe(themeKey('README stale module list section'));
  });

  it('drops markup and issue references, keeps words that change the meaning', () => {
    expect(normaliseThemeText('`exports_test.py` missing `pkg.lsp` module (from 12.3 review L1)')).toBe(
      'exports_test.py missing pkg.lsp module',
    );
    expect(normaliseThemeText('`cli.py:338` nested ternary S3358 (GitHub issue #204)')).toBe(
      'cli.py:338 nested ternary s3358',
    );
    // An arrow that is part of the item, and a parenthesis that is not a reference, stay.
    expect(normaliseThemeText('Migrate sessions Redis → Postgres')).toBe('migrate sessions redis → postgres');
    expect(normaliseThemeText('Keep P95 latency low (under 3s)')).toBe('keep p95 latency low (under 3s)');
    expect(themeKey('Add unit tests (unit)')).not.toBe(themeKey('Add unit tests'));
  });

  it('compares stored hashes in one spelling: prefix and case do not matter', () => {
    const key = themeKey('Cut review wait time');
    const upper = key.replace('sha256:', 'SHA256:').toUpperCase();
    expect(sameThemeHash(key, upper)).toBe(true);
    expect(sameThemeHash(key, key.slice('sha256:'.length))).toBe(true);
    expect(canonicalThemeKey(upper)).toBe(key);
  });

  it('matches an item by its text or by the hash stored on it', () => {
    const key = themeKey('Cut review wait time');
    expect(itemHasTheme({ text: 'cut review wait time (from Epic 4)' }, key)).toBe(true);
    expect(itemHasTheme({ text: 'something reworded', theme_hash: key.toUpperCase() }, key)).toBe(true);
    expect(itemHasTheme({ text: 'something else' }, key)).toBe(false);
  });
});
