import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { LESSONS_HEADER } from './lessons.js';
import { applyFileChanges, planLessonsWiring } from './lessons-wiring.js';

const TRIAL = '<!-- trial start=2026-07-01 source=s#m review-after=10-sessions -->';

function project(files: Record<string, string> = {}): string {
  const root = tempDir('retrospect-wiring-');
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  return root;
}

const LOADED = '.claude/rules/retrospect-lessons.md';
const LEGACY = '.claude/memory/claude/lessons.md';

function wire(root: string, remove = false) {
  const plan = planLessonsWiring(root, { remove });
  applyFileChanges(root, plan.changes);
  return plan;
}

describe('wiring the lessons into what Claude Code loads', () => {
  it('creates the rules file with its header in a fresh project; a second run changes nothing', () => {
    const root = project();
    expect(wire(root).moved).toBe(0);
    expect(readFileSync(join(root, LOADED), 'utf8')).toBe(LESSONS_HEADER);
    expect(planLessonsWiring(root).changes).toEqual([]);
  });

  it('moves earlier lessons (trial comments included) and drops the emptied legacy file', () => {
    const root = project({ [LEGACY]: `- Read the error first\n- Quote the failing line ${TRIAL}\n` });
    expect(wire(root).moved).toBe(2);
    expect(readFileSync(join(root, LOADED), 'utf8')).toBe(
      `${LESSONS_HEADER}- Read the error first\n- Quote the failing line ${TRIAL}\n`,
    );
    expect(existsSync(join(root, LEGACY))).toBe(false);
  });

  it('keeps the legacy file’s other lines, and does not copy a lesson the rules file already has', () => {
    const root = project({
      [LEGACY]: '# My lessons\r\n\r\nNotes stay here.\r\n- Read the error first\r\n- Ask first\r\n',
      [LOADED]: '# Mine\n- Ask first\n',
    });
    wire(root);
    expect(readFileSync(join(root, LEGACY), 'utf8')).toBe('# My lessons\r\n\r\nNotes stay here.\r\n');
    expect(readFileSync(join(root, LOADED), 'utf8')).toBe('# Mine\n- Ask first\n- Read the error first\n');
  });

  it('--remove moves the lessons back and deletes what init created, then init wires them again', () => {
    const root = project({ [LEGACY]: `- Quote the failing line ${TRIAL}\n` });
    wire(root);
    expect(wire(root, true).moved).toBe(1);
    expect(readFileSync(join(root, LEGACY), 'utf8')).toBe(`- Quote the failing line ${TRIAL}\n`);
    expect(existsSync(join(root, LOADED))).toBe(false);
    expect(existsSync(join(root, '.claude', 'rules'))).toBe(false);
    expect(planLessonsWiring(root, { remove: true }).changes).toEqual([]);
    wire(root);
    expect(readFileSync(join(root, LOADED), 'utf8')).toContain(`- Quote the failing line ${TRIAL}\n`);
  });

  it('--remove leaves lines a person added to the rules file', () => {
    const root = project({ [LOADED]: `${LESSONS_HEADER}- One\nA note of mine.\n` });
    wire(root, true);
    expect(readFileSync(join(root, LOADED), 'utf8')).toBe(`${LESSONS_HEADER}A note of mine.\n`);
    expect(readFileSync(join(root, LEGACY), 'utf8')).toBe('- One\n');
  });

  it('refuses to write a file that changed after the plan', () => {
    const root = project({ [LEGACY]: '- One\n' });
    const plan = planLessonsWiring(root);
    writeFileSync(join(root, LEGACY), '- One\n- Two\n');
    expect(() => applyFileChanges(root, plan.changes)).toThrow(/changed while init was running/);
    expect(readFileSync(join(root, LEGACY), 'utf8')).toBe('- One\n- Two\n');
  });
});
