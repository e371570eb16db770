import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layers of docs/design/architecture.md, checked on the import statements themselves: each rule names
// the edges that break it, so a new wrong-way import fails here with its file and target.

const SRC = dirname(fileURLToPath(import.meta.url));

interface Edge {
  /** The importing file, relative to src/ with forward slashes. */
  from: string;
  /** The imported file, relative to src/ (`.js` as written in the import). */
  to: string;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const toPosix = (path: string) => path.split('\\').join('/');
/** `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`, at any depth. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function importEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = toPosix(relative(SRC, file));
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = toPosix(relative(SRC, resolve(dirname(file), match[1] ?? '')));
      if (!target.startsWith('..')) edges.push({ from, to: target });
    }
  }
  return edges;
}

const EDGES = importEdges();
const isTest = (path: string) => path.endsWith('.test.ts') || path.split('/').includes('test-support');
const folderOf = (path: string) => (path.includes('/') ? (path.split('/')[0] ?? path) : '.');
const show = (edges: Edge[]) => edges.map((e) => `${e.from} -> ${e.to}`);

describe('the core knows no command line', () => {
  it('no module outside cli/ imports from cli/ (tests included: a CLI test sits under cli/)', () => {
    const wrong = EDGES.filter((e) => folderOf(e.from) !== 'cli' && folderOf(e.to) === 'cli');
    expect(show(wrong)).toEqual([]);
  });

  it('no module outside cli/ reads process.argv or calls process.exit', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const path = toPosix(relative(SRC, file));
      if (folderOf(path) === 'cli' || isTest(path)) continue;
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|\s)\/\/[^\n]*/g, '$1');
      if (/\bprocess\.(argv|exit)\b(?!\s*['"])/.test(code) && !/process\.on\(\s*'exit'/.test(code))
        offenders.push(path);
    }
    expect(offenders).toEqual([]);
  });
});

/** Comments out of the way, so that a key named in a doc comment is not read as code. */
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/[^\n]*/g, '$1');

/** The keys that are Retrospect's own settings (not a host's home, a credential or a child's environment). */
const SETTING_KEY = String.raw`RETRO_\w+|RETROSPECT_\w+|FRICTION_LEDGER\w*|AGENT_WEBHOOK_URL`;
/** A setting read from an env map: `env.KEY`, `env?.KEY`, `env['KEY']`, `{ KEY } = env`. */
const SETTING_READ = new RegExp(
  String.raw`\b\w*env\w*\s*(?:\?\.|\.)\s*(${SETTING_KEY})\b|\b\w*env\w*\s*(?:\?\.)?\[\s*['"\`](${SETTING_KEY})['"\`]|\{[^}]*\b(${SETTING_KEY})\b[^}]*\}\s*=\s*[\w.]*env\b`,
  'gi',
);
/** A setting written into a map for deeper code to read back: `{ ...env, RETRO_X: value }`. */
const SETTING_WRITE = new RegExp(String.raw`(?:[{,]\s*|\.\.\.\w+,\s*)(${SETTING_KEY})\s*:`, 'g');

/**
 * The resolvers, each with the keys it alone reads (docs/design/environment.md), for every caller. A key
 * belongs to one resolver: the gate's resolver reads no ledger key, it is given the chosen ledger.
 */
const RESOLVER_KEYS: Record<string, readonly string[]> = {
  'gate/settings.ts': ['RETRO_THRESHOLD', 'RETRO_GATE_PROFILE', 'RETRO_FORCE_TRANSCRIPT_S2'],
  'ledger/path.ts': ['FRICTION_LEDGER'],
  'ledger/settings.ts': ['FRICTION_LEDGER_MAX_LINES', 'FRICTION_LEDGER_MAX_BYTES'],
  'store/settings.ts': ['RETROSPECT_STORE'],
  'store/identity.ts': ['RETROSPECT_MACHINE', 'RETROSPECT_USER', 'RETROSPECT_HASH_IDENTITY'],
  'paths/data-dir.ts': ['RETROSPECT_DATA_DIR'],
  'llm/settings.ts': ['RETROSPECT_PROVIDER', 'RETROSPECT_MODEL', 'RETROSPECT_LLM_TIMEOUT_MS'],
  'clock/now.ts': ['RETROSPECT_NOW'],
  'schedule/settings.ts': ['AGENT_WEBHOOK_URL'],
};
const RESOLVERS = Object.keys(RESOLVER_KEYS);
/** A call of a resolver: what turns an env map into settings. */
const RESOLVER_CALL =
  /\b(resolveGateSettings|resolveStoreSettings|resolveReaderSettings|resolveScheduleSettings|resolveLedgerSettings|ledgerFromEnv|ledgerCaps|dataDir|storeIdentity|machineName|nowFrom)\(/g;
/**
 * The library entry points that take an `env` and resolve from it when the caller gives no settings (the
 * front ends always give them). The list may only shrink; a new core call of a resolver fails here.
 */
const LIBRARY_ENTRIES_THAT_RESOLVE = [
  'deepread/deep-read.ts',
  'gate/gate-session.ts',
  'llm/select.ts',
  'retro/pipeline.ts',
  'schedule/run.ts',
  'sprint/facilitate/draft-session.ts',
  'trial/sources.ts',
  'trial/store-source.ts',
  'walk/narrate/why-readers.ts',
  'walk/walk.ts',
];
const isEdge = (path: string) => ['cli', 'mcp', 'hooks'].includes(folderOf(path));

function settingOffenders(pattern: RegExp, skip: (path: string) => boolean): string[] {
  const offenders: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const path = toPosix(relative(SRC, file));
    if (isTest(path) || skip(path)) continue;
    for (const match of codeOf(readFileSync(file, 'utf8')).matchAll(pattern)) {
      const key = match.slice(1).find((group) => group !== undefined) ?? match[0];
      offenders.push(`${path}: ${key}`);
    }
  }
  return offenders;
}

describe('settings are typed values, resolved once at the edge', () => {
  it("no module but a key's resolver reads a setting from an env map (the front ends included)", () => {
    expect(settingOffenders(SETTING_READ, (path) => RESOLVERS.includes(path))).toEqual([]);
  });

  it('each resolver reads only its own keys (FRICTION_LEDGER in ledger/path.ts alone)', () => {
    const foreign = settingOffenders(SETTING_READ, (path) => !RESOLVERS.includes(path)).filter((found) => {
      const [path = '', key = ''] = found.split(': ');
      return !RESOLVER_KEYS[path]?.includes(key);
    });
    expect(foreign).toEqual([]);
    const owners = Object.values(RESOLVER_KEYS).flat();
    expect(owners.filter((key, i) => owners.indexOf(key) !== i)).toEqual([]);
  });

  it('no module writes a setting into an env map for deeper code to read back', () => {
    expect(settingOffenders(SETTING_WRITE, () => false)).toEqual([]);
  });

  it('the core calls a resolver only in the library entry points listed (the front ends resolve)', () => {
    const allowed = (path: string) =>
      isEdge(path) || RESOLVERS.includes(path) || LIBRARY_ENTRIES_THAT_RESOLVE.includes(path);
    const offenders = settingOffenders(RESOLVER_CALL, allowed);
    expect(offenders).toEqual([]);
    // The list only shrinks: an entry that no longer resolves is taken off it.
    const stale = LIBRARY_ENTRIES_THAT_RESOLVE.filter(
      (path) => [...codeOf(readFileSync(join(SRC, path), 'utf8')).matchAll(RESOLVER_CALL)].length === 0,
    );
    expect(stale).toEqual([]);
  });

  it('finds the reads, writes and calls it refuses (the scan has not gone blind)', () => {
    const found = (pattern: RegExp, code: string) => [...codeOf(code).matchAll(pattern)].length;
    expect(found(SETTING_READ, "if (env.RETRO_FORCE_TRANSCRIPT_S2 === '1') return;")).toBe(1);
    expect(found(SETTING_READ, 'const raw = options.env?.RETRO_GATE_PROFILE ?? "";')).toBe(1);
    expect(found(SETTING_READ, "const raw = process.env['RETRO_THRESHOLD'];")).toBe(1);
    expect(found(SETTING_READ, 'const { RETRO_THRESHOLD: raw } = io.env;')).toBe(1);
    expect(found(SETTING_READ, 'if (env.FRICTION_LEDGER) return;')).toBe(1);
    expect(found(SETTING_READ, 'const store = io.env.RETROSPECT_STORE?.trim();')).toBe(1);
    expect(found(SETTING_READ, "const url = process.env['AGENT_WEBHOOK_URL'];")).toBe(1);
    expect(found(SETTING_READ, 'const { RETROSPECT_NOW } = context.env;')).toBe(1);
    expect(found(SETTING_READ, 'const home = env.CODEX_HOME ?? env.HOME;')).toBe(0);
    expect(
      found(SETTING_READ, "// env.RETRO_THRESHOLD in a comment\nconst a = 'RETRO_THRESHOLD, else 5';"),
    ).toBe(0);
    expect(found(SETTING_WRITE, '{ ...env, RETRO_GATE_PROFILE: profile }')).toBe(1);
    expect(found(SETTING_WRITE, "const env = force ? { RETRO_FORCE_TRANSCRIPT_S2: '1' } : {};")).toBe(1);
    expect(found(SETTING_WRITE, '{ ...io.env, RETROSPECT_PROVIDER: name }')).toBe(1);
    expect(found(SETTING_WRITE, "warning: `invalid RETRO_GATE_PROFILE 'seedy'`")).toBe(0);
    expect(found(RESOLVER_CALL, 'const where = join(dataDir(env), "x");')).toBe(1);
    expect(found(RESOLVER_CALL, 'const s = resolveStoreSettings(options.env);')).toBe(1);
    expect(found(RESOLVER_CALL, 'const s = options.dataDir;')).toBe(0);
  });
});

/** The text of every `throw new X(...)` in `code`, parentheses balanced. */
function thrownExpressions(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/throw new \w+\(/g)) {
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    while (depth > 0 && end < code.length) {
      if (code[end] === '(') depth++;
      else if (code[end] === ')') depth--;
      end++;
    }
    found.push(code.slice(match.index, end));
  }
  return found;
}

/** Core files whose errors still name a flag (each an open item: move the words to the adapters). */
const FLAG_WORDS_LEFT: string[] = [];

describe('the core words no flag', () => {
  it('no error thrown outside cli/ and mcp/ names a command-line flag (adapters word coded errors)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const path = toPosix(relative(SRC, file));
      if (['cli', 'mcp'].includes(folderOf(path)) || isTest(path) || FLAG_WORDS_LEFT.includes(path)) continue;
      for (const thrown of thrownExpressions(readFileSync(file, 'utf8'))) {
        if (/(^|[\s'"`(/])--[a-z]/.test(thrown))
          offenders.push(`${path}: ${thrown.replace(/\s+/g, ' ').slice(0, 120)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('leaves import nothing of ours', () => {
  it.each([
    ['errors/', (path: string) => path.startsWith('errors/')],
    ['rules/trial-comment.ts', (path: string) => path === 'rules/trial-comment.ts'],
    ['clock/', (path: string) => path.startsWith('clock/')],
    ['arrays/', (path: string) => path.startsWith('arrays/')],
  ])('%s', (_name, isLeaf) => {
    const wrong = EDGES.filter(
      (e) => isLeaf(e.from) && !isTest(e.from) && folderOf(e.to) !== 'errors' && !isLeaf(e.to),
    );
    expect(show(wrong)).toEqual([]);
  });
});

describe('one place per concern', () => {
  it('no host folder under transcript/ imports another host (shared grammars sit in shared files)', () => {
    const hosts = readdirSync(join(SRC, 'transcript'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const hostOf = (path: string) => {
      const [top, host] = path.split('/');
      return top === 'transcript' && host && hosts.includes(host) ? host : undefined;
    };
    const wrong = EDGES.filter((e) => {
      const [a, b] = [hostOf(e.from), hostOf(e.to)];
      return a !== undefined && b !== undefined && a !== b;
    });
    expect(hosts).toContain('codex');
    expect(show(wrong)).toEqual([]);
  });

  it("every folder under transcript/ is one host's (its adapter.ts); a host's own readers sit inside it", () => {
    const folders = readdirSync(join(SRC, 'transcript'), { withFileTypes: true }).filter((e) =>
      e.isDirectory(),
    );
    const notHosts = folders
      .map((e) => e.name)
      .filter((name) => !existsSync(join(SRC, 'transcript', name, 'adapter.ts')));
    expect(notHosts).toEqual([]);
    expect(existsSync(join(SRC, 'transcript', 'claude', 'fast', 'read.ts'))).toBe(true);
  });

  it('every folder under transcript/ is named in its README, and every file the guide names exists', () => {
    const guide = readFileSync(join(SRC, 'transcript', 'README.md'), 'utf8');
    const folders = readdirSync(join(SRC, 'transcript'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders).toContain('claude');
    expect(folders.filter((name) => !guide.includes(`- \`${name}/\``))).toEqual([]);
    // The paths the steps name (`src/…`, `test/…`, `eval/…`, `docs/…`), placeholders (`acme`, `<…>`) aside.
    const named = [...guide.matchAll(/`((?:src|test|eval|docs)\/[^`\s]+)`/g)]
      .map((match) => match[1] ?? '')
      .filter((path) => !path.includes('acme') && !path.includes('<') && !path.includes('…'));
    expect(named.length).toBeGreaterThan(20);
    const repo = resolve(SRC, '..');
    expect(named.filter((path) => !existsSync(join(repo, path)))).toEqual([]);
  });

  it('option resolution of scan (scan/options.ts) serves the scan and its adapters only (tests may check it)', () => {
    const allowed = new Set(['scan', 'cli', 'mcp']);
    const wrong = EDGES.filter(
      (e) => e.to === 'scan/options.js' && !allowed.has(folderOf(e.from)) && !isTest(e.from),
    );
    expect(show(wrong)).toEqual([]);
  });

  it('the rule writers (rules/) do not import the trials (trial/); the trial comment is a leaf both use', () => {
    const wrong = EDGES.filter((e) => folderOf(e.from) === 'rules' && folderOf(e.to) === 'trial');
    expect(show(wrong)).toEqual([]);
  });
});

/**
 * Cycles between folders the code still has, each with the edges that close it. A new cycle fails the test
 * below; so does a listed one that is gone (take it off the list).
 */
const KNOWN_CYCLES: string[][] = [];

function folderCycles(): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of EDGES) {
    if (isTest(from)) continue;
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a === b || a === '.' || b === '.') continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)?.add(b);
  }
  // Tarjan's strongly connected components: every component of more than one folder is a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles.sort((x, y) => x.join().localeCompare(y.join()));
}

describe('entry points', () => {
  it('every index.ts only re-exports (the logic lives in named files)', () => {
    const withLogic: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (!file.endsWith(`${'/'}index.ts`) && !file.endsWith('\\index.ts')) continue;
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+'[^']+';/g, '')
        .trim();
      if (code !== '') withLogic.push(toPosix(relative(SRC, file)));
    }
    expect(withLogic).toEqual([]);
  });
});

/**
 * The layers of docs/design/architecture.md, lowest first. A folder (or a file at the root of src/) may import
 * its own layer and the ones below, never one above; within a layer the cycle test keeps the imports one-way.
 * A new folder fails the test until it is given a layer here and in the diagram.
 */
const LAYERS: Record<string, readonly string[]> = {
  leaves: [
    'errors',
    'arrays',
    'clock',
    'ids',
    'paths',
    'safety',
    'fsx',
    'sqlite',
    'prompt',
    'git',
    'parameters',
    'version.ts',
  ],
  reading: ['transcript', 'ledger', 'jobs', 'llm'],
  analysis: ['gate', 'deepread', 'second-look', 'rules', 'sprint', 'walk', 'cost'],
  records: ['store', 'scan'],
  learning: ['trial', 'report', 'sessions', 'hooks', 'export'],
  orchestration: ['retro', 'schedule', 'experiment'],
  adapters: ['mcp', 'cli', 'plugin', 'index.ts'],
};
const RANK = new Map(
  Object.values(LAYERS).flatMap((units, rank) => units.map((unit) => [unit, rank] as const)),
);
const LAYER_NAMES = Object.keys(LAYERS);
/** A top-level folder, or the file itself for a file at the root of src/. */
const unitOf = (path: string) => (path.includes('/') ? folderOf(path) : path.replace(/\.js$/, '.ts'));

/** The sub-folder cycles the code still has, as `folder: a <-> b`; the list may only shrink. */
const KNOWN_SUBFOLDER_CYCLES: string[] = [];

/** Pairs of sub-folders of one top-level folder that import each other (the folder's own root files aside). */
function subfolderCycles(): string[] {
  const pairs = new Set<string>();
  for (const { from, to } of EDGES) {
    if (isTest(from)) continue;
    const [a, b] = [from.split('/'), to.split('/')];
    if (a.length < 3 || b.length < 3 || a[0] !== b[0] || a[1] === b[1]) continue;
    pairs.add(`${a[0]}: ${a[1]} -> ${b[1]}`);
  }
  const cycles = new Set<string>();
  for (const pair of pairs) {
    const [folder, edge] = pair.split(': ') as [string, string];
    const [x, y] = edge.split(' -> ') as [string, string];
    if (pairs.has(`${folder}: ${y} -> ${x}`)) cycles.add(`${folder}: ${[x, y].sort().join(' <-> ')}`);
  }
  return [...cycles].sort();
}

describe('the folders form layers', () => {
  it('every folder of src/ has a layer', () => {
    const unplaced = readdirSync(SRC, { withFileTypes: true })
      .filter((e) =>
        e.isDirectory() ? e.name !== 'test-support' : e.name.endsWith('.ts') && !isTest(e.name),
      )
      .map((e) => e.name)
      .filter((unit) => !RANK.has(unit));
    expect(unplaced).toEqual([]);
  });

  it('no import reaches a higher layer', () => {
    const upward: string[] = [];
    for (const { from, to } of EDGES) {
      const [a, b] = [RANK.get(unitOf(from)), RANK.get(unitOf(to))];
      if (isTest(from) || a === undefined || b === undefined || b <= a) continue;
      upward.push(`${from} (${LAYER_NAMES[a]}) -> ${to} (${LAYER_NAMES[b]})`);
    }
    expect(upward).toEqual([]);
  });

  it('no import cycle between folders beyond the known ones', () => {
    expect(folderCycles()).toEqual(KNOWN_CYCLES);
  });

  it('no two sub-folders of a folder import each other beyond the known ones', () => {
    expect(subfolderCycles()).toEqual(KNOWN_SUBFOLDER_CYCLES);
  });

  it('finds the edges it checks (the parser has not gone blind)', () => {
    expect(EDGES.length).toBeGreaterThan(1000);
    expect(EDGES).toContainEqual({ from: 'cli/main.ts', to: 'errors/errors.js' });
  });
});
