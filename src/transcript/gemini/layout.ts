import { readdirSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { readRegularText } from '../../fsx/read-regular.js';
import { projectFolderName } from '../../paths/data-dir.js';
import { isObject } from '../json-value.js';
import { readJsonObject } from '../records.js';
import { fileStat, homeOf, type SessionSource, walkFiles } from '../source.js';

/**
 * Where Gemini CLI keeps its chats: `<home>/.gemini/tmp/<project>/chats/`, the home being
 * `$GEMINI_CLI_HOME` when set, else the user's. `<project>` was the sha256 of the project's folder until
 * February 2026, and is now a short name listed in `~/.gemini/projects.json`, with the folder written in
 * `<project>/.project_root`. A main session is `session-<time>-<id8>.json` (legacy, one object) or
 * `.jsonl` (0.39+; a resumed legacy file is migrated beside it); a sub-agent's is
 * `chats/<parent session id>/<id>.json[l]`. Checkpoints, logs and tool outputs are not chats.
 */
export function geminiHomes(env: NodeJS.ProcessEnv): string[] {
  return [join(env.GEMINI_CLI_HOME || homeOf(env), '.gemini')];
}

function isChatName(name: string): boolean {
  return name.endsWith('.json') || name.endsWith('.jsonl');
}

/** Whether a path lies in a `chats/` folder of a Gemini project (a session or a sub-agent's file). */
export function isGeminiChatPath(path: string): boolean {
  // No `chats` in the path, no `chats` part: a scan asks this of every file, so no split then.
  if (!path.includes('chats')) return false;
  const parts = path.split(sep);
  const chats = parts.lastIndexOf('chats');
  if (chats < 0 || !isChatName(basename(path))) return false;
  const depth = parts.length - 1 - chats;
  if (depth === 1) return basename(path).startsWith('session-');
  return depth === 2;
}

function readText(path: string): string | undefined {
  try {
    return readRegularText(path);
  } catch {
    return undefined;
  }
}

/** node:crypto loads on the first Gemini project name only: every `gate` and `scan` imports this module. */
function sha256(text: string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex');
}

/**
 * The project folders Gemini CLI knows, by the name of their directory under `tmp/`: the short names
 * `projects.json` lists (the other way round in the file), and the sha256 of each folder it lists or a
 * project directory's `.project_root` names, which is what the directory was called before February 2026.
 * A project worked on before and after the change has chats in both, and both are the same project.
 */
function projectsBySlug(geminiDir: string): Map<string, string> {
  const bySlug = new Map<string, string>();
  const folders = new Set<string>();
  const registry = readJsonObject(readText(join(geminiDir, 'projects.json')) ?? '');
  if (registry && isObject(registry.projects)) {
    for (const [folder, slug] of Object.entries(registry.projects)) {
      folders.add(folder);
      if (typeof slug === 'string') bySlug.set(slug, folder);
    }
  }
  let names: string[] = [];
  try {
    names = readdirSync(join(geminiDir, 'tmp'));
  } catch {
    // no tmp/: no chats either
  }
  for (const name of names) {
    const written = readText(join(geminiDir, 'tmp', name, '.project_root'))?.trim();
    if (written) folders.add(written);
  }
  for (const folder of folders) if (!bySlug.has(sha256(folder))) bySlug.set(sha256(folder), folder);
  return bySlug;
}

/**
 * The folder a Gemini project directory stands for: its `.project_root`, else the `projects.json` entry
 * for its name, else the known folder whose sha256 names it (an older directory); undefined for a hash no
 * known folder has.
 */
function geminiProjectRoot(projectDir: string, registry?: Map<string, string>): string | undefined {
  const written = readText(join(projectDir, '.project_root'))?.trim();
  if (written) return written;
  return (registry ?? projectsBySlug(dirname(dirname(projectDir)))).get(basename(projectDir));
}

/**
 * Every chat under `root`: a Gemini home (`.gemini`), its `tmp/`, a project directory, a `chats/` folder or
 * a chat file. A `.json` chat that was migrated to `.jsonl` is read from the `.jsonl` only.
 */
export function discoverGemini(root: string): SessionSource[] {
  const one = fileStat(root);
  const files = (
    one ? [{ path: root, name: basename(root), ...one }] : walkFiles(root, isChatName, 6)
  ).filter((file) => isGeminiChatPath(file.path));
  const paths = new Set(files.map((file) => file.path));
  const roots = new Map<string, string | undefined>();
  const registries = new Map<string, Map<string, string>>();
  const sources: SessionSource[] = [];
  for (const file of files) {
    if (file.path.endsWith('.json') && paths.has(`${file.path}l`)) continue;
    const parts = file.path.split(sep);
    const chats = parts.lastIndexOf('chats');
    const projectDir = parts.slice(0, chats).join(sep);
    if (!roots.has(projectDir)) {
      const geminiDir = dirname(dirname(projectDir));
      let registry = registries.get(geminiDir);
      if (!registry) {
        registry = projectsBySlug(geminiDir);
        registries.set(geminiDir, registry);
      }
      roots.set(projectDir, geminiProjectRoot(projectDir, registry));
    }
    const folder = roots.get(projectDir);
    const nested = parts.length - 1 - chats === 2;
    sources.push({
      path: file.path,
      host: 'gemini',
      size: file.size,
      mtimeMs: file.mtimeMs,
      project: folder ? projectFolderName(folder) : '',
      parentFromPath: nested ? parts[chats + 1] : undefined,
      isSubagent: nested,
    });
  }
  return sources;
}

/** A legacy `.json` chat that Gemini migrated to `.jsonl` on resume is read from the `.jsonl` only. */
export function uniqueChats(sources: SessionSource[]): SessionSource[] {
  const paths = new Set(sources.map((source) => source.path));
  return sources.filter((source) => !(source.path.endsWith('.json') && paths.has(`${source.path}l`)));
}
