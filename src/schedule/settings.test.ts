import { describe, expect, it } from 'vitest';
import { resolveScheduleSettings } from './settings.js';

describe('resolveScheduleSettings', () => {
  it('reads AGENT_WEBHOOK_URL trimmed; unset or blank is no webhook', () => {
    expect(resolveScheduleSettings({ AGENT_WEBHOOK_URL: ' http://127.0.0.1:9/hook ' })).toEqual({
      webhookUrl: 'http://127.0.0.1:9/hook',
    });
    expect(resolveScheduleSettings({ AGENT_WEBHOOK_URL: '   ' })).toEqual({});
    expect(resolveScheduleSettings({})).toEqual({});
  });
});
