import { describe, expect, it } from 'vitest';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import type { UnitHunk } from '../document.js';
import { lastCommitWalk } from '../test-support/last-commit-walk.js';
import { createTestRepo } from '../test-support/repo.js';

const MIGRATION = [
  'class CreateCampaigns < ActiveRecord::Migration[8.1]',
  '  def change',
  '    create_table :campaigns do |t|',
  '      t.string :title',
  '      t.string :slug',
  '      t.decimal :goal_amount',
  '',
  '      t.timestamps',
  '    end',
  '  end',
  'end',
].join('\n');
const WITH_INDEX = MIGRATION.replace(
  '      t.timestamps\n    end',
  '      t.timestamps\n    end\n    add_index :campaigns, :slug, unique: true',
);
const FIXTURE = 'one:\n  title: MyString\n  slug: MyString\n  goal_amount: 9.99\n\ntwo:\n  title: MyString\n';
const GREETER = "export function greet(name) {\n  return 'Hello, ' + name;\n}\n";
const PRETTIER = "export function greet(name) {\n  return 'Hello, ' + name + '!';\n}\n";

/**
 * A repository whose session ran a generator (which printed the files it created), edited one of them,
 * formatted a file a person wrote, ran the tests (whose output names a file it did not write), and a person
 * committed it all a minute later.
 */
async function walkWithCommands() {
  const repo = createTestRepo();
  const t = new TranscriptBuilder(undefined, repo.dir);
  t.user('Add a Campaign model with a unique slug');
  t.tool('Bash', {
    command: 'bin/rails generate model Campaign title:string slug:string goal_amount:decimal 2>&1',
  });
  t.result(
    [
      '      invoke  active_record',
      '      create    db/migrate/20260616174719_create_campaigns.rb',
      '      create    app/models/campaign.rb',
      '      invoke    test_unit',
      '      create      test/fixtures/campaigns.yml',
    ].join('\n'),
  );
  t.tool('Edit', {
    file_path: `${repo.dir}/db/migrate/20260616174719_create_campaigns.rb`,
    old_string: '      t.timestamps\n    end',
    new_string: '      t.timestamps\n    end\n    add_index :campaigns, :slug, unique: true',
  });
  t.result('The file has been updated.');
  t.tool('Bash', { command: 'cd web && npx prettier --write src/greet.js' });
  t.result('src/greet.js 31ms');
  t.tool('Bash', { command: 'bin/rails test 2>&1 | tail -5' });
  t.result('Failure:\nNotesTest#test_truth [test/models/note_test.rb:5]\n1 runs, 1 failures');
  const transcript = t.write();
  repo.commit(
    'Start',
    {
      'app/models/application_record.rb': 'class ApplicationRecord < ActiveRecord::Base\nend\n',
      'web/src/greet.js': GREETER,
    },
    '2026-10-01T08:00:00Z',
  );
  const sha = repo.commit(
    'Add campaigns',
    {
      'db/migrate/20260616174719_create_campaigns.rb': `${WITH_INDEX}\n`,
      'app/models/campaign.rb': 'class Campaign < ApplicationRecord\nend\n',
      'test/fixtures/campaigns.yml': FIXTURE,
      'test/models/note_test.rb':
        'require "test_helper"\n\nclass NoteTest < ActiveSupport::TestCase\n  test "truth" do\n    assert false\n  end\nend\n',
      'web/src/greet.js': PRETTIER,
    },
    '2026-10-01T09:02:00Z',
  );
  const { document, hunks } = await lastCommitWalk(repo.dir, transcript);
  const of = (path: string) => hunks.find((h) => h.path === path) as UnitHunk;
  return { sha, of, document, sessionId: t.sessionId };
}

describe('commands as authors', () => {
  it('links what a generator, a formatter and an edit after them wrote to the session, via the command', async () => {
    const { of, sessionId, document } = await walkWithCommands();

    // The generator wrote the migration; the session's one Edit added the index (1 of 9 lines): together 1.0.
    expect(of('db/migrate/20260616174719_create_campaigns.rb')).toMatchObject({
      session_id: sessionId,
      share: 1,
      tool_call: 'toolu_2',
      via: 'command',
    });
    expect(of('test/fixtures/campaigns.yml')).toMatchObject({ session_id: sessionId, via: 'command' });
    expect(of('app/models/campaign.rb')).toMatchObject({ session_id: sessionId, via: 'command' });
    // `cd web && npx prettier --write src/greet.js`: the formatter's argument, resolved in the folder it ran in.
    expect(of('web/src/greet.js')).toMatchObject({ session_id: sessionId, via: 'command' });
    // The test run's output names a test file: a test run writes nothing, so it claims nothing.
    expect(of('test/models/note_test.rb')).toMatchObject({ session_id: null, share: null });
    expect(document.provenance_context.sessions).toEqual([
      expect.objectContaining({ session_id: sessionId, linked_hunks: 4 }),
    ]);
  });

  it('claims nothing for a commit made long after the command (a person may have rewritten the file)', async () => {
    const late = async () => {
      const repo = createTestRepo();
      const t = new TranscriptBuilder(undefined, repo.dir);
      t.user('Add the lock file');
      t.tool('Bash', { command: 'npm install left-pad' });
      t.result('added 1 package in 1s');
      const transcript = t.write();
      repo.commit('Start', { 'package.json': '{ "name": "demo" }\n' }, '2026-10-01T08:00:00Z');
      repo.commit(
        'Lock',
        { 'package-lock.json': '{\n  "name": "demo",\n  "lockfileVersion": 3\n}\n' },
        '2026-10-03T09:00:00Z',
      );
      return (await lastCommitWalk(repo.dir, transcript)).hunks;
    };
    expect(await late()).toEqual([expect.objectContaining({ path: 'package-lock.json', session_id: null })]);
  });

  it('takes a file that appeared after a generator which named nothing: the first touch was an Edit', async () => {
    const repo = createTestRepo();
    const t = new TranscriptBuilder(undefined, repo.dir);
    t.user('Add a hero component');
    t.tool('Bash', { command: 'npx ng generate component hero' });
    t.result('done');
    t.tool('Edit', {
      file_path: `${repo.dir}/src/app/hero/hero.component.ts`,
      old_string: "  selector: 'app-hero',",
      new_string: "  selector: 'app-hero',\n  standalone: true,",
    });
    t.result('The file has been updated.');
    const transcript = t.write();
    repo.commit('Start', { 'README.md': '# App\n' }, '2026-10-01T08:00:00Z');
    const component = [
      "import { Component } from '@angular/core';",
      '',
      '@Component({',
      "  selector: 'app-hero',",
      '  standalone: true,',
      "  templateUrl: './hero.component.html',",
      '})',
      'export class HeroComponent {}',
      '',
    ].join('\n');
    repo.commit(
      'Hero',
      {
        'src/app/hero/hero.component.ts': component,
        'src/app/hero/hero.component.html': '<p>hero works!</p>\n',
      },
      '2026-10-01T09:02:00Z',
    );
    const { hunks } = await lastCommitWalk(repo.dir, transcript);
    expect(hunks.find((h) => h.path === 'src/app/hero/hero.component.ts')).toMatchObject({
      session_id: t.sessionId,
      share: 1,
      tool_call: 'toolu_2',
      via: 'command',
    });
    // The template the session never touched is not claimed: nothing shows the generator wrote it.
    expect(hunks.find((h) => h.path === 'src/app/hero/hero.component.html')).toMatchObject({
      session_id: null,
    });
  });
});
