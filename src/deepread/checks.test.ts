import { describe, expect, it } from 'vitest';
import { ANNOUNCED_FAILURE, checkKindOf, outcomeOf, stepsOf } from './checks.js';

describe('the check commands of every ecosystem', () => {
  it('tells test runs from builds, behind cd, env, npx, bundle exec and poetry run', () => {
    const tests = [
      'cd apps/core && mix test test/core_test.exs',
      'forge test -vvv',
      'npx hardhat test',
      'truffle test',
      'cargo nextest run',
      'go test ./...',
      'CI=1 pytest -q',
      'python -m unittest discover',
      'tox -e py312',
      'nox -s tests',
      'pnpm vitest run src/a.test.ts',
      'yarn test_webdb --grep=x',
      'npx playwright test',
      'npx cypress run',
      'bun test',
      './gradlew test',
      'mvn -q verify',
      'sbt testOnly a.B',
      'dotnet test',
      'vendor/bin/phpunit',
      './vendor/bin/pest',
      'composer test',
      'flutter test',
      'bundle exec rspec spec/a_spec.rb',
      'bin/rails test',
      'swift test',
      'ctest --output-on-failure',
      'make check',
      'poetry run pytest',
      'ember test --filter x',
      'cd sheets && node Test.js',
      'npx tsx src/parser.test.ts',
      'bash ./run_tests.sh',
    ];
    for (const command of tests) expect(checkKindOf(command), command).toBe('test');
    for (const command of ['npx tsc --noEmit', 'cargo clippy', 'mix compile', 'forge build', 'dotnet build'])
      expect(checkKindOf(command), command).toBe('build');
    for (const command of [
      'ls -la',
      'git status',
      'cat package.json',
      'echo test',
      'node server.js',
      'cat Test.js',
    ])
      expect(checkKindOf(command), command).toBeUndefined();
  });

  it('reads the outcome a result shows, background notices included', () => {
    expect(outcomeOf({ isError: false, text: 'Finished in 0.2 seconds\n12 tests, 0 failures' })).toBe(
      'passed',
    );
    expect(outcomeOf({ isError: false, text: '12 tests, 2 failures' })).toBe('failed');
    expect(outcomeOf({ isError: false, text: 'test result: FAILED. 3 passed; 1 failed' })).toBe('failed');
    expect(outcomeOf({ isError: true, text: 'Exit code 1' })).toBe('failed');
    expect(
      outcomeOf({ isError: false, text: '<task-notification><status>failed</status></task-notification>' }),
    ).toBe('failed');
    expect(outcomeOf({ isError: false, text: '<status>running</status><output>…</output>' })).toBe('unknown');
  });

  it('names the steps a command performs, and an announced failure', () => {
    expect(stepsOf('cd repo && git add . && git commit -m x && git push')).toEqual(['commit', 'push']);
    expect(stepsOf('npx wrangler deploy')).toEqual(['deploy']);
    expect(stepsOf('bin/rails db:migrate')).toEqual(['migrate']);
    expect(stepsOf('npm run build')).toEqual([]);
    expect(ANNOUNCED_FAILURE.test('This test should fail first.')).toBe(true);
    expect(ANNOUNCED_FAILURE.test('Running the mutation tests now.')).toBe(true);
    expect(ANNOUNCED_FAILURE.test('The tests pass.')).toBe(false);
  });
});
