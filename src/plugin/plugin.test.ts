// Tests of the Claude Code plugin shipped in plugin/ and its marketplace in .claude-plugin/ (both at the
// repository root, where Claude Code looks for them; vitest only collects tests under src/).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { isCi } from '../test-support/browser.js';
import { BIN, REPO_ROOT } from '../test-support/cli.js';
import { noonOf, retroProject } from '../test-support/retro-project.js';
import { tempDir } from '../test-support/temp-dir.js';

const PLUGIN = join(REPO_ROOT, 'plugin');
/**
 * The real `claude` CLI, for the validator cases. It weighs hundreds of MB, so it is no dev dependency: .ci/run
 * installs the version pinned in package.json (`config.claudeCodeVersion`) into a folder of its own and names
 * its executable in RETROSPECT_TEST_CLAUDE. Without it those cases are skipped, saying how to run them; under
 * CI=true they fail instead.
 */
const CLAUDE_VERSION = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    config: { claudeCodeVersion: string };
  }
).config.claudeCodeVersion;
const CLAUDE = process.env.RETROSPECT_TEST_CLAUDE ? resolve(process.env.RETROSPECT_TEST_CLAUDE) : '';
const CLAUDE_REQUIRED = isCi(process.env);
const NO_CLAUDE =
  `RETROSPECT_TEST_CLAUDE names no claude CLI: npm install --prefix /some/folder @anthropic-ai/claude-code@${CLAUDE_VERSION}, ` +
  'then RETROSPECT_TEST_CLAUDE=/some/folder/node_modules/.bin/claude';
const HAS_CLAUDE = CLAUDE !== '' && existsSync(CLAUDE);
if (!HAS_CLAUDE && !CLAUDE_REQUIRED) console.warn(`plugin validator tests skipped: ${NO_CLAUDE}`);
/** The validator cases: run when the CLI is there or CI requires it (then a missing CLI fails the case). */
const withClaude = HAS_CLAUDE || CLAUDE_REQUIRED ? it : it.skip;
const PLUGIN_ENV = { CLAUDE_PLUGIN_ROOT: PLUGIN };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `claude` CLI (the pinned version, see CLAUDE) with a throwaway home and config folder (or the
 * given one, for steps that build on each other).
 */
function claude(args: string[], home = tempDir('retrospect-claude-home-')): Run {
  const run = spawnSync(CLAUDE, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: home, CLAUDE_CONFIG_DIR: join(home, '.claude'), NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A folder holding a `retrospect` that runs this checkout's CLI, as `npm install -g` would provide it. */
function retrospectOnPath(): string {
  const bin = tempDir('retrospect-path-');
  const shim = join(bin, 'retrospect');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  return bin;
}

/** A PATH with `sh` and nothing else: no `retrospect`, wherever this machine may have one installed. */
function shOnlyPath(): string {
  const dir = tempDir('retrospect-sh-only-');
  symlinkSync('/bin/sh', join(dir, 'sh'));
  return dir;
}
const BARE_PATH = shOnlyPath();

/** Runs a hook command as Claude Code does: through sh, the hook's JSON on stdin. */
function runHook(command: string, input: object, env: NodeJS.ProcessEnv, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd, env: { ...env, ...PLUGIN_ENV } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A hook that stays out of the way may exit before it reads its payload: the closed pipe is not the test.
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(input));
  });
}

type HookConfig = {
  hooks: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]>;
};
const hooksConfig = () => JSON.parse(readFileSync(join(PLUGIN, 'hooks', 'hooks.json'), 'utf8')) as HookConfig;
/** The hook command for an event, with `${CLAUDE_PLUGIN_ROOT}` left for the shell to expand, as it is set. */
const hookCommand = (event: string) => hooksConfig().hooks[event]?.[0]?.hooks[0]?.command ?? '';

describe('the Claude Code plugin', () => {
  withClaude(
    'passes the real validator with the plugin directory profile, strict, and the marketplace validates',
    () => {
      expect(HAS_CLAUDE, NO_CLAUDE).toBe(true);
      expect(claude(['--version']).stdout).toContain(CLAUDE_VERSION);
      const plugin = claude(['plugin', 'validate', '--profile', 'directory', '--strict', PLUGIN]);
      expect(plugin.stdout).toContain('✔ Validation passed');
      expect(plugin.stdout).toContain('✔ These checks found nothing to report');
      expect(plugin.code).toBe(0);
      for (const part of [
        'commands: retrospect:retro',
        'commands: retrospect:walk',
        'commands: retrospect:sprint-retro',
        'hooks: PostToolUseFailure',
        'hooks: PermissionDenied',
        'hooks: StopFailure',
        'hooks: Stop command',
        'mcpServers: retrospect stdio',
      ]) {
        expect(plugin.stdout).toContain(part);
      }
      const marketplace = claude(['plugin', 'validate', '--strict', REPO_ROOT]);
      expect(marketplace.stdout).toContain('marketplace.json');
      expect(marketplace.stdout).toContain('✔ Validation passed');
      expect(marketplace.code).toBe(0);
    },
  );

  withClaude('installs as the README says: marketplace add ./ in the clone, then plugin install', () => {
    expect(HAS_CLAUDE, NO_CLAUDE).toBe(true);
    const home = tempDir('retrospect-claude-home-');
    const added = claude(['plugin', 'marketplace', 'add', './'], home);
    expect(added.code, added.stderr + added.stdout).toBe(0);
    const installed = claude(['plugin', 'install', 'retrospect@retrospect'], home);
    expect(installed.code, installed.stderr + installed.stdout).toBe(0);
    const listed = claude(['plugin', 'list'], home);
    expect(listed.stdout).toMatch(/retrospect@retrospect[\s\S]*?enabled/);
  });

  it('the marketplace lists the plugin under its own name, at the folder it ships in', () => {
    const marketplace = JSON.parse(
      readFileSync(join(REPO_ROOT, '.claude-plugin', 'marketplace.json'), 'utf8'),
    );
    const manifest = JSON.parse(readFileSync(join(PLUGIN, '.claude-plugin', 'plugin.json'), 'utf8'));
    const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(marketplace.plugins).toEqual([
      expect.objectContaining({ name: manifest.name, source: './plugin', version: packageJson.version }),
    ]);
    expect(manifest.version).toBe(packageJson.version);
    const readme = readFileSync(join(PLUGIN, 'README.md'), 'utf8');
    expect(readme).toContain('claude plugin marketplace add');
    expect(readme).toContain(`claude plugin install ${manifest.name}@${marketplace.name}`);
  });

  it('its friction hook records a row in the project ledger through retrospect on PATH', async () => {
    const p = retroProject();
    const ledger = join(p.root, '.claude', 'retro', 'friction.jsonl');
    const env = { ...p.env, FRICTION_LEDGER: '', PATH: [retrospectOnPath(), BARE_PATH].join(delimiter) };
    const payload = {
      session_id: '0b7c9a52-1111-4222-8333-444455556666',
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Edit',
      tool_input: { file_path: 'src/cart.ts' },
      cwd: p.root,
    };
    for (const event of ['PostToolUseFailure', 'PermissionDenied', 'StopFailure']) {
      const run = await runHook(hookCommand(event), { ...payload, hook_event_name: event }, env, p.root);
      expect(run).toMatchObject({ code: 0, stderr: '' });
    }
    const rows = readFileSync(ledger, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((r) => [r.event, r.tool, r.path])).toEqual([
      ['PostToolUseFailure', 'Edit', 'src/cart.ts'],
      ['PermissionDenied', 'Edit', 'src/cart.ts'],
      ['StopFailure', 'Edit', 'src/cart.ts'],
    ]);
  });

  it('its end-of-turn hook suggests a retro for a rough session, once', async () => {
    const p = retroProject();
    const { path, sessionId } = p.addSession({ rejections: 3, mtimeSecs: noonOf('2026-06-28') });
    const env = { ...p.env, PATH: [retrospectOnPath(), BARE_PATH].join(delimiter) };
    const payload = { session_id: sessionId, transcript_path: path, cwd: p.root, hook_event_name: 'Stop' };
    const first = await runHook(hookCommand('Stop'), payload, env, p.root);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).systemMessage).toContain(`run 'retrospect retro ${sessionId}'`);
    const second = await runHook(hookCommand('Stop'), payload, env, p.root);
    expect(second).toMatchObject({ code: 0, stdout: '' });
  });

  it('without retrospect on PATH, hooks stay out of the way and say why; the MCP launcher fails clearly', async () => {
    const p = retroProject();
    const env = { ...p.env, PATH: BARE_PATH };
    const hook = await runHook(hookCommand('PostToolUseFailure'), { session_id: 's' }, env, p.root);
    expect(hook.code).toBe(0);
    expect(hook.stdout).toBe('');
    expect(hook.stderr).toContain(
      "the 'retrospect' command is not on PATH; install it with 'npm install && npm link --ignore-scripts'",
    );
    expect(existsSync(join(p.root, '.claude', 'retro', 'friction.jsonl'))).toBe(false);
    const mcp = spawnSync('/bin/sh', [join(PLUGIN, 'scripts', 'run-retrospect'), 'mcp'], {
      env,
      encoding: 'utf8',
    });
    expect(mcp.status).toBe(127);
    expect(mcp.stderr).toContain('not on PATH');
  });

  it('its MCP server answers a client over stdio, started from .mcp.json as Claude Code starts it', async () => {
    const config = JSON.parse(readFileSync(join(PLUGIN, '.mcp.json'), 'utf8')) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    const server = config.mcpServers.retrospect!;
    const p = retroProject();
    const transport = new StdioClientTransport({
      command: server.command,
      args: server.args.map((arg) => arg.replace(/\$\{CLAUDE_PLUGIN_ROOT\}/, PLUGIN)),
      cwd: p.root,
      env: { ...(p.env as Record<string, string>), PATH: [retrospectOnPath(), BARE_PATH].join(delimiter) },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'retrospect-plugin-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe('retrospect');
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools.length).toBeGreaterThan(0);
      expect(tools.some((name) => name.includes('gate'))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('the CLI calls its slash commands make work as written', () => {
    const commands = ['retro', 'walk', 'sprint-retro'].map((name) =>
      readFileSync(join(PLUGIN, 'commands', `${name}.md`), 'utf8'),
    );
    for (const text of commands) {
      expect(text).toMatch(/^---\ndescription: .+\nargument-hint: .+\nallowed-tools: .+\n---\n/);
      expect(text).toContain('$ARGUMENTS');
    }
    const p = retroProject();
    const flagged = p.addSession({ rejections: 3, mtimeSecs: noonOf('2026-06-28') });
    // The retro command's reader: a subagent's answer, written where the command writes it.
    const answers = join(p.root, '.claude', 'retro', 'answers');
    mkdirSync(answers, { recursive: true });
    writeFileSync(
      join(answers, `${flagged.sessionId}.json`),
      JSON.stringify({ proposals: [], observations: [], fabrication_anchors: [] }),
    );
    spawnSync('git', ['-C', p.root, 'commit', '-q', '--allow-empty', '-m', 'start'], {
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@e',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@e',
      },
    });
    mkdirSync(join(p.root, 'src'));
    writeFileSync(join(p.root, 'src', 'cart.ts'), 'export const total = 0;\n');
    // The walk command's comments, written where the command writes them.
    const walkComments = join(p.root, '.claude', 'retro', 'walk-comments.jsonl');
    writeFileSync(
      walkComments,
      `${JSON.stringify({ file: 'src/cart.ts', line_start: 1, type: 'concern', text: 'total is never updated' })}\n`,
    );
    const calls = [
      ['deep-read', flagged.sessionId, '--dry-run', '--json'],
      [
        'retro',
        flagged.sessionId,
        '--answers',
        join(answers, `${flagged.sessionId}.json`),
        '--dry-run',
        '--why',
      ],
      ['retro', '--all', '--answers', answers, '--dry-run', '--why'],
      ['retro', flagged.sessionId, '--provider', 'heuristic', '--dry-run', '--why'],
      ['scan', '--flagged', '--json'],
      ['trial', 'list'],
      ['walk'],
      [
        'walk',
        '--mode',
        'agent-driven',
        '--comments',
        '.claude/retro/walk-comments.jsonl',
        '--md',
        'walk.md',
        '--json',
        'walk.json',
      ],
      ['sprint', 'report', '--demo'],
      ['sprint', 'retro', '--demo', '--yolo-defaults', 'seed-from-metrics', '--dry-run'],
    ];
    for (const args of calls) {
      const run = spawnSync(process.execPath, [BIN, ...args], {
        cwd: p.root,
        env: { ...process.env, ...p.env, NO_COLOR: '1' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect([args.join(' '), run.status, run.stderr]).toEqual([args.join(' '), 0, expect.any(String)]);
      // A walk that writes its files says so on stderr and prints nothing else.
      if (args[0] === 'walk' && args.includes('--json')) expect(run.stderr).toContain('wrote ');
      else expect(run.stdout.length).toBeGreaterThan(0);
    }
    const walked = JSON.parse(readFileSync(join(p.root, 'walk.json'), 'utf8'));
    expect(walked.comments[0]).toMatchObject({
      type: 'concern',
      location: { file: 'src/cart.ts', line_start: 1 },
    });
    expect(commands[1]).toContain('--mode agent-driven --comments .claude/retro/walk-comments.jsonl');
    const retro = commands[0] ?? '';
    expect(retro).toContain('retrospect deep-read <session id> --dry-run --json');
    expect(retro).toContain(
      'retrospect retro <session id> --answers .claude/retro/answers/<session id>.json\n   --dry-run --why',
    );
    expect(retro).toContain('retrospect retro --all --answers .claude/retro/answers --dry-run --why');
    expect(retro).toContain('Show the user only what the commands below print');
  });
});
