import { fileURLToPath } from 'node:url';

/**
 * The bundled demo sessions (`examples/projects/`, laid out like `~/.claude/projects/`), found from this
 * module's own place: a module of its own, so that the bundled scan command keeps it where it is.
 */
export function demoProjectsRoot(): string {
  return fileURLToPath(new URL('../../examples/projects/', import.meta.url));
}
