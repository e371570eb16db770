import { describe, expect, it } from 'vitest';
import { classifyPath, pathStem } from './classify.js';

describe('classifyPath', () => {
  it.each([
    ['src/greeting.ts', 'code'],
    ['src/greeting.test.ts', 'test'],
    ['tests/test_orders.py', 'test'],
    ['src/main/java/OrderServiceTest.java', 'test'],
    ['docs/greeting.md', 'docs'],
    ['README.md', 'docs'],
    ['config/app.yaml', 'config'],
    ['package.json', 'config'],
    ['.gitignore', 'config'],
    ['vite.config.ts', 'config'],
    ['db/migrations/0002_orders.sql', 'migration'],
    ['schema.graphql', 'schema'],
    ['reports/verification-2026-11-02.md', 'evidence'],
    ['evidence/run-42.json', 'evidence'],
    ['lib/report/format.ts', 'code'],
    ['assets/logo.png', 'code'],
  ])('%s is %s', (path, role) => {
    expect(classifyPath(path)).toBe(role);
  });
});

describe('pathStem', () => {
  it('links code with its test and doc twins', () => {
    expect(pathStem('src/greeting.ts')).toBe('greeting');
    expect(pathStem('test/greeting.test.ts')).toBe('greeting');
    expect(pathStem('docs/greeting.md')).toBe('greeting');
    expect(pathStem('tests/test_orders.py')).toBe('orders');
    expect(pathStem('pkg/orders_test.go')).toBe('orders');
    expect(pathStem('src/OrderServiceTest.java')).toBe('orderservice');
    expect(pathStem('src/contest.ts')).toBe('contest');
    expect(pathStem('src/walk/index.ts')).toBe('walk');
  });
});
