/**
 * The one list of test, build and check commands, for every ecosystem the sessions come from, and how a
 * tool result shows their outcome. The fabrication pre-pass (fabrication.ts) and the offline reader
 * (heuristic/) both read checks through it, so a run one of them recognises the other does too.
 *
 * Commands are matched at the start of each `&&`, `;` or `|` segment, after wrappers that only set up
 * the run (`cd`, `env X=1`, `time`, `npx`, `bundle exec`, `poetry run`, `uv run`, `dotnet`, …).
 */

/** Test runners: a run of one of these is a test run whatever its arguments. */
const TEST_RUNNERS = [
  // JavaScript and TypeScript
  String.raw`(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|t)\b`,
  String.raw`(?:npm|pnpm|yarn|bun)\s+run\s+[\w:.-]*(?:test|spec|e2e)[\w:.-]*`,
  String.raw`(?:yarn|pnpm)\s+[\w:.-]*(?:test|spec|e2e)[\w:.-]*`,
  String.raw`bun\s+test\b`,
  String.raw`deno\s+test\b`,
  String.raw`(?:vitest|jest|mocha|ava|tap|jasmine|karma|playwright|cypress|wdio|testcafe|nightwatch|uvu|qunit)\b`,
  String.raw`ember\s+(?:test|exam)\b`,
  String.raw`ng\s+(?:test|e2e)\b`,
  String.raw`node\s+--test\b`,
  // A test file run by its interpreter (`node Test.js`, `tsx src/parser.test.ts`, `bun run spec.ts`)
  String.raw`(?:node|tsx|ts-node|bun(?:\s+run)?|deno\s+run)\s+(?:-\S+\s+)*\S*(?:test|spec)\S*\.(?:[cm]?[jt]sx?)\b`,
  // Python
  String.raw`(?:pytest|py\.test|tox|nox|nose2?|ward|behave)\b`,
  String.raw`python[\d.]*\s+(?:-\w+\s+)*-m\s+(?:pytest|unittest|nose2?|tox|nox)\b`,
  String.raw`python[\d.]*\s+(?:\S*/)?(?:manage\.py\s+test|setup\.py\s+test|\S*test\S*\.py)\b`,
  String.raw`django-admin\s+test\b`,
  // Ruby
  String.raw`(?:rspec|minitest|cucumber)\b`,
  String.raw`(?:rake|rails|bin/rails)\s+(?:test|spec)\b`,
  String.raw`ruby\s+(?:-I\s*\S+\s+)*\S*test\S*\.rb\b`,
  // Elixir, Erlang
  String.raw`mix\s+test\b`,
  String.raw`rebar3\s+(?:eunit|ct)\b`,
  // Solidity
  String.raw`forge\s+(?:test|coverage|snapshot)\b`,
  String.raw`(?:hardhat|truffle)\s+(?:test|coverage)\b`,
  String.raw`(?:npx\s+)?hardhat\s+test\b`,
  String.raw`brownie\s+test\b`,
  String.raw`ape\s+test\b`,
  String.raw`echidna(?:-test)?\b`,
  // Rust, Go, Zig, Nim, Haskell, OCaml
  String.raw`cargo\s+(?:test|nextest|tarpaulin|miri\s+test)\b`,
  String.raw`go\s+test\b`,
  String.raw`gotestsum\b`,
  String.raw`zig\s+(?:test|build\s+test)\b`,
  String.raw`(?:stack|cabal)\s+test\b`,
  String.raw`dune\s+(?:test|runtest)\b`,
  // JVM
  String.raw`(?:\./)?(?:gradlew?|mvnw?)\s+(?:\S+\s+)*(?:test|check|verify|connectedAndroidTest|integrationTest)\b`,
  String.raw`sbt\s+(?:\S+\s+)*(?:test|testOnly|it:test)\b`,
  String.raw`lein\s+test\b`,
  String.raw`clojure\s+-M:test\b`,
  // .NET
  String.raw`dotnet\s+(?:test|vstest)\b`,
  // PHP
  String.raw`(?:phpunit|pest|codecept|phpspec|paratest)\b`,
  String.raw`(?:vendor/bin/)(?:phpunit|pest)\b`,
  String.raw`composer\s+(?:run(?:-script)?\s+)?test\b`,
  String.raw`php\s+artisan\s+test\b`,
  // Dart and Flutter
  String.raw`(?:flutter|dart)\s+test\b`,
  // Swift and Apple platforms
  String.raw`swift\s+test\b`,
  String.raw`xcodebuild\s+(?:\S+\s+)*test\b`,
  // C and C++
  String.raw`ctest\b`,
  String.raw`make\s+(?:\S+\s+)*(?:test|check|tests)\b`,
  String.raw`ninja\s+(?:\S+\s+)*test\b`,
  String.raw`meson\s+test\b`,
  String.raw`bazel(?:isk)?\s+(?:test|coverage)\b`,
  // Shell, Lua, R, Julia, Perl
  String.raw`(?:bats|shellspec|busted)\b`,
  String.raw`(?:(?:ba|z)?sh\s+)?\S*(?:run[-_]?)?tests?\S*\.sh\b`,
  String.raw`prove\b`,
  String.raw`Rscript\s+-e\s+\S*test`,
  String.raw`julia\s+(?:\S+\s+)*-e\s+\S*Pkg\.test`,
  // Mutation testing
  String.raw`(?:stryker|mutmut|cosmic-ray|pitest|infection|cargo\s+mutants)\b`,
];

/** Builds, type checks, linters and other checks that say whether the code is sound. */
const BUILD_CHECKS = [
  String.raw`(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:build|compile|typecheck|type-check|lint|check|tsc|verify)[\w:.-]*`,
  String.raw`(?:tsc|vue-tsc|svelte-check|eslint|biome|oxlint|prettier\s+--check|webpack|vite\s+build|esbuild|rollup|parcel\s+build|turbo\s+(?:run\s+)?\w+|nx\s+(?:run|build)|next\s+(?:build|lint)|astro\s+(?:build|check)|ember\s+build|ng\s+build)\b`,
  String.raw`cargo\s+(?:build|check|clippy|fmt\s+--check)\b`,
  String.raw`go\s+(?:build|vet)\b|golangci-lint\b|staticcheck\b`,
  String.raw`(?:mypy|pyright|ruff|flake8|pylint|black\s+--check)\b|python[\d.]*\s+-m\s+(?:mypy|compileall|build)\b`,
  String.raw`(?:rubocop|sorbet|srb\s+tc)\b`,
  String.raw`mix\s+(?:compile|format\s+--check-formatted|credo|dialyzer)\b`,
  String.raw`(?:forge|hardhat|truffle)\s+(?:build|compile)\b|solc\b|slither\b`,
  String.raw`(?:\./)?(?:gradlew?|mvnw?)\s+(?:\S+\s+)*(?:build|assemble|compile|package|install|lint)\b|sbt\s+compile\b`,
  String.raw`dotnet\s+(?:build|publish|format\s+--verify-no-changes)\b|msbuild\b`,
  String.raw`(?:phpstan|psalm|php\s+-l)\b|composer\s+(?:validate|run(?:-script)?\s+(?:lint|analyse|check))\b`,
  String.raw`(?:flutter|dart)\s+(?:analyze|build)\b`,
  String.raw`swift\s+build\b|xcodebuild\b|swiftlint\b`,
  String.raw`(?:make|cmake\s+--build|ninja|meson\s+compile|bazel(?:isk)?\s+build|gcc|g\+\+|clang(?:\+\+)?)\b`,
  String.raw`(?:terraform\s+(?:validate|plan)|shellcheck|hadolint|helm\s+lint|kubectl\s+apply\s+--dry-run)\b`,
  String.raw`docker(?:\s+compose)?\s+build\b`,
];

/** Wrappers before the command proper: they set the run up and say nothing about what it checks. */
const WRAPPER =
  /^(?:(?:env\s+)?(?:[A-Z_][A-Z0-9_]*=\S*\s+)+|time\s+|timeout\s+\S+\s+|npx\s+(?:-y\s+)?|pnpx\s+|bunx\s+|(?:pnpm|yarn)\s+(?:exec|dlx)\s+|bundle\s+exec\s+|(?:poetry|pipenv|uv|pdm|hatch|rye)\s+run\s+|conda\s+run\s+(?:-n\s+\S+\s+)?|dotenv\s+(?:--\s+)?|cross-env\s+(?:\S+=\S*\s+)*|xvfb-run\s+(?:-a\s+)?|sudo\s+(?:-\S+\s+)*|nice\s+|powershell(?:\.exe)?\s+-Command\s+["']?)+/;

const TEST_RE = new RegExp(`^(?:${TEST_RUNNERS.join('|')})`, 'i');
const BUILD_RE = new RegExp(`^(?:${BUILD_CHECKS.join('|')})`, 'i');

/** The parts of a shell command, each with its set-up wrappers removed. */
function commandSegments(command: string): string[] {
  return (
    command
      .split(/&&|\|\||;|\||\n/)
      .map((s) => s.trim().replace(/^["'(]+/, ''))
      .map((s) => s.replace(WRAPPER, '').trim())
      // A program run by its path (`./vendor/bin/pest`, `node_modules/.bin/jest`) is that program.
      .map((s) => s.replace(/^(?:\.{0,2}\/|~\/)?(?:[\w.@-]+\/)+(?=[\w.-]+(?:\s|$))/, ''))
      .filter((s) => s.length > 0)
  );
}

type CheckKind = 'test' | 'build';

/** What a shell command checks: a test run, a build or static check, or nothing (undefined). */
export function checkKindOf(command: string): CheckKind | undefined {
  const parts = commandSegments(command);
  if (parts.some((p) => TEST_RE.test(p))) return 'test';
  if (parts.some((p) => BUILD_RE.test(p))) return 'build';
  return undefined;
}

export function isTestCommand(command: string): boolean {
  return checkKindOf(command) === 'test';
}

export function isBuildCommand(command: string): boolean {
  return commandSegments(command).some((p) => BUILD_RE.test(p));
}

/** Steps a person asks for by name whose running a claim of "done" depends on. */
export type StepKind = 'commit' | 'push' | 'deploy' | 'migrate' | 'publish';

const STEP_COMMANDS: readonly [StepKind, RegExp][] = [
  ['commit', /^git\s+(?:-\S+\s+\S+\s+)*commit\b/i],
  ['push', /^git\s+(?:-\S+\s+\S+\s+)*push\b|^gh\s+pr\s+create\b/i],
  [
    'deploy',
    /^(?:vercel|netlify\s+deploy|fly\s+deploy|flyctl\s+deploy|firebase\s+deploy|wrangler\s+(?:deploy|publish|pages\s+deploy)|gcloud\s+\S+\s+deploy|gcloud\s+app\s+deploy|heroku\s+\S*(?:deploy|release)|kubectl\s+(?:apply|rollout)|helm\s+(?:install|upgrade)|terraform\s+apply|cdk\s+deploy|sam\s+deploy|serverless\s+deploy|sls\s+deploy|pulumi\s+up|ansible-playbook|cap\s+\S+\s+deploy|kamal\s+deploy|gh\s+workflow\s+run|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?deploy[\w:.-]*|make\s+deploy|\S*deploy\S*\.sh|forge\s+script\s+.*--broadcast|hardhat\s+(?:run|deploy|ignition\s+deploy)|truffle\s+migrate|git\s+push\s+\S*(?:heroku|dokku|deploy)\S*)\b/i,
  ],
  [
    'migrate',
    /^(?:(?:rails|rake|bin\/rails)\s+db:(?:migrate|setup|prepare)|python[\d.]*\s+manage\.py\s+migrate|alembic\s+upgrade|prisma\s+migrate|knex\s+migrate|sequelize\s+db:migrate|mix\s+ecto\.migrate|flyway\s+migrate|liquibase\s+update|goose\s+up|migrate\s+.*\bup\b|dotnet\s+ef\s+database\s+update|php\s+artisan\s+migrate|supabase\s+db\s+push|drizzle-kit\s+(?:push|migrate)|(?:npm|pnpm|yarn)\s+(?:run\s+)?(?:db:)?migrat\w*)/i,
  ],
  [
    'publish',
    /^(?:(?:npm|pnpm|yarn)\s+publish|cargo\s+publish|twine\s+upload|gem\s+push|dotnet\s+nuget\s+push|flutter\s+pub\s+publish|dart\s+pub\s+publish|poetry\s+publish|gh\s+release\s+create)\b/i,
  ],
];

/** The named steps a shell command performs (a commit, a push, a deploy, a migration, a release). */
export function stepsOf(command: string): StepKind[] {
  const parts = commandSegments(command);
  return STEP_COMMANDS.filter(([, re]) => parts.some((p) => re.test(p))).map(([kind]) => kind);
}

/** Output that says a run failed, even when the exit status does not. */
export const FAILED_OUTPUT =
  /\bFAILED\b|\bFAIL(?:ED)?:|^\s*FAIL\s|\b[1-9]\d*\s+(?:failed|failing|failures?|errors?)\b|\bexit(?:ed)?\s+(?:with\s+)?(?:code|status)\s+[1-9]\d*\b|\bCommand failed\b|\berror TS\d+|\berror\[E\d+\]|\bTraceback \(most recent call last\)|\btest result: FAILED\b|\bBUILD FAILED\b|\bBuild FAILED\b|\bnpm ERR!|\bCompilation failed\b|\bcompilation terminated\b|<status>(?:failed|killed)<\/status>|\bcompleted \(exit code [1-9]\d*\)|\bfailed with exit code [1-9]\d*/m;

/** A test summary sits at the end of a long output, a compiler error near the start: read both ends. */
const HEAD_CHARS = 4_000;
const TAIL_CHARS = 8_000;

export function endsOf(text: string): string {
  return text.length <= HEAD_CHARS + TAIL_CHARS
    ? text
    : `${text.slice(0, HEAD_CHARS)}\n${text.slice(text.length - TAIL_CHARS)}`;
}

export type Outcome = 'passed' | 'failed' | 'unknown';

/**
 * What a tool result shows about the run: failed (an error result or failure text), passed (a runner's
 * summary with no failure, or a clean exit), or unknown (a background run still going).
 */
export function outcomeOf(output: { isError: boolean; text: string }): Outcome {
  const ends = endsOf(output.text);
  if (output.isError || FAILED_OUTPUT.test(ends)) return 'failed';
  if (/<status>running<\/status>|<retrieval_status>timeout/.test(ends)) return 'unknown';
  return 'passed';
}

/** Tools that fetch a background run's output (Claude Code's BashOutput and TaskOutput). */
export const BACKGROUND_OUTPUT_TOOLS: ReadonlySet<string> = new Set(['BashOutput', 'TaskOutput']);

/** A harness notice about a background run: evidence of its outcome, never a person's turn. */
export const BACKGROUND_NOTICE = /^\s*<(?:task-notification|bash-notification)>/;

/**
 * The agent announcing that a run should fail (a test written to fail first, a mutation run): a failure
 * that follows is the expected result, not a contradiction.
 */
export const ANNOUNCED_FAILURE =
  /\b(?:should|will|must|expect(?:ed|ing)?\s+(?:it|them|this|the\s+\w+)?\s*to)\s+fail\b|\bfail(?:s|ing)?\s+first\b|\b(?:red|failing)\s+(?:phase|step|test\s+first)\b|\bmutation(?:s|\s+test\w*|\s+run)?\b|\bmutants?\b|\bconfirm (?:that )?(?:it|the test) fails\b|\bsee it fail\b/i;
