import { describe, expect, it } from 'vitest';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, isRetryableStatus, retryAfterMs } from './retry.js';

describe('retry policy', () => {
  it('reads retry-after-ms, retry-after seconds and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '1.5' }))).toBe(1500);
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 29 Nov 2026 12:00:07 GMT' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });

  it('grows the backoff ceiling exponentially up to the maximum, with full jitter', () => {
    const top = () => 0.999999;
    expect(backoffDelayMs(0, DEFAULT_RETRY_POLICY, top)).toBe(499);
    expect(backoffDelayMs(3, DEFAULT_RETRY_POLICY, top)).toBe(3999);
    expect(backoffDelayMs(10, DEFAULT_RETRY_POLICY, top)).toBe(19_999);
    expect(backoffDelayMs(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
  });

  it('retries rate limits and server errors, not client errors', () => {
    expect([429, 500, 502, 503, 529, 408].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });
});
