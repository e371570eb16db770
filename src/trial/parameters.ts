import type { SharedParameter } from '../parameters/shared.js';

/**
 * The parameters `retrospect trial review` and the MCP server's `trial_review` share (see SharedParameter).
 * The CLI's mroot, today and scope are the options every trial reader takes (trial list too), and its rule,
 * confidence, cap-windows and escalate-after the decision rule's options (trial list, rules, report).
 */
export const TRIAL_REVIEW_PARAMETERS = {
  mroot: {
    cli: 'mroot',
    mcp: 'mroot',
    kind: 'text',
    description: "the project's main checkout",
    default: 'the repository you are in',
    mcpNote: ', relative to the server folder',
  },
  today: {
    cli: 'today',
    mcp: 'today',
    kind: 'text',
    description: 'the day to review on',
    default: 'today, in UTC',
    mcpNote: ', YYYY-MM-DD',
  },
  scope: {
    cli: 'scope',
    mcp: 'scope',
    kind: 'text',
    description: "whose sessions count: this project's or every project's",
    default: 'current',
  },
  rule: {
    cli: 'rule',
    mcp: 'rule',
    kind: 'text',
    description: "how trials are decided: by effect with a confidence interval, or the seed's means",
    default: 'effect',
  },
  confidence: {
    cli: 'confidence',
    mcp: 'confidence',
    kind: 'number',
    description: 'confidence over a whole trial; each review uses 1-(1-P)/cap-windows',
    default: '0.95',
  },
  capWindows: {
    cli: 'cap-windows',
    mcp: 'capWindows',
    kind: 'number',
    description: 'review windows a trial runs at most before it is INCONCLUSIVE',
    default: '3',
  },
  escalateAfter: {
    cli: 'escalate-after',
    mcp: 'escalateAfter',
    kind: 'number',
    description: 'violations during a trial after which a guard hook is proposed',
    default: '3',
  },
  survival: {
    cli: 'survival',
    mcp: 'survival',
    kind: 'flag',
    // The CLI says "with --json: " before these words (its rows are TSV otherwise); the tool always gives JSON.
    description:
      "each side's share of committed agent lines still alive at HEAD (git blame; at most 40 sessions, 60 s)",
  },
} as const satisfies Record<string, SharedParameter>;
