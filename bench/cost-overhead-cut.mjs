// The cost tap cut out of a copy of the sources, for bench/cost-overhead.mjs only: what is left is a scan
// that reads no usage, attributes no friction, stores and shows no cost. Each edit names the file it was
// written against, the text it replaces and why; the text must occur in the file exactly `count` times
// (default once), so a change to the code it cuts stops the bench instead of measuring something else. A
// file that moved is found by its text under the same top folder.
//
// What the cut removes, and what it leaves:
// - usage fields read: the compiled line scanner no longer captures an assistant line's `requestId`, its
//   message's `model` and `id`, nor walks its `usage` (they are skipped as any other key is) nor reads the
//   counts; JavaScript no longer copies them into the line's view, nor asks the scanner whether a line
//   continues the reply before it (compareReply) or holds a wide string (usageWide). (The slot resets stay.)
// - the tap, the timeline and the usage summary with its friction attribution: the scan's per-file gate
//   asks for neither, and stores no usage (a Claude Code file is read once, by the gate, as before).
// - store columns: `usage_json` is written NULL (the column itself stays in both engines' schema).
// - pricing and the price table's load: no session has usage, so nothing is priced and the bundled table's
//   JSON is never read; the table has no COST column and no spend line.
// - JSON fields: `--json` records carry no tokens, cost, friction or price fields.
export const CUT = [
  {
    file: 'assembly/line-scanner.ts',
    why: 'usage fields: no requestId captured',
    from: '  if (keyIs(K_REQUEST_ID, 9)) return capture(i, end, RECORD, R_REQUEST_ID);\n',
    to: '',
  },
  {
    file: 'assembly/line-scanner.ts',
    why: "usage fields: the message's model, id and usage are skipped like any other key",
    from: `  if (keyIs(K_MODEL, 5)) return capture(i, end, RECORD, R_MODEL);
  if (keyIs(K_ID, 2)) return capture(i, end, RECORD, R_REPLY_ID);
  if (keyIs(K_USAGE, 5)) {
    const isObject = <u32>load<u8>(i) == 0x7b;
    resetUsage(isObject ? 1 : 0);
    return isObject ? walkObject(i, end, IN_USAGE) : skipValue(i, end);
  }
`,
    to: '',
  },
  {
    file: 'assembly/line-scanner.ts',
    why: 'usage fields: no counts read',
    from: '  if (assistant && getSlot(RECORD, R_USAGE) == 1) readCounts();\n',
    to: '',
  },
  {
    file: 'src/transcript/fast/wasm-scanner.ts',
    why: "usage fields: nothing copied into the line's usage view",
    from: `    if (view.type === TYPE_ASSISTANT) readUsage(view.usage);
    else view.usage.state = USAGE_NONE;
`,
    to: '    view.usage.state = USAGE_NONE;\n    void readUsage;\n',
  },
  {
    file: 'src/scan/gate-file.ts',
    why: 'the tap: no usage collector',
    from: 'const collector = new ClaudeUsageCollector({ everyCallTime: false });',
    to: 'const collector = undefined as unknown as ClaudeUsageCollector;',
  },
  {
    file: 'src/scan/gate-file.ts',
    why: 'the tap and the timeline: the gate is asked for neither',
    from: '      timeline: true,\n      assistantLines: collector,\n',
    to: '',
  },
  {
    file: 'src/scan/gate-file.ts',
    why: 'the usage summary and friction attribution: none (so the store writes usage_json NULL)',
    from: '    if (result.verdict.error === undefined) {',
    to: '    if (false as boolean) {',
  },
  {
    file: 'src/scan/json.ts',
    why: 'JSON fields: no tokens, cost, friction or prices',
    from: '    ...costFields(record, prices),\n',
    to: '',
  },
];
