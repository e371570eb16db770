import { describe, expect, it } from 'vitest';
import { findingsOf, patternsOf, readOffline } from '../test-support/heuristic.js';

describe('corrections by the user', () => {
  it('the fix not working twice, in Chinese', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('将副标题改成让创造驱散初春的寒意');
      s.tool(
        'Edit',
        { file_path: 'c:\\code\\site\\src\\pages\\Home.tsx', old_string: '初冬', new_string: '初春' },
        'The file has been updated.',
      );
      s.say('已修改副标题。');
      const a = s.user('代码改动后网页没变化，还是没变化，为什么');
      s.tool('Read', { file_path: 'c:\\code\\site\\src\\pages\\Home.tsx' }, '1→export default');
      const b = s.user('依旧不行，很多内容还是之前的版本');
      return { a, b };
    });
    expect(patternsOf(result)).toEqual(['unverified fix']);
    expect(findingsOf(result)[0]!.citations.map((c) => c.message_id)).toEqual([ids.a, ids.b]);
    expect(result.dropped).toEqual([]);
  });

  it('an undo right after the agent changed something: stay within what was asked', async () => {
    const { result, ids } = await readOffline((s) => {
      s.user('Cart totals are off by a cent when a discount applies. Fix the rounding in src/core/cart.ts.');
      s.tool(
        'Edit',
        { file_path: '/shop/db/schema.sql', old_string: 'price NUMERIC', new_string: 'price_cents INTEGER' },
        'The file has been updated.',
      );
      return s.user(
        "No, that's wrong. Don't touch the schema, revert that change. Only the rounding in total().",
      );
    });
    expect(patternsOf(result)).toEqual(['stated standing', 'scope overreach']);
    expect(result.proposals[0]?.proposed_text).toBe(
      "Don't touch the schema, revert that change. (The user's words after you edited a file.)",
    );
    expect(findingsOf(result)[1]!.citations).toEqual([
      {
        message_id: ids,
        excerpt:
          "No, that's wrong. Don't touch the schema, revert that change. Only the rounding in total().",
      },
    ]);
  });

  it('an undo of a fix that did not work is not overreach', async () => {
    const { result } = await readOffline((s) => {
      s.user('why are the line breaks not rendered in the preview?');
      s.tool(
        'Edit',
        { file_path: '/gw/README.md', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.user('That did not work, can you revert back?');
    });
    expect(patternsOf(result)).not.toContain('scope overreach');
  });

  it('"I said" once, and two plain noes in German', async () => {
    const said = await readOffline((s) => {
      s.user('add the weather to the lock screen');
      s.say('Which city should it show?');
      s.user('I already said it should detect the location automatically');
    });
    expect(patternsOf(said.result)).toEqual(['ignored instruction']);
    const nein = await readOffline((s) => {
      s.user('Ändere die Farben der Leiste');
      s.say('Ich habe das Farbschema auf Catppuccin gesetzt.');
      s.user('Nein, das ist falsch, ich wollte Tokyo Night');
      s.say('Ich habe Tokyo Night Storm gesetzt.');
      s.user('nein, nicht das, die normale Variante');
    });
    expect(patternsOf(nein.result)).toEqual(['repeated correction']);
  });

  it('the opening request and the IDE attachments are not corrections; one correction is an observation', async () => {
    const { result } = await readOffline((s) => {
      s.userBlocks([
        '<ide_opened_file>The user opened the file /app/README.md in the IDE. This may or may not be related to the current task.</ide_opened_file>',
        "Don't change the public API. Add a flag that switches the loader off in tests.",
      ]);
      s.tool(
        'Edit',
        { file_path: '/app/src/loader.ts', old_string: 'a', new_string: 'b' },
        'The file has been updated.',
      );
      s.userBlocks([
        '<ide_selection>The user selected the lines 3 to 4 from /app/src/loader.ts: stop()</ide_selection>',
        'no, the flag belongs in the config file',
      ]);
    });
    expect(patternsOf(result)).toEqual([]);
    expect(result.observations).toEqual([
      {
        session_id: expect.any(String),
        description: 'The user pushed back on the agent; no recurring cause is recognisable.',
        citations: [{ message_id: expect.any(String), excerpt: 'no, the flag belongs in the config file' }],
      },
    ]);
  });
});
