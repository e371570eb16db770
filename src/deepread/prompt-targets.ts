import { statSync } from 'node:fs';
import { join } from 'node:path';
import { isInsideProject } from '../fsx/project.js';
import { TEAM_AGENTS, type TeamAgent } from '../rules/targets.js';

/** The targets a proposal for this project may name, beyond plain `claude`, which is always one. */
interface ProjectTargets {
  /** Team agents whose memory folder (`.claude/memory/<agent>/`) exists, in the fixed order. */
  agents: TeamAgent[];
  /** The project is a Claude Code plugin (`.claude-plugin/plugin.json`): its defects go to its backlog. */
  plugin: boolean;
}

function isDirectoryInside(root: string, path: string): boolean {
  try {
    return statSync(path).isDirectory() && isInsideProject(root, path);
  } catch {
    return false;
  }
}

function isFileInside(root: string, path: string): boolean {
  try {
    return statSync(path).isFile() && isInsideProject(root, path);
  } catch {
    return false;
  }
}

/**
 * What the prompt may offer as targets in the project at `mainCheckout`: a team agent only where the
 * project keeps its memory, "plugin" only in a plugin's own repository. A folder that leads out of the
 * project (a link) does not count.
 */
export function projectTargets(mainCheckout: string): ProjectTargets {
  return {
    agents: TEAM_AGENTS.filter((agent) =>
      isDirectoryInside(mainCheckout, join(mainCheckout, '.claude', 'memory', agent)),
    ),
    plugin: isFileInside(mainCheckout, join(mainCheckout, '.claude-plugin', 'plugin.json')),
  };
}
