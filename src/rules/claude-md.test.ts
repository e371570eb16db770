import { describe, expect, it } from 'vitest';
import { MANAGED_BEGIN, MANAGED_END, withManagedLessons } from './claude-md.js';

describe('the managed lessons section of CLAUDE.md', () => {
  it('is appended once, then only its own lines are rewritten', () => {
    const mine = '# Shop\n\nUse pnpm.\n';
    const first = withManagedLessons(mine, ['Read errors first']);
    expect(first).toEqual({
      ok: true,
      changed: true,
      content: `# Shop\n\nUse pnpm.\n\n${MANAGED_BEGIN}\n## Lessons from session retrospectives\n\n- Read errors first\n${MANAGED_END}\n`,
    });
    if (!first.ok) return;
    const edited = `${first.content}\nMy own notes after it.\n`;
    const second = withManagedLessons(edited, ['Read errors first', 'Restate the request']);
    if (!second.ok) throw new Error(second.reason);
    expect(second.content.startsWith(mine)).toBe(true);
    expect(second.content.endsWith(`- Restate the request\n${MANAGED_END}\n\nMy own notes after it.\n`)).toBe(
      true,
    );
    expect(withManagedLessons(second.content, ['Read errors first', 'Restate the request'])).toMatchObject({
      changed: false,
    });
  });

  it('leaves a file without lessons alone and refuses a broken section', () => {
    expect(withManagedLessons('# Shop\n', [])).toEqual({ ok: true, content: '# Shop\n', changed: false });
    expect(withManagedLessons(`${MANAGED_BEGIN}\n- x\n`, ['y'])).toMatchObject({ ok: false });
  });
});
