import { cpSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openSqlite } from '../sqlite/index.js';
import { REPO_ROOT } from './cli.js';
import { tempDir } from './temp-dir.js';

/** The fixture home: each agent's files laid out as the agent lays them out (test/fixtures/hosts/home). */
export const HOSTS_HOME = join(REPO_ROOT, 'test', 'fixtures', 'hosts', 'home');

/** OpenCode's tables as its SQLite database (v1.2+) holds them; the columns this reader does not use are kept. */
const OPENCODE_SCHEMA = `
CREATE TABLE project (id text PRIMARY KEY, worktree text NOT NULL, vcs text, name text, icon_url text,
  icon_color text, time_created integer NOT NULL, time_updated integer NOT NULL, time_initialized integer,
  sandboxes text NOT NULL, commands text, icon_url_override text);
CREATE TABLE session (id text PRIMARY KEY, project_id text NOT NULL, parent_id text, slug text NOT NULL,
  directory text NOT NULL, title text NOT NULL, version text NOT NULL, share_url text, summary_additions integer,
  summary_deletions integer, summary_files integer, summary_diffs text, revert text, permission text,
  time_created integer NOT NULL, time_updated integer NOT NULL, time_compacting integer, time_archived integer,
  workspace_id text, path text, agent text, model text, cost real DEFAULT 0 NOT NULL,
  tokens_input integer DEFAULT 0 NOT NULL, tokens_output integer DEFAULT 0 NOT NULL, metadata text,
  CONSTRAINT fk_session_project FOREIGN KEY (project_id) REFERENCES project(id) ON DELETE CASCADE);
CREATE TABLE message (id text PRIMARY KEY, session_id text NOT NULL, time_created integer NOT NULL,
  time_updated integer NOT NULL, data text NOT NULL,
  CONSTRAINT fk_message_session FOREIGN KEY (session_id) REFERENCES session(id) ON DELETE CASCADE);
CREATE INDEX message_session_time_created_id_idx ON message (session_id, time_created, id);
CREATE TABLE part (id text PRIMARY KEY, message_id text NOT NULL, session_id text NOT NULL,
  time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL,
  CONSTRAINT fk_part_message FOREIGN KEY (message_id) REFERENCES message(id) ON DELETE CASCADE);
CREATE INDEX part_message_id_id_idx ON part (message_id, id);
CREATE TABLE session_message (id text PRIMARY KEY, session_id text NOT NULL, type text NOT NULL,
  time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL, seq integer NOT NULL);`;

type Part = Record<string, unknown>;
interface Message {
  id: string;
  at: number;
  data: Record<string, unknown>;
  parts: Part[];
}

const T0 = 1_781_674_674_000; // 2026-06-17

function user(id: string, at: number, ...parts: Part[]): Message {
  return { id, at, data: { role: 'user', time: { created: at }, agent: 'build' }, parts };
}

function assistant(id: string, at: number, parent: string, ...parts: Part[]): Message {
  return {
    id,
    at,
    data: {
      parentID: parent,
      role: 'assistant',
      mode: 'build',
      path: { cwd: '/home/ada/site', root: '/home/ada/site' },
      modelID: 'deepseek-v4',
      providerID: 'opencode',
      time: { created: at, completed: at + 900 },
      finish: 'stop',
    },
    parts,
  };
}

const text = (value: string, extra: Part = {}): Part => ({ type: 'text', text: value, ...extra });
const bash = (callID: string, command: string, exit: number | null, output: string): Part => ({
  type: 'tool',
  tool: 'bash',
  callID,
  state: {
    status: 'completed',
    input: { command, description: command },
    output,
    metadata: { output, exit },
  },
});

/** The main session: a person's three requests, failing builds (exit codes only), edits and a patch. */
const MAIN: Message[] = [
  user('msg_ed4160830001MainUser0001', T0, text('build a single page portfolio about me')),
  assistant(
    'msg_ed4160830002MainAsst0001',
    T0 + 1_000,
    'msg_ed4160830001MainUser0001',
    { type: 'step-start' },
    { type: 'reasoning', text: 'Start with index.html.' },
    {
      type: 'tool',
      tool: 'write',
      callID: 'functions.write:1',
      state: {
        status: 'completed',
        input: { filePath: '/home/ada/site/index.html', content: '<h1>Ada</h1>' },
        output: 'Wrote file successfully.',
        metadata: {},
      },
    },
    { type: 'step-finish', reason: 'tool-calls' },
  ),
  assistant(
    'msg_ed4160830003MainAsst0002',
    T0 + 3_000,
    'msg_ed4160830001MainUser0001',
    bash('functions.bash:2', 'npm run build', 1, 'sh: vite: not found\n'),
    bash('functions.bash:3', 'npx vite build', 1, 'error during build: Could not resolve entry module\n'),
    text('The build needs an entry module; adding one.'),
  ),
  assistant(
    'msg_ed4160830004MainAsst0003',
    T0 + 5_000,
    'msg_ed4160830001MainUser0001',
    {
      type: 'tool',
      tool: 'edit',
      callID: 'functions.edit:4',
      state: {
        status: 'completed',
        input: {
          filePath: '/home/ada/site/index.html',
          oldString: '<h1>Ada</h1>',
          newString: '<h1>Ada</h1><script type="module" src="/main.js"></script>',
        },
        output: 'Edit applied successfully.',
        metadata: {},
      },
    },
    {
      type: 'tool',
      tool: 'read',
      callID: 'functions.read:5',
      state: {
        status: 'error',
        input: { filePath: '/home/ada/site/main.js' },
        error: 'File not found: /home/ada/site/main.js',
      },
    },
    {
      type: 'tool',
      tool: 'apply_patch',
      callID: 'functions.apply_patch:6',
      state: {
        status: 'completed',
        input: {
          patchText:
            '*** Begin Patch\n*** Add File: main.js\n+console.log("hi")\n*** Update File: index.html\n@@\n-<h1>Ada</h1>\n+<h1>Ada Lovelace</h1>\n*** End Patch',
        },
        output: 'Success.',
        metadata: {},
      },
    },
    bash('functions.bash:7', 'npx vite build', 0, 'built in 310ms\n'),
    text('The site builds now.'),
  ),
  user(
    'msg_ed4160830005MainUser0002',
    T0 + 60_000,
    text('The following tool was executed by the user', { synthetic: true }),
    {
      type: 'tool',
      tool: 'bash',
      callID: 'user-bash-1',
      state: {
        status: 'completed',
        input: { command: 'ls' },
        output: 'index.html\nmain.js\n',
        metadata: { exit: 0 },
      },
    },
  ),
  user(
    'msg_ed4160830006MainUser0003',
    T0 + 70_000,
    text('no, the title should be in a header tag'),
    text('@index.html', { synthetic: true }),
  ),
  assistant('msg_ed4160830007MainAsst0004', T0 + 71_000, 'msg_ed4160830006MainUser0003', {
    type: 'tool',
    tool: 'edit',
    callID: 'functions.edit:8',
    state: {
      status: 'error',
      input: { filePath: '/home/ada/site/index.html', oldString: 'x', newString: 'y' },
      error: 'The user rejected permission to use this specific tool call.',
    },
  }),
  user('msg_ed4160830008MainUser0004', T0 + 80_000, text('fine, go ahead')),
  assistant('msg_ed4160830009MainAsst0005', T0 + 81_000, 'msg_ed4160830008MainUser0004', {
    type: 'tool',
    tool: 'question',
    callID: 'functions.question:9',
    state: { status: 'running', input: { questions: [] }, time: { start: T0 + 81_500 } },
  }),
];

/** A sub-agent session the main one started (`parent_id` set): its prompt is the parent agent's. */
const CHILD: Message[] = [
  user('msg_ed4170000001ChildUser001', T0 + 4_000, text('Find where the build entry is configured.')),
  assistant(
    'msg_ed4170000002ChildAsst001',
    T0 + 4_500,
    'msg_ed4170000001ChildUser001',
    bash('functions.bash:c1', 'cat vite.config.js', 1, 'cat: vite.config.js: No such file or directory\n'),
    text('There is no vite.config.js.'),
  ),
];

/**
 * Writes an OpenCode database (the tables of v1.2+, WAL mode as OpenCode keeps it) with a main session and
 * its sub-agent, to `path`. Returns the session ids.
 */
export function writeOpencodeDatabase(path: string): { main: string; child: string } {
  mkdirSync(dirname(path), { recursive: true });
  const db = openSqlite(path);
  db.pragma('journal_mode = WAL');
  db.exec(OPENCODE_SCHEMA);
  db.prepare(
    'INSERT INTO project (id, worktree, vcs, time_created, time_updated, sandboxes) VALUES (?, ?, ?, ?, ?, ?)',
  ).run('c84889f7c0ef564e7c751eeb1c8e78157aec2a52', '/home/ada/site', 'git', T0, T0, '[]');
  const session = db.prepare(
    `INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, time_updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const message = db.prepare(
    'INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)',
  );
  const part = db.prepare(
    'INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const ids = { main: 'ses_12be9f828ffeaiYkWjPssYhKmB', child: 'ses_12be90000ffeChildSession01' };
  const write = (sessionId: string, parent: string | null, title: string, messages: Message[]) => {
    const last = messages.at(-1)!.at;
    session.run(
      sessionId,
      'c84889f7c0ef564e7c751eeb1c8e78157aec2a52',
      parent,
      title.toLowerCase().replace(/\W+/g, '-'),
      '/home/ada/site',
      title,
      '1.17.3',
      messages[0]!.at,
      last,
    );
    for (const m of messages) {
      message.run(m.id, sessionId, m.at, m.at, JSON.stringify(m.data));
      m.parts.forEach((p, index) => {
        part.run(
          `prt_${m.id.slice(4)}${String(index).padStart(3, '0')}`,
          m.id,
          sessionId,
          m.at,
          m.at,
          JSON.stringify(p),
        );
      });
    }
  };
  db.transaction(() => {
    write(ids.main, null, 'Portfolio site', MAIN);
    write(ids.child, ids.main, 'Find the build entry (@explore subagent)', CHILD);
  });
  db.close();
  return ids;
}

/**
 * A temporary copy of the fixture home with OpenCode's database written into its data folder, and the
 * environment that points every agent at it (as a person's own home would).
 */
export function hostsHomeCopy(): {
  home: string;
  env: NodeJS.ProcessEnv;
  opencode: { main: string; child: string };
} {
  const home = tempDir('retrospect-hosts-home-');
  cpSync(HOSTS_HOME, home, { recursive: true });
  const opencode = writeOpencodeDatabase(join(home, '.local', 'share', 'opencode', 'opencode.db'));
  return { home, env: { HOME: home }, opencode };
}

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The folder the fixture home's sessions ran in. */
export const FIXTURE_PROJECT = '/home/ada/shop';

/**
 * A copy of the fixture home (OpenCode's database included) whose sessions ran in `projectRoot` instead of
 * /home/ada/shop, every file dated `mtimeSecs` (a copy is otherwise dated now: a session still being
 * written), and the variables that point each agent other than Claude Code at it. HOME is left alone, so
 * that git keeps the user's configuration.
 */
export function hostsHomeFor(
  projectRoot: string,
  mtimeSecs: number,
): { home: string; env: NodeJS.ProcessEnv; opencode: { main: string; child: string } } {
  const { home, opencode } = hostsHomeCopy();
  for (const file of filesUnder(home)) {
    if (/\.jsonl?$/.test(file) || file.endsWith('.project_root')) {
      const text = readFileSync(file, 'utf8');
      if (text.includes(FIXTURE_PROJECT)) writeFileSync(file, text.split(FIXTURE_PROJECT).join(projectRoot));
    }
    utimesSync(file, mtimeSecs, mtimeSecs);
  }
  return {
    home,
    opencode,
    env: {
      CODEX_HOME: join(home, '.codex'),
      GEMINI_CLI_HOME: home,
      XDG_DATA_HOME: join(home, '.local', 'share'),
      COPILOT_HOME: join(home, '.copilot'),
    },
  };
}
