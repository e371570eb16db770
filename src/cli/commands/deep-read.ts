import { deepRead, planDeepRead } from '../../deepread/index.js';
import type { DeepReadResult } from '../../deepread/types.js';
import { parseCommandArgs } from '../args.js';
import { UsageError } from '../errors.js';
import { type CliIo, println } from '../io.js';

const USAGE =
  'retrospect deep-read <session.jsonl> [--anchors id,...] [--provider P] [--model M] [--base-url URL] [--json] [--dry-run]';

const HELP = `usage: ${USAGE}

Turns the gate's friction anchors into short, cited rule proposals and finds fabricated claims; every
citation is checked against the transcript. Providers: openai, anthropic, claude-cli, heuristic (offline).
Environment: RETROSPECT_PROVIDER, RETROSPECT_MODEL, OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY,
ANTHROPIC_BASE_URL, RETROSPECT_LLM_TIMEOUT_MS.`;

function renderResult(result: DeepReadResult): string {
  const { usage } = result;
  const lines = [
    `Session ${result.session_id}: ${result.proposals.length} proposal(s), ${result.observations.length} observation(s), ${result.fabrication_anchors.length} fabrication anchor(s) — ${usage.provider}${usage.model ? ` ${usage.model}` : ''}`,
  ];
  result.proposals.forEach((p, i) => {
    lines.push(`${i + 1}. [${p.target}] ${p.proposed_text}`);
    lines.push(`   ${p.pattern_summary} · confidence ${p.confidence} · ${p.citations.length} citation(s)`);
    for (const c of p.citations) lines.push(`   - ${c.message_id}: ${JSON.stringify(c.excerpt)}`);
  });
  for (const o of result.observations) lines.push(`observation: ${o.description}`);
  for (const a of result.fabrication_anchors) {
    lines.push(
      `fabrication ${a.anchor_id} (turn ${a.turn_id}): ${JSON.stringify(a.fabricated_claim_text)} — ${a.evidence_for_fabrication}`,
    );
  }
  if (result.dropped.length > 0) lines.push(`dropped: ${result.dropped.length} item(s) (reasons on stderr)`);
  return lines.join('\n');
}

/** `retrospect deep-read`: parse, call deepRead (or planDeepRead for --dry-run), render. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      anchors: { type: 'string' },
      provider: { type: 'string' },
      model: { type: 'string' },
      'base-url': { type: 'string' },
      json: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
  );
  if (values.help) {
    println(io.stdout, HELP);
    return 0;
  }
  const session = positionals[0];
  if (session === undefined || positionals.length > 1)
    throw new UsageError(`expected one session transcript\nusage: ${USAGE}`);
  const anchors = values.anchors
    ?.split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  const options = {
    env: io.env,
    cwd: io.cwd,
    log: (line: string) => println(io.stderr, line),
    ...(anchors && anchors.length > 0 ? { anchors } : {}),
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
  };
  if (values['dry-run']) {
    const plan = await planDeepRead(session, options);
    if (values.json) {
      const { session_id, anchors: ids, system, prompt, windows } = plan;
      println(io.stdout, JSON.stringify({ session_id, anchors: ids, system, prompt, cuts: windows.cuts }));
    } else {
      println(io.stdout, plan.prompt);
      println(
        io.stderr,
        `deep-read: dry run, nothing sent (${plan.prompt.length} chars; ${plan.windows.cuts.tokensUsed} window tokens)`,
      );
    }
    return 0;
  }
  const result = await deepRead(session, options);
  println(io.stdout, values.json ? JSON.stringify(result) : renderResult(result));
  return 0;
}
