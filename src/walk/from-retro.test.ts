import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fabricationAnchorId } from '../deepread/fabrication.js';
import { InputError, UsageError } from '../errors/errors.js';
import { tempDir } from '../test-support/temp-dir.js';
import { TranscriptBuilder } from '../test-support/transcript.js';
import { ANCHOR_ORIGIN } from './comments/anchor-comment.js';
import { renderMarkdown } from './render/render.js';
import { validateJsonSchema } from './test-support/json-schema.js';
import { codeSpansOf, outsideCodeSpans } from './test-support/markdown.js';
import { createTestRepo, type TestRepo } from './test-support/repo.js';
import { type WalkOptions, walkChangeSet } from './walk.js';

const SCHEMA = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '..', '..', 'schemas', 'retrospective-walk.v0.1.0.schema.json'),
    'utf8',
  ),
);
const SESSION = '7d3e9b21-4c5a-4f60-8e1b-2a9c0d4e6f18';
const OLD_CART =
  'export function total(cents: number[]): number {\n  return cents.reduce((a, b) => a + b, 0);\n}\n';
const NEW_CART =
  'export function total(cents: number[]): number {\n  const sum = cents.reduce((a, b) => a + b, 0);\n  return Math.round(sum / 100) * 100;\n}\n';
const CLAIM = 'All tests pass and the rounding is fixed.';

let repo: TestRepo;
let transcript: string;
let anchorId: string;
const sha: Record<string, string> = {};
let env: NodeJS.ProcessEnv;
let noSessions: string;

/** Writes `<repo>/.claude/retro/anchors/<id>.json` as a retro saves it. */
function writeAnchor(id: string, fields: Record<string, unknown> = {}): string {
  const dir = join(repo.dir, '.claude', 'retro', 'anchors');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${id}.json`);
  const record = {
    anchor_id: id,
    session_id: SESSION,
    turn_id: TranscriptBuilder.id(5),
    fabricated_claim_text: CLAIM,
    evidence_for_fabrication: 'no test command ran after the Write of src/cart.ts',
    source_jsonl_path: transcript,
    created_at: '2026-10-02T08:00:00Z',
    ...fields,
  };
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
  return path;
}

const options = (extra: Partial<WalkOptions>): WalkOptions => ({
  mode: 'summary-only',
  cwd: repo.dir,
  env,
  sessionDirs: [noSessions],
  ...extra,
});

beforeAll(() => {
  env = { ...process.env, RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
  noSessions = tempDir('retrospect-no-sessions-');
  repo = createTestRepo();
  // The session runs on 2026-10-01 from 09:00:05 to 09:00:25 UTC (the builder's clock).
  const t = new TranscriptBuilder(SESSION);
  t.user('Round the cart total to whole euros');
  t.tool('Read', { file_path: `${repo.dir}/src/cart.ts` });
  t.result(OLD_CART);
  t.tool('Write', { file_path: `${repo.dir}/src/cart.ts`, content: NEW_CART });
  t.result('File written');
  t.assistant(CLAIM);
  transcript = join(tempDir('retrospect-session-'), `${SESSION}.jsonl`);
  writeFileSync(transcript, t.text());
  anchorId = fabricationAnchorId(SESSION, TranscriptBuilder.id(6), CLAIM);

  sha.start = repo.commit(
    'Start the shop',
    { 'src/cart.ts': OLD_CART, 'docs/shop.md': '# Shop\n' },
    '2026-09-30T12:00:00Z',
  );
  sha.docs = repo.commit(
    'Describe the shop',
    { 'docs/shop.md': '# Shop\n\nSells things.\n' },
    '2026-10-01T09:03:00Z',
  );
  sha.session = repo.commit('Round cart totals', { 'src/cart.ts': NEW_CART }, '2026-10-01T09:05:00Z');
  sha.later = repo.commit(
    'Cart: name the sum',
    { 'src/cart.ts': NEW_CART.replace('sum', 'subtotal').replace('sum /', 'subtotal /') },
    '2026-10-03T10:00:00Z',
  );
  writeAnchor(anchorId);
});

describe('walk --from-retro', () => {
  it("walks the commits of the anchor's session with the claim on top, as a comment and as an open question", async () => {
    const { document } = await walkChangeSet(options({ fromRetro: anchorId }));
    expect(document.scope).toBe('commit-range');
    expect(document.target).toBe(`--from-retro ${anchorId}`);
    // In the window: the session's commit and a docs commit; only the one that touched an edited file.
    expect(document.provenance_context.commits.map((c) => c.sha)).toEqual([sha.session]);
    expect(document.change_units.map((u) => u.files)).toEqual([['src/cart.ts']]);
    const unit = document.change_units[0]!;
    expect(unit.who_when).toContainEqual(
      expect.objectContaining({
        actor_type: 'agent',
        provenance: expect.stringContaining(`session ${SESSION}`),
      }),
    );
    expect(document.provenance_context.sessions).toEqual([
      { session_id: SESSION, models: ['claude-sonnet-4-5-20250929'], linked_hunks: 1 },
    ]);

    expect(document.comments).toHaveLength(1);
    const comment = document.comments[0]!;
    expect(comment).toMatchObject({
      change_unit_id: unit.change_unit_id,
      type: 'concern',
      author: { author_type: 'model' },
      location: { file: 'src/cart.ts', hunk_range: expect.stringMatching(/^@@ /) },
      metadata: {
        'retrospect.origin': ANCHOR_ORIGIN,
        'retrospect.anchor_id': anchorId,
        'retrospect.session_id': SESSION,
        'retrospect.claim': CLAIM,
      },
    });
    expect(unit.comments).toEqual([comment]);
    expect(document.open_questions[0]).toContain(`Session \`${SESSION}\` claimed \`${CLAIM}\``);
    expect(validateJsonSchema(SCHEMA, JSON.parse(JSON.stringify(document)))).toEqual([]);

    const lines = renderMarkdown(document).split('\n');
    expect(lines.slice(0, 6)).toEqual([
      `# Retrospective Walk: --from-retro ${anchorId}`,
      '',
      `Fabrication anchor: \`${anchorId}\` (session \`${SESSION}\`, turn \`${TranscriptBuilder.id(5)}\`) — on ${unit.change_unit_id}, \`src/cart.ts\``,
      `Claim: \`${CLAIM}\``,
      'Flagged because: `no test command ran after the Write of src/cart.ts`',
      '',
    ]);
  });

  it('keeps the anchor comment with --no-comments and in agent-driven mode beside the reviewer', async () => {
    const quiet = await walkChangeSet(options({ fromRetro: anchorId, captureComments: false }));
    expect(quiet.document.comments.map((c) => c.metadata['retrospect.origin'])).toEqual([ANCHOR_ORIGIN]);
    // The offline reviewer remarks on code changed without tests; the anchor stays first.
    const reviewed = await walkChangeSet(options({ fromRetro: anchorId, mode: 'agent-driven' }));
    expect(reviewed.document.comments.map((c) => c.metadata['retrospect.origin'])).toEqual([
      ANCHOR_ORIGIN,
      'agent-driven',
    ]);
  });

  it('flattens untrusted anchor text to one short line', async () => {
    const id = 'abcdefabcdefabcd';
    writeAnchor(id, {
      anchor_id: id,
      fabricated_claim_text: `Done.\n\n# Heading\u0007\u202e ${'x'.repeat(900)}`,
    });
    const { document } = await walkChangeSet(options({ fromRetro: id }));
    const claim = String(document.comments[0]!.metadata['retrospect.claim']);
    expect(claim).not.toMatch(/[\n\u0007\u202e]/);
    expect(claim.startsWith('Done. # Heading')).toBe(true);
    expect(Array.from(claim)).toHaveLength(500);
  });

  it('refuses a record whose session or turn id is not an id, and takes line:<n> turn ids', async () => {
    const walk = (id: string) => walkChangeSet(options({ fromRetro: id }));
    const injected = `${SESSION}\n\n## Injected heading\n<img src=x onerror=alert(1)>`;
    writeAnchor('8888888888888888', { anchor_id: '8888888888888888', session_id: injected });
    await expect(walk('8888888888888888')).rejects.toThrow(InputError);
    await expect(walk('8888888888888888')).rejects.toThrow(
      /not a fabrication anchor record \(session_id: a session id is letters, digits/,
    );
    for (const turn of ['line:7 [x](https://evil.example)', '<b>x</b>', '', 'line:', '-x']) {
      writeAnchor('9999999999999999', { anchor_id: '9999999999999999', turn_id: turn });
      await expect(walk('9999999999999999')).rejects.toThrow(/not a fabrication anchor record \(turn_id/);
    }
    writeAnchor('9999999999999999', { anchor_id: '9999999999999999', turn_id: 'line:12' });
    const { document } = await walk('9999999999999999');
    expect(document.comments[0]!.metadata['retrospect.turn_id']).toBe('line:12');
  });

  it('keeps the Markdown free of headings, HTML and links from the claim and the evidence', async () => {
    const id = 'abcabcabcabcabca';
    writeAnchor(id, {
      anchor_id: id,
      fabricated_claim_text:
        'Done.\n\n## Injected heading\n<img src=x onerror=alert(1)> [see](https://evil.example) ``` `code`',
      evidence_for_fabrication:
        '`\n# Evil\n<script>alert(1)</script> www.evil.example ![i](https://evil.example/i.png)',
    });
    const { document } = await walkChangeSet(options({ fromRetro: id }));
    const markdown = renderMarkdown(document);
    const lines = markdown.slice(0, markdown.indexOf('```json')).split('\n');
    expect(lines.filter((l) => /^\s{0,3}#/.test(l))).toEqual([
      `# Retrospective Walk: --from-retro ${id}`,
      '## Narrative',
      '## Change Units',
      expect.stringMatching(/^### cu_001 /),
      '## Open Questions',
      '## Evidence Package',
    ]);
    // Only the fence of the JSON document opens a code block.
    expect(markdown.split('\n').filter((l) => /^\s{0,3}(```|~~~)/.test(l))).toEqual(['```json', '```']);
    const claim =
      'Done. ## Injected heading <img src=x onerror=alert(1)> [see](https://evil.example) ``` `code`';
    const evidence = '` # Evil <script>alert(1)</script> www.evil.example ![i](https://evil.example/i.png)';
    // Header, comment and open question each carry both texts, whole, inside code spans and nowhere else.
    const carriers = lines.filter((l) => l.includes('Injected') || l.includes('Evil'));
    expect(carriers).toHaveLength(4);
    for (const line of carriers) {
      expect(outsideCodeSpans(line)).not.toMatch(/<|\]\(|https?:|www\.|Injected|Evil/);
      expect(codeSpansOf(line).filter((span) => span === claim || span === evidence).length).toBeGreaterThan(
        0,
      );
    }
    // The claim holds a run of three backticks and ends with one: a longer fence, padded.
    expect(lines).toContain(`Claim: ${'`'.repeat(4)} ${claim} ${'`'.repeat(4)}`);
    expect(document.comments[0]!.metadata['retrospect.claim']).toBe(claim);
  });

  it('refuses bad ids, records outside the anchors folder, broken records and gone transcripts', async () => {
    const walk = (id: string) => walkChangeSet(options({ fromRetro: id }));
    await expect(walk('../../etc/passwd')).rejects.toThrow(UsageError);
    await expect(walk('ABCDEF0123456789')).rejects.toThrow(/16 hex digits/);
    await expect(walk('0000000000000000')).rejects.toThrow(/no fabrication anchor 0000000000000000/);
    await expect(walkChangeSet(options({ fromRetro: anchorId, target: 'HEAD' }))).rejects.toMatchObject({
      code: 'E_WALK_ANCHOR_WITH_SCOPE',
    });

    const outside = join(tempDir('retrospect-elsewhere-'), 'anchor.json');
    writeFileSync(outside, readFileSync(join(repo.dir, '.claude', 'retro', 'anchors', `${anchorId}.json`)));
    symlinkSync(outside, join(repo.dir, '.claude', 'retro', 'anchors', '1111111111111111.json'));
    await expect(walk('1111111111111111')).rejects.toThrow(/leads out of the anchors folder/);

    writeFileSync(join(repo.dir, '.claude', 'retro', 'anchors', '2222222222222222.json'), '{"anchor_id":');
    await expect(walk('2222222222222222')).rejects.toThrow(/not valid JSON/);
    writeAnchor('3333333333333333', { anchor_id: anchorId });
    await expect(walk('3333333333333333')).rejects.toThrow(`holds anchor ${anchorId}, not 3333333333333333`);
    writeAnchor('4444444444444444', { anchor_id: '4444444444444444', turn_id: 7 });
    await expect(walk('4444444444444444')).rejects.toThrow(/not a fabrication anchor record \(turn_id/);

    const gone = join(tempDir('retrospect-session-'), `${SESSION}.jsonl`);
    writeAnchor('5555555555555555', { anchor_id: '5555555555555555', source_jsonl_path: gone });
    await expect(walk('5555555555555555')).rejects.toThrow(InputError);
    await expect(walk('5555555555555555')).rejects.toThrow(
      /session transcript of anchor 5555555555555555 is gone/,
    );
  });

  it('says so when the session edited nothing, or nothing it edited was committed in its window', async () => {
    const talk = new TranscriptBuilder(SESSION);
    talk.user('Is the cart rounding right?');
    talk.assistant('Yes, I verified the rounding.');
    const chat = join(tempDir('retrospect-session-'), `${SESSION}.jsonl`);
    writeFileSync(chat, talk.text());
    writeAnchor('6666666666666666', { anchor_id: '6666666666666666', source_jsonl_path: chat });
    await expect(walkChangeSet(options({ fromRetro: '6666666666666666' }))).rejects.toThrow(
      /made no successful Edit, Write or MultiEdit call/,
    );

    const other = new TranscriptBuilder(SESSION);
    other.user('Add a changelog');
    other.tool('Write', { file_path: `${repo.dir}/CHANGELOG.md`, content: '# Changelog\n\n- rounding\n' });
    other.result('File written');
    const uncommitted = join(tempDir('retrospect-session-'), `${SESSION}.jsonl`);
    writeFileSync(uncommitted, other.text());
    writeAnchor('7777777777777777', { anchor_id: '7777777777777777', source_jsonl_path: uncommitted });
    await expect(walkChangeSet(options({ fromRetro: '7777777777777777' }))).rejects.toThrow(
      /no commit between 2026-10-01T08:50:05Z and 2026-10-01T09:10:15Z .* touched a file session/,
    );
    rmSync(uncommitted);
  });
});
