import { join } from 'node:path';
import { ensureInsideProject, writeFileAtomic } from '../fsx/index.js';
import type { FabricationAnchor } from './types.js';

/** `<main checkout>/.claude/retro/anchors` */
export function anchorsDir(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'retro', 'anchors');
}

/** The on-disk anchor record (docs/design/session-retro.md §4), keys in their kept order. */
interface PersistedAnchor {
  anchor_id: string;
  session_id: string;
  turn_id: string;
  fabricated_claim_text: string;
  evidence_for_fabrication: string;
  source_jsonl_path: string;
  created_at: string;
}

/**
 * Writes one `<anchor_id>.json` per anchor (atomic replace; the id is deterministic, so a second run
 * overwrites the same file). Returns the paths written. Throws OutsideProjectError, writing nothing, when
 * the anchors folder leads out of the project (`.claude/retro` or `anchors` a symlink elsewhere).
 */
export function persistAnchors(
  mainCheckout: string,
  anchors: readonly FabricationAnchor[],
  sourcePath: string,
  now: Date = new Date(),
): string[] {
  const dir = anchorsDir(mainCheckout);
  if (anchors.length > 0) ensureInsideProject(mainCheckout, join(dir, `${anchors[0]?.anchor_id}.json`));
  return anchors.map((anchor) => {
    // anchor_id is our own sha1 prefix, never model text, so it is safe as a file name.
    if (!/^[0-9a-f]{16}$/.test(anchor.anchor_id)) throw new Error(`refusing anchor id ${anchor.anchor_id}`);
    const record: PersistedAnchor = {
      anchor_id: anchor.anchor_id,
      session_id: anchor.session_id,
      turn_id: anchor.turn_id,
      fabricated_claim_text: anchor.fabricated_claim_text,
      evidence_for_fabrication: anchor.evidence_for_fabrication,
      source_jsonl_path: sourcePath,
      created_at: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    const path = join(dir, `${anchor.anchor_id}.json`);
    ensureInsideProject(mainCheckout, path);
    writeFileAtomic(path, `${JSON.stringify(record, null, 2)}\n`);
    return path;
  });
}
