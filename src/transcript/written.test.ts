import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOSTS_HOME, hostsHomeCopy } from '../test-support/hosts.js';
import { adapterFor } from './hosts.js';

const codexLint = join(
  HOSTS_HOME,
  '.codex/sessions/2025/12/20/rollout-2025-12-20T15-00-00-019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff.jsonl',
);
const geminiChat = join(HOSTS_HOME, '.gemini/tmp/shop/chats/session-2026-06-08T18-27-2cbc6e5f.jsonl');
const copilotFlat = join(HOSTS_HOME, '.copilot/session-state/27d7ef99-f7c7-43eb-8599-cb469623c8f7.jsonl');

describe('readSessionEdits of other hosts (walk provenance)', () => {
  it('splits a Codex apply_patch into one write per file, each hunk a piece, paths from the session folder', () => {
    const edits = adapterFor(codexLint).readSessionEdits(codexLint);
    expect(edits.sessionId).toBe('019b3c2a-77aa-7bbb-8ccc-ddddeeeeffff');
    expect(edits.cwd).toBe('/home/ada/shop');
    expect(edits.edits.map((edit) => [edit.tool, edit.filePath, edit.callId])).toEqual([
      ['apply_patch', '/home/ada/shop/AGENTS.md', 'call_77b'],
      ['apply_patch', '/home/ada/shop/src/tax.ts', 'call_77e'],
      ['apply_patch', '/home/ada/shop/src/cart.ts', 'call_77e'],
    ]);
    // An added file is new: it replaced nothing.
    expect(edits.edits[0]?.pieces).toEqual([
      { before: '', after: '# Contributor guide\n\nRun `npm test` before you push.' },
    ]);
    expect(edits.edits[1]?.pieces).toEqual([{ before: '  console.log(rate);', after: '  return rate;' }]);
    // The AGENTS.md request was Codex's /init expansion, not typed; the lint fix answers the typed prompt.
    expect(edits.edits[0]?.promptIndex).toBe(-1);
    expect(edits.prompts[edits.edits[1]!.promptIndex]?.text).toBe(
      'also run the linter and fix what it finds',
    );
  });

  it("takes a Gemini replace's strings, and only the calls that succeeded (not one the policy denied)", () => {
    const edits = adapterFor(geminiChat).readSessionEdits(geminiChat);
    expect(edits.edits).toHaveLength(1);
    expect(edits.edits[0]).toMatchObject({
      tool: 'replace',
      filePath: '/home/ada/shop/src/filters/price.ts',
      pieces: [{ before: 'parseInt(s, 10)', after: 'Number.parseFloat(s)' }],
    });
  });

  it("takes a Copilot create's whole text as a new file", () => {
    const edits = adapterFor(copilotFlat).readSessionEdits(copilotFlat);
    expect(edits.edits.map((edit) => [edit.tool, edit.filePath])).toEqual([
      ['create', '/home/ada/bin/backup.sh'],
    ]);
    expect(edits.edits[0]?.pieces[0]?.before).toBe('');
    expect(edits.edits[0]?.pieces[0]?.after.length).toBeGreaterThan(0);
  });

  it('reads an OpenCode session row: write, edit and apply_patch', () => {
    const { home, opencode } = hostsHomeCopy();
    const row = join(home, '.local/share/opencode/opencode.db', opencode.main);
    const edits = adapterFor(row).readSessionEdits(row);
    expect(edits.edits.map((edit) => [edit.tool, edit.filePath.split('/').pop()])).toEqual([
      ['write', 'index.html'],
      ['edit', 'index.html'],
      ['apply_patch', 'main.js'],
      ['apply_patch', 'index.html'],
    ]);
    expect(edits.edits.every((edit) => edit.pieces.length > 0)).toBe(true);
  });
});
