import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkJsonSchema } from './document.js';
import { validateJsonSchema } from './test-support/json-schema.js';
import { createTestRepo } from './test-support/repo.js';
import { walkChangeSet } from './walk.js';

const PUBLISHED = join(import.meta.dirname, '..', '..', 'schemas', 'retrospective-walk.v0.1.0.schema.json');
const schema = JSON.parse(readFileSync(PUBLISHED, 'utf8'));

describe('the published JSON schema', () => {
  it('is the schema the code validates with (regenerate the file when this fails)', () => {
    expect(schema).toEqual(JSON.parse(JSON.stringify(walkJsonSchema())));
  });

  it('accepts a real walk with comments and rejects broken documents', async () => {
    const repo = createTestRepo();
    repo.commit('Start', { 'src/a.ts': 'export const a = 1;\n' });
    repo.commit('Grow a (#3)', {
      'src/a.ts': 'export const a = 1;\nexport const b = 2;\n',
      'package.json': '{}\n',
    });
    const { document } = await walkChangeSet({
      target: 'HEAD~1..HEAD',
      mode: 'agent-driven',
      cwd: repo.dir,
      env: process.env,
      sessionDirs: [],
    });
    expect(document.comments.length).toBeGreaterThan(0);
    const json = JSON.parse(JSON.stringify(document));
    expect(validateJsonSchema(schema, json)).toEqual([]);

    const broken = structuredClone(json);
    broken.change_units[0].change_unit_id = 'unit-1';
    broken.comments[0].type = 'praise';
    delete broken.validation_receipt;
    broken.extra = true;
    expect(validateJsonSchema(schema, broken).sort()).toEqual(
      [
        '$.change_units[0].change_unit_id: "unit-1" does not match ^cu_\\d{3,}$',
        '$.comments[0].type: "praise" not in enum',
        '$: missing validation_receipt',
        '$: unexpected property extra',
      ].sort(),
    );
  });
});
