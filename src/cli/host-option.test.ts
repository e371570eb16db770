import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/errors.js';
import { HOST_ADAPTERS } from '../transcript/hosts.js';
import { HOST_NAMES } from '../transcript/types.js';
import { hostOption } from './host-option.js';

describe('--host', () => {
  it('takes stored names and the aliases each host adapter carries, repeated or comma-separated', () => {
    expect(hostOption(['claude,Gemini-CLI', ' copilot-cli ', 'codex', 'claude-code'])).toEqual([
      'claude-code',
      'gemini',
      'copilot',
      'codex',
    ]);
    expect(hostOption(undefined)).toBeUndefined();
    expect(hostOption([' , '])).toBeUndefined();
  });

  it('reads every alias from its adapter, and no alias is another host’s name or alias', () => {
    const words = HOST_ADAPTERS.flatMap((adapter) => [adapter.name, ...(adapter.aliases ?? [])]);
    expect(new Set(words).size).toBe(words.length);
    for (const adapter of HOST_ADAPTERS)
      for (const alias of adapter.aliases ?? []) expect(hostOption([alias])).toEqual([adapter.name]);
  });

  it('refuses an unknown name, listing the known ones', () => {
    expect(() => hostOption(['claude,cursor'])).toThrow(UsageError);
    expect(() => hostOption(['constructor'])).toThrow(
      `--host takes ${HOST_NAMES.join(', ')} (got 'constructor')`,
    );
  });
});
