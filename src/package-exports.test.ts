import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test-support/cli.js';

// Each entry point of package.json, imported from the built package by its public name (the package
// refers to itself by name), as a library user's code would: the names a user reaches for must be there.
const ENTRY_POINTS: Record<string, string[]> = {
  retrospect: ['gateSessionSync', 'scanSessions', 'walkChangeSet', 'runRetro', 'runExperiment', 'VERSION'],
  'retrospect/gate': ['gateSession', 'gateSessionSync', 'formatVerdictJson', 'GATE_PROFILES'],
  'retrospect/scan': ['scanSessions', 'gateFiles', 'storePathFor'],
  'retrospect/walk': ['walkChangeSet', 'renderMarkdown', 'walkDocumentSchema'],
  'retrospect/sprint': ['buildSprintReport', 'scanThemes', 'themeKey'],
  'retrospect/trial': ['reviewTrials', 'parseTrialLine', 'evaluateTrialEffect'],
  'retrospect/experiment': ['runExperiment', 'experimentReport', 'parseTasksJsonl', 'calibratedShareLevel'],
  'retrospect/store': ['openStore', 'storePathFor', 'SessionStore'],
  'retrospect/deepread': ['deepRead', 'planDeepRead', 'rankProposals'],
  'retrospect/report': ['buildReport', 'renderReportHtml'],
  'retrospect/second-look': ['prepareSecondLook', 'askSecondLook', 'decideFromText', 'inBand'],
  'retrospect/schedule': ['runScheduled', 'acquireScheduledLock'],
  'retrospect/errors': ['RetrospectError', 'UsageError', 'InputError', 'codedFields'],
};

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
};

describe('package entry points', () => {
  it('package.json exports exactly these entry points, each with its types', () => {
    const subpaths = Object.keys(manifest.exports).filter((key) => key !== './package.json');
    expect(subpaths.map((key) => (key === '.' ? 'retrospect' : `retrospect/${key.slice(2)}`)).sort()).toEqual(
      Object.keys(ENTRY_POINTS).sort(),
    );
    for (const key of subpaths) {
      const entry = manifest.exports[key];
      if (typeof entry !== 'object') throw new Error(`${key}: expected { types, default }`);
      expect(existsSync(join(REPO_ROOT, entry.types)), entry.types).toBe(true);
      expect(existsSync(join(REPO_ROOT, entry.default)), entry.default).toBe(true);
    }
  });

  it('each entry point loads from the built package and has its names', () => {
    const script = `
      const wanted = JSON.parse(process.argv[1]);
      const missing = [];
      for (const [specifier, names] of Object.entries(wanted)) {
        const module = await import(specifier);
        for (const name of names) if (!(name in module)) missing.push(specifier + ': ' + name);
      }
      process.stdout.write(JSON.stringify(missing));
    `;
    const out = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', script, JSON.stringify(ENTRY_POINTS)],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(out)).toEqual([]);
  });

  it('the dead exports are gone from the API', async () => {
    const api = await import('./index.js');
    for (const name of ['findStoryFile', 'isWriteSuccess', 'isNumberedItem', 'NO_USAGE'])
      expect(api).not.toHaveProperty(name);
  });
});
