/**
 * What a changed file is for, as far as its path tells. Grouping uses it: code ships with its tests and
 * docs, configuration/schema/migrations ship together, evidence (verification reports, receipts) stays apart.
 */
export type FileRole = 'code' | 'test' | 'docs' | 'config' | 'schema' | 'migration' | 'evidence';

const EVIDENCE_DIRS = new Set([
  'reports',
  'report',
  'evidence',
  'receipts',
  'verification',
  'review-reports',
]);
const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'e2e']);
const DOC_DIRS = new Set(['docs', 'doc', 'documentation']);
const CONFIG_DIRS = new Set([
  'config',
  'configs',
  '.github',
  '.circleci',
  'deploy',
  'k8s',
  'helm',
  'infra',
  '.husky',
]);
const MIGRATION_DIRS = new Set(['migrations', 'migration', 'migrate', 'alembic']);
const EVIDENCE_EXTENSIONS = /\.(md|txt|json|jsonl|html|pdf|log|xml|csv|sarif)$/i;
const DOC_EXTENSIONS = /\.(md|mdx|markdown|rst|adoc|txt)$/i;
const DOC_BASENAMES = /^(readme|changelog|contributing|license|notice|authors|security)(\.[a-z]+)?$/i;
const CONFIG_BASENAMES =
  /^(package(-lock)?\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|tsconfig[\w.-]*\.json|jsconfig\.json|biome\.jsonc?|dockerfile|containerfile|makefile|docker-compose[\w.-]*\.ya?ml|compose\.ya?ml|cargo\.(toml|lock)|go\.(mod|sum)|pyproject\.toml|setup\.(cfg|py)|requirements[\w.-]*\.txt|gemfile(\.lock)?|[\w.-]+\.config\.(js|cjs|mjs|ts|json))$/i;
const CONFIG_EXTENSIONS = /\.(toml|ini|cfg|conf|properties|env|ya?ml)$/i;
const SCHEMA_EXTENSIONS = /\.(sql|prisma|graphql|gql|proto|avsc|xsd)$/i;
const TEST_BASENAMES = /(\.|_)(test|spec)\.[^.]+$|^test_.+\.py$|(Test|Tests|Spec)\.(java|kt|cs|scala|swift)$/;

const roleCache = new Map<string, FileRole>();
const ROLE_CACHE_LIMIT = 100_000;

/** Classifies a repository-relative path (forward slashes); results are cached (grouping asks often). */
export function classifyPath(path: string): FileRole {
  let role = roleCache.get(path);
  if (role === undefined) {
    if (roleCache.size >= ROLE_CACHE_LIMIT) roleCache.clear();
    role = classifyUncached(path);
    roleCache.set(path, role);
  }
  return role;
}

function classifyUncached(path: string): FileRole {
  const segments = path.split('/');
  const base = segments[segments.length - 1] ?? path;
  const dirs = segments.slice(0, -1).map((s) => s.toLowerCase());
  // A `report/` folder of code is a feature, not evidence: only documents and data in it count.
  const evidenceDir = dirs.some((d) => EVIDENCE_DIRS.has(d)) && EVIDENCE_EXTENSIONS.test(base);
  if (evidenceDir || /(verification|validation)[-_.]?report|receipt/i.test(base)) return 'evidence';
  if (dirs.some((d) => MIGRATION_DIRS.has(d)) || (dirs.includes('db') && SCHEMA_EXTENSIONS.test(base))) {
    return 'migration';
  }
  if (TEST_BASENAMES.test(base) || dirs.some((d) => TEST_DIRS.has(d))) return 'test';
  if (SCHEMA_EXTENSIONS.test(base) || /(^|[-_.])schema\.(json|ya?ml)$/i.test(base)) return 'schema';
  if (DOC_BASENAMES.test(base) || dirs.some((d) => DOC_DIRS.has(d)) || DOC_EXTENSIONS.test(base))
    return 'docs';
  if (
    CONFIG_BASENAMES.test(base) ||
    dirs.some((d) => CONFIG_DIRS.has(d)) ||
    CONFIG_EXTENSIONS.test(base) ||
    (base.startsWith('.') && !base.slice(1).includes('.')) ||
    (dirs.length === 0 && base.endsWith('.json'))
  ) {
    return 'config';
  }
  return 'code';
}

/** The unit family a role belongs to. */
export function roleFamily(role: FileRole): 'code' | 'config' | 'evidence' {
  if (role === 'config' || role === 'schema' || role === 'migration') return 'config';
  if (role === 'evidence') return 'evidence';
  return 'code';
}

/**
 * The stem that links twins: `src/greeting.ts`, `test/greeting.test.ts` and `docs/greeting.md` all have
 * the stem `greeting`. Index files take their folder's name.
 */
export function pathStem(path: string): string {
  const segments = path.split('/');
  let base = segments[segments.length - 1] ?? path;
  const dot = base.indexOf('.', 1);
  if (dot > 0) base = base.slice(0, dot);
  base = base
    .replace(/^test_/, '')
    .replace(/(_test|_spec)$/, '')
    .replace(/(?<=[a-z0-9])(Tests?|Spec)$/, '');
  base = base.toLowerCase();
  if (['index', 'mod', '__init__', 'main'].includes(base) && segments.length > 1) {
    return (segments[segments.length - 2] ?? base).toLowerCase();
  }
  return base;
}
