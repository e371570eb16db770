import { readFileSync, renameSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/**
 * A bundle run as a script with V8's code cache kept between runs, the compiled code of every function the
 * last run used included.
 *
 * Node's own compile cache (22.1 and later) saves a module's code right after compiling it, before it
 * runs: only its top level is compiled then, so each run still compiles every function it calls (the
 * gate's reading, its patterns' builders, main()). A script's cache made after the run holds those too,
 * and works on Node 20, which has no compile cache at all.
 *
 * The bundle is CommonJS-shaped (scripts/bundle-commands.mjs): its imports of the modules that must stay
 * one instance per process (the error classes, the output guard) are `require(specifier)` calls answered
 * from `shared`, any other one (Node's own modules) by Node's require; its dynamic imports are
 * `__import(specifier)`, answered by `import()` relative to the bundle. Its first line names its build
 * (`// build <digest>`), and the cache is used only for the same build, Node version and architecture;
 * V8 refuses a cache made with other flags and the bundle is then compiled from its source, as without one.
 */
export interface CachedScriptOptions {
  /** The bundle. */
  file: URL;
  /** Module namespaces by the specifier the bundle requires them with. */
  shared: Readonly<Record<string, unknown>>;
  /** A private folder of this user to keep the cache in (compile-cache.ts); undefined: no cache. */
  folder: string | undefined;
}

export interface CachedScript<T> {
  /** What the bundle exports. */
  exports: T;
  /** Whether the code came from the cache (V8 accepted it). */
  fromCache: boolean;
  /**
   * Writes the cache when there was none for this build or V8 refused it, with the code of every function
   * run so far; to be called once the command's work is done. Never fails: the cache only saves time. The
   * writer's modules load only then, not on the runs that find their cache.
   */
  save(): Promise<void>;
}

/** The first line of a bundle: `// build <digest>`. */
const BUILD_LINE = /^\/\/ build ([0-9a-f]{8,64})\n/;

function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** The cached code in `file` when its header line names `key`. */
function cachedCodeFor(file: Buffer | undefined, key: string): Buffer | undefined {
  if (file === undefined) return undefined;
  const header = Buffer.from(`${key}\n`);
  if (file.length <= header.length || !file.subarray(0, header.length).equals(header)) return undefined;
  return file.subarray(header.length);
}

export function runCachedScript<T>(options: CachedScriptOptions): CachedScript<T> {
  const filename = fileURLToPath(options.file);
  const source = readFileSync(filename, 'utf8');
  const build = BUILD_LINE.exec(source)?.[1];
  // The name is the bundle's: one cache file per bundle, replaced when the build or the Node changes.
  const cachePath =
    options.folder !== undefined && build !== undefined
      ? join(options.folder, `${filename.slice(dirname(filename).length + 1)}.cache`)
      : undefined;
  const key = `${build} ${process.version} ${process.arch} ${source.length}`;
  const cachedData = cachePath === undefined ? undefined : cachedCodeFor(readIfPresent(cachePath), key);
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname, __bundleUrl, __import) {${source}\n})`,
    { filename, cachedData },
  );
  const nodeRequire = createRequire(options.file);
  const shared = options.shared;
  const requireShared = (specifier: string): unknown =>
    Object.hasOwn(shared, specifier) ? shared[specifier] : nodeRequire(specifier);
  // A path is the bundle's neighbour; a package resolves from here as from the bundle (one package tree).
  const importRelative = (specifier: string): Promise<unknown> =>
    import(specifier.startsWith('.') ? new URL(specifier, options.file).href : specifier);
  const module = { exports: {} as T };
  script.runInThisContext()(
    module.exports,
    requireShared,
    module,
    filename,
    dirname(filename),
    options.file.href,
    importRelative,
  );
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  let saved = fromCache;
  return {
    exports: module.exports,
    fromCache,
    async save() {
      if (saved || cachePath === undefined) return;
      saved = true;
      const { tempPathFor, writeWhole } = await import('../fsx/atomic.js');
      const temp = tempPathFor(cachePath);
      try {
        writeWhole(temp, Buffer.concat([Buffer.from(`${key}\n`), script.createCachedData()]), 0o600);
        renameSync(temp, cachePath);
      } catch {
        try {
          unlinkSync(temp);
        } catch {
          // Never made, or already renamed.
        }
      }
    },
  };
}

/**
 * main() of a bundle of main() and one command (main-gate.cjs, main-scan.cjs), the cache written once the
 * command is done, when this run made it.
 */
export function cachedMain(
  bundle: CachedScript<{ main(argv: string[]): Promise<number> }>,
): (argv: string[]) => Promise<number> {
  return async (argv) => {
    try {
      return await bundle.exports.main(argv);
    } finally {
      await bundle.save();
    }
  };
}
