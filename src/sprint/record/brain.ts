import { isMap, isSeq, type YAMLMap, type YAMLSeq } from 'yaml';
import { InputError } from '../../errors/errors.js';
import { BRAIN_INDEX_PATH } from '../read/paths.js';
import { isLessonCategory, LESSON_CATEGORIES } from './lesson-types.js';
import { sha256Hex } from './sha256.js';
import { editYamlFile } from './yaml-file.js';

export interface BrainLesson {
  category: string;
  synopsis: string;
  confidence?: number;
  /** A sprint-specific expiry (ISO date), or null for none. */
  expires_at?: string | null;
}

interface BrainEmission {
  key: string;
  outcome: 'added' | 'replaced' | 'unchanged';
}

const SEED =
  '# Knowledge brain index: durable lessons and the sources they came from.\nschema_version: 1\nentries: []\n';

export function brainLessonKey(category: string, synopsis: string): string {
  return `lesson-${category}-${sha256Hex(synopsis).slice(0, 6)}`;
}

function validate(lessons: BrainLesson[], artifactPath: string): void {
  const problems: string[] = [];
  if (!artifactPath.trim()) problems.push('path (the retro artifact) is empty');
  lessons.forEach((l, i) => {
    if (!isLessonCategory(l.category)) {
      problems.push(
        `lesson ${i + 1}: unknown category '${l.category}' (expected one of ${LESSON_CATEGORIES.join(', ')})`,
      );
    }
    if (!l.synopsis?.trim()) problems.push(`lesson ${i + 1}: empty synopsis`);
    const c = l.confidence ?? 0.8;
    if (!(typeof c === 'number' && c >= 0 && c <= 1))
      problems.push(`lesson ${i + 1}: confidence must be within 0..1`);
  });
  if (problems.length > 0) {
    throw new InputError(`brain lessons rejected, the index was not changed:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * Emits lessons as `source_type: lesson` entries of `.gaia/knowledge/brain-index.yaml`. Every lesson is
 * validated first, so one bad category means no write at all; the same lesson (same key) replaces its
 * entry instead of adding a second one.
 */
export function emitBrainLessons(
  root: string,
  sprintId: string,
  artifactPath: string,
  lessons: BrainLesson[],
): BrainEmission[] {
  validate(lessons, artifactPath);
  if (lessons.length === 0) return [];
  return editYamlFile(root, BRAIN_INDEX_PATH, SEED, (doc) => {
    if (!isMap(doc.contents)) throw new InputError(`${BRAIN_INDEX_PATH}: expected a mapping with entries:`);
    const existing: unknown = doc.contents.get('entries', true);
    let seq: YAMLSeq;
    if (isSeq(existing)) seq = existing;
    else {
      seq = doc.createNode([]) as YAMLSeq;
      (doc.contents as YAMLMap).set('entries', seq);
    }
    seq.flow = false;
    let changed = false;
    const outcomes = lessons.map((lesson): BrainEmission => {
      const key = brainLessonKey(lesson.category, lesson.synopsis);
      const entry = {
        key,
        source_type: 'lesson',
        path: artifactPath,
        tags: [lesson.category],
        synopsis: lesson.synopsis,
        trust: {
          confidence: lesson.confidence ?? 0.8,
          content_hash: `sha256:${sha256Hex(lesson.synopsis)}`,
          source_url: `retro:${sprintId}`,
          fetched_at: null,
          expires_at: lesson.expires_at ?? null,
        },
        edges: [],
      };
      const at = seq.items.findIndex((n) => isMap(n) && n.get('key') === key);
      const node = doc.createNode(entry);
      if (at < 0) {
        seq.items.push(node);
        changed = true;
        return { key, outcome: 'added' };
      }
      if (JSON.stringify((seq.items[at] as YAMLMap).toJSON()) === JSON.stringify(entry))
        return { key, outcome: 'unchanged' };
      seq.items[at] = node;
      changed = true;
      return { key, outcome: 'replaced' };
    });
    return { changed, result: outcomes };
  });
}
