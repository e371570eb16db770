import { describe, expect, it } from 'vitest';
import { commandWrites } from './command-writes.js';

const ROOT = '/home/dev/shop';
const written = (line: string, output = '') =>
  commandWrites(line, output, ROOT).map((w) => `${w.evidence} ${w.path.replace(`${ROOT}/`, '')}`);

describe('commandWrites', () => {
  it('reads the files a generator printed, with the verbs that write', () => {
    const output = [
      '      invoke  active_record',
      '      create    db/migrate/1_create_campaigns.rb',
      '   identical    app/models/campaign.rb',
      '      append    .gitignore',
      '       force    bin/dev',
    ].join('\n');
    expect(written('bin/rails generate model Campaign title:string 2>&1', output)).toEqual([
      'output db/migrate/1_create_campaigns.rb',
      'output .gitignore',
      'output bin/dev',
    ]);
  });

  it('never reads the output of a command that writes no file', () => {
    const output = 'create app/models/campaign.rb\nreformatted src/a.py';
    for (const line of [
      'bin/rails test',
      'cat log/development.log',
      'ls -la app/models',
      'git status --short',
    ])
      expect(written(line, output)).toEqual([]);
  });

  it('knows what installers and migrations write, in the folder they ran in', () => {
    expect(written('cd contracts && npm install --save-dev hardhat 2>&1')).toEqual([
      'write-set contracts/package-lock.json',
      'write-set contracts/package.json',
    ]);
    expect(written('bundle install')).toEqual(['write-set Gemfile.lock']);
    expect(written('bin/rails db:migrate 2>&1')).toEqual([
      'write-set db/schema.rb',
      'write-set db/structure.sql',
    ]);
    expect(written('npm test')).toEqual([]);
    // A global install writes the user's tools; a build writes a lock file only when stale, silently.
    expect(written('bun install -g ralph-tui')).toEqual([]);
    expect(written('cargo build --release 2>&1 | tail -20')).toEqual([]);
  });

  it("takes a formatter's, codemod's or in-place editor's file arguments, not its options or script", () => {
    expect(written('npx prettier --write src/a.ts src/b.ts')).toEqual([
      'argument src/a.ts',
      'argument src/b.ts',
    ]);
    expect(written('npx prettier --check src/a.ts')).toEqual([]);
    expect(written("sed -i 's/foo/bar/g' src/a.ts")).toEqual(['argument src/a.ts']);
    expect(written("sed -i '' -e 's/a/b/' -e 's/c/d/' x.md")).toEqual(['argument x.md']);
    expect(written('gofmt -w main.go')).toEqual(['argument main.go']);
    expect(written('black src/app.py')).toEqual(['argument src/app.py']);
    // A folder: only the files the output names.
    expect(written('black .', 'reformatted src/app.py\nAll done!')).toEqual(['output src/app.py']);
  });

  it('follows redirections, heredocs, tee, moves and copies', () => {
    expect(written('echo "gitleaks.log" >> .gitignore 2>&1')).toEqual(['redirect .gitignore']);
    expect(written("cat > notes/plan.md <<'EOF'\n# Plan\nrm -rf / > x.txt\nEOF\necho done")).toEqual([
      'redirect notes/plan.md',
    ]);
    expect(written('python gen.py | tee out/table.csv > /dev/null')).toEqual(['redirect out/table.csv']);
    expect(written('git mv src/a.ts src/b.ts')).toEqual(['move src/b.ts', 'move src/b.ts/a.ts']);
    expect(written('mv a.ts b.ts lib/')).toEqual(['move lib/a.ts', 'move lib/b.ts']);
  });

  it('claims no path outside the folder the session ran in, however the command names it', () => {
    expect(written('echo x > /var/scratch/out.txt')).toEqual([]);
    expect(written('echo x > ../other/out.txt')).toEqual([]);
    // After a `cd` out of the folder, or to a place only the shell resolves, nothing is claimed.
    expect(written('cd .. && npm install')).toEqual([]);
    expect(written("cd /var/scratch && echo 'KEY=x' > test_secret.txt")).toEqual([]);
    expect(written('cd ~/shop && cp ~/export.md .')).toEqual([]);
    expect(written('echo x >> ~/.zshrc')).toEqual([]);
    expect(written('cp app.conf app.conf.bak-$(date +%Y%m%d)')).toEqual([]);
    expect(written('cp /var/export/TRANSCRIPT.md /home/dev/shop/TRANSCRIPT.md')).toEqual([
      'move TRANSCRIPT.md',
      'move TRANSCRIPT.md/TRANSCRIPT.md',
    ]);
  });

  it('reads a Windows session: drive letters and Git Bash paths are one spelling', () => {
    const writes = commandWrites('cd "c:/Users/dev/app" && npm install', '', 'C:\\Users\\dev\\app');
    expect(writes.map((w) => w.path)).toEqual(['c:/Users/dev/app/package-lock.json']);
    expect(
      commandWrites('cd /c/Users/dev/app && echo x > a.txt', '', 'c:\\Users\\dev\\app').map((w) => w.path),
    ).toEqual(['c:/Users/dev/app/a.txt']);
  });
});

describe('inline scripts', () => {
  it('claims the files an inline script passes to a file-writing call, never the ones it only reads', () => {
    expect(
      written(
        `node -e "const fs=require('fs');const p='extension/package.json';const j=JSON.parse(fs.readFileSync(p,'utf8'));j.scripts.zip='node scripts/zip-dist.mjs';fs.writeFileSync(p,JSON.stringify(j,null,2)+'\\n');"`,
      ),
    ).toEqual(['script extension/package.json']);
    expect(
      written(
        `python3 -c "import json; d=json.load(open('a.json')); open('b.json', 'w').write(json.dumps(d))"`,
      ),
    ).toEqual(['script b.json']);
    expect(written(`python -c "from pathlib import Path; Path('notes/todo.md').write_text('x')"`)).toEqual([
      'script notes/todo.md',
    ]);
    // Reads only, or writes through a name no quoted path was given: nothing.
    expect(written(`node -e "console.log(require('./package.json').version)"`)).toEqual([]);
    expect(written(`node -e "require('fs').writeFileSync(process.argv[1], 'x')" out.txt`)).toEqual([]);
    expect(written(`python3 -c "print(open('setup.cfg').read())"`)).toEqual([]);
  });
});

describe('the folder a call ran in', () => {
  it('resolves the files from the workdir a call names, inside the session folder only', () => {
    const at = (line: string, workdir?: string) =>
      commandWrites(line, '', ROOT, workdir).map((w) => w.path.replace(`${ROOT}/`, ''));
    expect(at('npm install left-pad', `${ROOT}/extension`)).toEqual([
      'extension/package-lock.json',
      'extension/package.json',
    ]);
    expect(at('npm install left-pad')).toEqual(['package-lock.json', 'package.json']);
    // A workdir outside the session's folder: where its files are is not this project's.
    expect(at('npm install left-pad', '/home/dev/other')).toEqual([]);
  });
});
