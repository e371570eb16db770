import { appendFileSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { readRuleMeta, recordRuleMeta, ruleKey, ruleMetaPath } from './rule-meta.js';

const META = {
  ts: '2026-07-01T10:00:00Z',
  agent: 'claude',
  rule: 'Read a file in this session before editing it',
  source: 'sess#m1',
  signals: ['S2' as const],
  anchors: ['m1'],
  pattern_summary: 'edits of unread files fail',
  mechanism: 'edit-without-read' as const,
};

describe('rule meta', () => {
  it('files a rule by the hash of its text, whitespace aside, and reads the latest entry back', () => {
    const root = tempDir('retrospect-meta-');
    expect(readRuleMeta(root).size).toBe(0);
    const first = recordRuleMeta(root, META);
    expect(first.key).toBe(ruleKey('Read a file in this session   before editing it '));
    expect(first.key).toMatch(/^[0-9a-f]{16}$/);
    recordRuleMeta(root, { ...META, signals: ['S2', 'S3'] });
    appendFileSync(ruleMetaPath(root), '{"torn": \n');
    const read = readRuleMeta(root);
    expect(read.size).toBe(1);
    expect(read.get(first.key)?.signals).toEqual(['S2', 'S3']);
    expect(Object.keys(JSON.parse(readFileSync(ruleMetaPath(root), 'utf8').split('\n')[0]!))).toEqual([
      'key',
      'ts',
      'agent',
      'rule',
      'source',
      'signals',
      'anchors',
      'pattern_summary',
      'mechanism',
    ]);
  });
});
