import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './temp-dir.js';

// Tests that need file permissions to hold run the CLI as another user (`nobody` when the tests run as
// root, who reads a file of mode 000). That user must reach the CLI and the test's files: a clone inside a
// private folder (a mkdtemp folder, a home of mode 700) is out of its reach, and so is a private TMPDIR.
// So the test's files go to the first temp folder the user can reach, and when the clone itself is out
// of reach the CLI runs from a copy there (bin/, dist/, the package's data and its runtime dependencies,
// hard-linked where the file system allows). Both are removed when the test file is done.

export interface RunAs {
  uid: number;
  gid: number;
}

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What the built CLI reads besides node_modules (the package's `files`, less docs). */
const PACKAGE_PARTS = ['bin', 'dist', 'examples', 'schemas', 'package.json', 'LICENSE'];

const made = new Set<string>();
let reachableCopy: string | undefined;

/** Removes the folders and the CLI copy made so far (each test file's afterAll, see clean-after-file.ts). */
export function removeReachableDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
  reachableCopy = undefined;
}

/**
 * Whether a process running as `user` (its uid and gid, no other groups: how spawn sets a user) may
 * enter every folder on the way to `path` and read it, by the mode bits the kernel checks.
 */
export function reachableBy(path: string, user: RunAs): boolean {
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    return false;
  }
  const allows = (at: string, bits: number): boolean => {
    const stat = statSync(at);
    const shift = stat.uid === user.uid ? 6 : stat.gid === user.gid ? 3 : 0;
    return ((stat.mode >> shift) & bits) === bits;
  };
  const { root } = parse(target);
  for (let at = dirname(target); ; at = dirname(at)) {
    if (!allows(at, 0o1)) return false;
    if (at === root) break;
  }
  return allows(target, statSync(target).isDirectory() ? 0o5 : 0o4);
}

/** The temp folders a user may reach, the system's own first. */
function reachableParents(user: RunAs): string[] {
  const candidates = [tmpdir(), '/tmp', '/var/tmp', '/dev/shm'];
  return [...new Set(candidates)].filter((dir) => existsSync(dir) && reachableBy(dir, user));
}

/**
 * A new folder (mode 700, as mkdtemp makes it) inside a temp folder `user` can reach, removed when the
 * test file is done; undefined when this machine has no such temp folder.
 */
export function reachableTempDir(user: RunAs, prefix = 'retrospect-test-'): string | undefined {
  const parent = reachableParents(user)[0];
  if (parent === undefined) return undefined;
  const dir = mkdtempSync(join(parent, prefix));
  made.add(dir);
  return dir;
}

/**
 * The CLI entry `user` can run: the clone's own bin/retrospect.js when the user reaches it, its
 * dependencies and Node, else one in a copy of the package made in a temp folder the user reaches (once
 * per test file); undefined when neither can be had (say why with whyUnreachable).
 */
export function binFor(user: RunAs): string | undefined {
  if (!reachableBy(process.execPath, user)) return undefined;
  const bin = join(REPO_ROOT, 'bin', 'retrospect.js');
  if (
    reachableBy(bin, user) &&
    reachableBy(join(REPO_ROOT, 'dist'), user) &&
    reachableBy(join(REPO_ROOT, 'node_modules'), user)
  )
    return bin;
  if (reachableCopy === undefined) {
    const dir = reachableTempDir(user, 'retrospect-cli-copy-');
    if (dir === undefined) return undefined;
    copyPackage(REPO_ROOT, dir);
    reachableCopy = dir;
  }
  return join(reachableCopy, 'bin', 'retrospect.js');
}

/** Why binFor found nothing, for a test that skips. */
export function whyUnreachable(user: RunAs): string {
  if (!reachableBy(process.execPath, user)) return `uid ${user.uid} cannot run Node at ${process.execPath}`;
  return `uid ${user.uid} reaches neither this clone nor any temp folder (${tmpdir()}, /tmp, /var/tmp, /dev/shm)`;
}

/** Copies the parts of the package the CLI reads, and the runtime dependencies, into `target` (mode 755). */
function copyPackage(root: string, target: string): void {
  // mkdtemp made it 700; the user must enter it.
  enterableFolder(target);
  enterableFolder(join(target, 'node_modules'));
  for (const part of PACKAGE_PARTS) {
    const from = join(root, part);
    if (existsSync(from)) linkTree(from, join(target, part));
  }
  for (const name of runtimeDependencies(root)) {
    linkTree(join(root, 'node_modules', name), join(target, 'node_modules', name));
  }
}

/** The packages the built CLI may load: dependencies, optional ones, and theirs, found in node_modules. */
function runtimeDependencies(root: string): string[] {
  const seen = new Set<string>();
  const queue = namesIn(join(root, 'package.json'));
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name)) continue;
    const manifest = join(root, 'node_modules', name, 'package.json');
    if (!existsSync(manifest)) continue;
    seen.add(name);
    queue.push(...namesIn(manifest));
  }
  return [...seen];
}

function namesIn(manifest: string): string[] {
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  return [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ];
}

/** Recreates `from` at `to`: folders made (755), files hard-linked (copied across file systems), links kept. */
function linkTree(from: string, to: string): void {
  const source = realpathSync(from);
  const stat = statSync(source);
  if (!stat.isDirectory()) {
    enterableFolder(dirname(to));
    linkOrCopy(source, to);
    return;
  }
  enterableFolder(to);
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const a = join(source, entry.name);
    const b = join(to, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(a), b);
    else if (entry.isDirectory()) linkTree(a, b);
    else if (entry.isFile()) linkOrCopy(a, b);
  }
}

/** A folder anyone may enter and list (mode 755 whatever the umask). */
function enterableFolder(path: string): void {
  mkdirSync(path, { recursive: true });
  chmodSync(path, 0o755);
}

/** A link shares the file's mode: a file only its owner reads (a clone made under umask 077) is copied, readable. */
function linkOrCopy(from: string, to: string): void {
  const mode = statSync(from).mode & 0o777;
  if ((mode & 0o444) === 0o444) {
    try {
      linkSync(from, to);
      return;
    } catch {
      // Another file system: copied below.
    }
  }
  copyFileSync(from, to);
  chmodSync(to, mode | 0o444);
}

/**
 * A test's folder for files a CLI run as `user` must reach: tempDir's when there is no other user, else
 * reachableTempDir's; undefined when no temp folder is open to that user (the test then skips, saying so).
 */
export function folderFor(user: RunAs | undefined, prefix: string): string | undefined {
  return user === undefined ? tempDir(prefix) : reachableTempDir(user, prefix);
}
