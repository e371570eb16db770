/**
 * What a shell command is, as far as a rule about it needs to know. Commands are matched at the start of
 * each `&&`, `;` or `|` segment, so `cd app && npm install` is an install.
 */
function segments(command: string): string[] {
  return command
    .split(/&&|\|\||;|\||\n/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Commands that wait for a person (a login, a password, an editor, a pager, a REPL). */
const INTERACTIVE =
  /^(?:sudo(?!\s+-n\b)\s|(?:gh|az|gcloud|npm|docker|heroku|vercel|firebase|fly)\s+(?:auth\s+)?login\b|aws\s+configure\b|op\s+signin\b|passwd\b|(?:vi|vim|nvim|nano|emacs|less|more|top|htop|btop)\b|(?:python3?|node|irb|psql|mysql)\s*$|ssh\s+\S+\s*$)/;

/** Commands that install, delete, publish or change the system: not to be run without being asked. */
const SYSTEM_CHANGING =
  /^(?:(?:npm|pnpm|yarn|bun)\s+(?:install|i|add|remove|uninstall|publish)\b|pip3?\s+(?:install|uninstall)\b|(?:brew|apt|apt-get|dnf|yum|pacman|snap|winget|choco)\s+(?:-S(?![a-z]*s)[a-z]*|-R\w*|install|uninstall|reinstall|upgrade|remove|purge)\b|(?:cargo|go)\s+install\b|rm\s|git\s+(?:push|commit|reset|checkout|clean|rebase|merge|add|stash|branch\s+-[dD])\b|(?:kill|killall|pkill)\b|(?:systemctl|launchctl|service)\s|defaults\s+write\b|(?:chmod|chown)\s|docker(?:-compose|\s+compose)?\s+(?:rm|stop|kill|down|system\s+prune)\b|(?:reboot|shutdown|mkfs)\b)/;

/**
 * The program a command runs, without the directory change before it or the flags after its first two
 * words: `cd app && npx tsc --noEmit -p x` runs `npx tsc`.
 */
export function programOf(command: string): string {
  const main = segments(command).find((s) => !/^(?:cd|pushd|export|set|source)\b/.test(s)) ?? '';
  const words = main.split(/\s+/).filter((w) => !w.startsWith('-'));
  // A remote shell runs whatever follows the host: the whole remote command is the program.
  if (words[0] === 'ssh') return main;
  return words.slice(0, 2).join(' ');
}

type CommandKind = 'interactive' | 'system-changing' | 'other';

export function commandKind(command: string): CommandKind {
  const parts = segments(command);
  if (parts.some((p) => INTERACTIVE.test(p))) return 'interactive';
  if (parts.some((p) => SYSTEM_CHANGING.test(p))) return 'system-changing';
  return 'other';
}

/** Test runs and build checks are recognised by the shared list (../checks.ts). */
export { isBuildCommand, isTestCommand } from '../checks.js';

/** Commands that only look at files or the repository: running them checks nothing about behaviour. */
const LOOK_ONLY =
  /^(?:cd|ls|cat|head|tail|less|grep|rg|find|echo|printf|pwd|wc|which|file|stat|tree|diff|sed\s+-n|awk|sort|uniq|git\s+(?:status|diff|log|show|add|commit|branch|fetch|remote|rev-parse))\b/;

/** Whether a command runs something (a program, a test, a build, a request), not only looks at files. */
export function runsSomething(command: string): boolean {
  return segments(command).some((p) => !LOOK_ONLY.test(p));
}
