import { describe, expect, it } from 'vitest';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { adapterFor } from '../../transcript/host.js';
import { readTranscriptEvents } from '../../transcript/read.js';
import type { TranscriptFacts, TurnEvent } from '../../transcript/types.js';
import { gateSessionSync } from '../index.js';

const REFUSAL =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

/** A session whose verdict depends on reading tool-error texts: a refusal and a parallel-call cascade. */
function session(): string {
  const t = new TranscriptBuilder();
  t.user('Read the configs and fix the port.');
  t.tool('Read', { file_path: '/srv/a.yml' });
  t.result('File does not exist.', true);
  t.result('<tool_use_error>Sibling tool call errored</tool_use_error>', true);
  t.tool('Edit', { file_path: '/srv/b.yml', old_string: 'port: 80', new_string: 'port: 8080' });
  t.result(REFUSAL, true);
  t.user('[Request interrupted by user for tool use]');
  t.user('the port is set in the env file, not in b.yml');
  t.assistant("You're right, it comes from .env.");
  return t.write();
}

type Read = (path: string, onEvent: (event: TurnEvent) => void) => TranscriptFacts;

function verdictWith(path: string, read?: Read) {
  const result = gateSessionSync(path, {
    profile: 'calibrated',
    env: {},
    ledgerPath: null,
    ...(read ? { read } : {}),
  });
  return { verdict: result.verdict, reasons: result.reasons };
}

describe('the calibrated profile on every reading path', () => {
  it("gives the gate command's verdict to the hook's event reader and to scan --reader plain", () => {
    const path = session();
    const direct = verdictWith(path);
    // The redirect after the refusal, conceded by the agent, counts twice (version 5).
    expect(direct.verdict.signals.map((s) => `${s.name}x${s.count}`)).toEqual(['S1x2']);
    const hook: Read = (file, onEvent) => adapterFor(file).readEvents(file, onEvent);
    expect(verdictWith(path, hook)).toEqual(direct);
    expect(verdictWith(path, readTranscriptEvents)).toEqual(direct);
  });

  it('reads the claim of success before a correction alike when the fast reader left that text undecoded', () => {
    const t = new TranscriptBuilder();
    t.user('Make the export write a header row.');
    t.assistant('Let me look at the exporter first.');
    t.tool('Edit', { file_path: '/app/export.py', old_string: 'rows', new_string: 'header + rows' });
    t.result('The file /app/export.py has been updated.');
    t.assistant(`${'The writer now emits the header before the rows. '.repeat(12)}Done.`);
    t.user('still broken, the header is missing');
    const path = t.write();
    const direct = verdictWith(path);
    expect(direct.verdict.signals.map((s) => `${s.name}x${s.count}`)).toEqual(['S1x2']);
    const hook: Read = (file, onEvent) => adapterFor(file).readEvents(file, onEvent);
    expect(verdictWith(path, hook)).toEqual(direct);
    expect(verdictWith(path, readTranscriptEvents)).toEqual(direct);
  });

  it('reads every error as a failure from a host that cannot tell refusals and cascades', () => {
    const path = session();
    const bare: Read = (file, onEvent) =>
      readTranscriptEvents(file, (event) => {
        if (event.kind === 'user') delete event.toolResultKinds;
        onEvent(event);
      });
    const { verdict } = verdictWith(path, bare);
    expect(verdict.signals.map((s) => `${s.name}x${s.count}`)).toEqual(['S1x2', 'S2x1']);
  });
});
