import type { LineStorage } from '../../lines.js';
import {
  ABSENT,
  type BlockView,
  type LineView,
  newBlockView,
  OTHER,
  TYPE_ASSISTANT,
  TYPE_TEXT,
  TYPE_TOOL_RESULT,
  TYPE_TOOL_USE,
  truthyAt,
  USAGE_NONE,
  USAGE_OBJECT,
  type UsageView,
  type ValueRef,
} from './line.js';
import { LINE_SCANNER_WASM } from './line-scanner-wasm.js';

/**
 * The line scanner compiled to WebAssembly (assembly/line-scanner.ts): the same walk as scanLine in
 * line.ts, run as compiled code from the first line on. The line buffer lives in the module's memory, so
 * the scanner reads the bytes where they were read into; it describes a line in a record of i32 slots,
 * which is copied here into the LineView the event builder reads.
 */
export interface WasmLineScanner {
  /** Keeps the line buffer in the module's memory. */
  storage: LineStorage;
  /** Set while a read uses the line buffer (there is one), so that a nested read does not overwrite it. */
  busy: boolean;
  /** The view of the line `b[start, end)` (b from `storage`), or undefined: parse the line in full. */
  scan(b: Buffer, start: number, end: number, view: LineView): LineView | undefined;
}

// The record's layout (see assembly/line-scanner.ts).
const R_TYPE = 0;
const R_KNOWN = 1;
const R_UUID = 2;
const R_MESSAGE_ID = 5;
const R_SESSION_ID = 8;
const R_SESSION_ID_SNAKE = 11;
const R_TIMESTAMP = 14;
const R_IS_META = 17;
const R_CONTENT = 20;
const R_CONTENT_IS_ARRAY = 23;
const R_BLOCK_COUNT = 24;
const R_TEXT_INFO = 25;
const R_STATUS = 26;
const R_REQUEST_ID = 27;
const R_MODEL = 30;
const R_REPLY_ID = 33;
const R_USAGE = 36;
const R_INPUT_TOKENS = 37;
const R_OUTPUT_TOKENS = 40;
const R_CACHE_WRITE_TOKENS = 43;
const R_CACHE_READ_TOKENS = 46;
const R_ONE_HOUR_TOKENS = 49;
const R_COUNTS = 52;
const R_BLOCKS = 58;
const B_IS_OBJECT = 0;
const B_TYPE = 1;
const B_TEXT = 2;
const B_NAME = 5;
const B_INPUT_IS_OBJECT = 8;
const B_FILE_PATH = 9;
const B_NOTEBOOK_PATH = 12;
const B_PATH = 15;
const B_IS_ERROR = 18;
const BLOCK_SLOTS = 21;

const PAGE = 65536;

interface ScannerExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  recordAddress(): number;
  linesAddress(): number;
  scanLine(start: number, end: number): number;
  breakAndScan(start: number, end: number): number;
  compareReply(): number;
  usageWide(): number;
}

/** The slice of the WebAssembly API used here (the compiler's lib has no WebAssembly types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

let loaded: WasmLineScanner | null | undefined;

/** The scanner, loaded once; null where WebAssembly SIMD is unavailable (the JavaScript walk reads then). */
export function wasmLineScanner(): WasmLineScanner | null {
  if (loaded === undefined) {
    try {
      loaded = load(Buffer.from(LINE_SCANNER_WASM, 'base64'));
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

/**
 * Instantiates the module and builds the scanner around its memory.
 *
 * Long on purpose: every reader below closes over one view of the module's memory (`slots`), which
 * `lines` replaces when the memory grows, and over the break search's last line (`scannedStart`,
 * `scannedEnd`). Split into functions of their own they would reach both through an object on every slot
 * they copy, on the gate's hottest path (each field of each line); kept together, each is a few lines.
 */
function load(bytes: Uint8Array): WasmLineScanner {
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  const exports = new wasm.Instance(new wasm.Module(bytes)).exports as ScannerExports;
  const { memory } = exports;
  const base = exports.linesAddress();
  const recordAt = exports.recordAddress() / 4;
  let slots = new Int32Array(memory.buffer);

  const lines = (size: number): Buffer => {
    const missing = base + size - memory.buffer.byteLength;
    if (missing > 0) memory.grow(Math.ceil(missing / PAGE));
    if (slots.buffer !== memory.buffer) slots = new Int32Array(memory.buffer);
    return Buffer.from(memory.buffer, base, size);
  };
  // Growing keeps the bytes in place: the grown view holds what the old one held.
  const storage: LineStorage = {
    allocate: lines,
    grow: (_old, _filled, size) => lines(size),
    // The break search scans the line it ends as well; scan() then only picks the answer up.
    findBreak: (_buffer, from, to) => {
      const at = exports.breakAndScan(base + from, base + to) - base;
      if (at >= to) return -1;
      scannedStart = from;
      scannedEnd = at;
      return at;
    },
  };
  let scannedStart = -1;
  let scannedEnd = -1;

  const readRef = (slot: number, into: ValueRef): void => {
    into.kind = slots[slot]!;
    if (into.kind === ABSENT) return;
    into.start = slots[slot + 1]! - base;
    into.end = slots[slot + 2]! - base;
  };
  const truthy = (b: Buffer, slot: number): boolean => {
    const kind = slots[slot]!;
    if (kind === ABSENT) return false;
    const start = slots[slot + 1]! - base;
    const end = slots[slot + 2]! - base;
    return kind === OTHER ? truthyAt(b, start, end) : end > start;
  };
  // A block's fields are read (see view-fields.ts) only under its type: copy only those.
  const readBlock = (b: Buffer, at: number, block: BlockView): void => {
    block.isObject = slots[at + B_IS_OBJECT] === 1;
    const type = slots[at + B_TYPE]!;
    block.type = type;
    if (type === TYPE_TEXT) {
      readRef(at + B_TEXT, block.text);
    } else if (type === TYPE_TOOL_USE) {
      readRef(at + B_NAME, block.name);
      block.inputIsObject = slots[at + B_INPUT_IS_OBJECT] === 1;
      readRef(at + B_FILE_PATH, block.filePath);
      readRef(at + B_NOTEBOOK_PATH, block.notebookPath);
      readRef(at + B_PATH, block.path);
    } else if (type === TYPE_TOOL_RESULT) {
      block.isErrorTruthy = truthy(b, at + B_IS_ERROR);
    }
  };

  // Only an assistant line's usage is read (by src/cost): its counts and whether it continues the reply
  // before it, for those lines alone; the refs when the reader asks (a reply's first line, mostly).
  let usageView: UsageView | undefined;
  const fillUsage = (): void => {
    const r = recordAt;
    const usage = usageView!;
    readRef(r + R_TIMESTAMP, usage.timestamp);
    readRef(r + R_REQUEST_ID, usage.requestId);
    readRef(r + R_MODEL, usage.model);
    readRef(r + R_REPLY_ID, usage.replyId);
    readRef(r + R_INPUT_TOKENS, usage.input);
    readRef(r + R_OUTPUT_TOKENS, usage.output);
    readRef(r + R_CACHE_WRITE_TOKENS, usage.cacheWrite);
    readRef(r + R_CACHE_READ_TOKENS, usage.cacheRead);
    readRef(r + R_ONE_HOUR_TOKENS, usage.oneHour);
    usage.wide = exports.usageWide() === 1;
  };
  const readUsage = (usage: UsageView): void => {
    const r = recordAt;
    if (slots[r + R_USAGE] !== 1) {
      usage.state = USAGE_NONE;
      return;
    }
    usage.state = USAGE_OBJECT;
    const counts = usage.counts;
    for (let k = 0; k < 5; k++) counts[k] = slots[r + R_COUNTS + k]!;
    const same = exports.compareReply();
    usage.sameReply = (same & 1) !== 0;
    usage.sameModel = (same & 2) !== 0;
    usageView = usage;
    usage.fill = fillUsage;
  };

  const scan = (b: Buffer, start: number, end: number, view: LineView): LineView | undefined => {
    const scanned = start === scannedStart && end === scannedEnd;
    scannedStart = -1;
    if ((scanned ? slots[recordAt + R_STATUS] : exports.scanLine(base + start, base + end)) === 0)
      return undefined;
    const r = recordAt;
    view.type = slots[r + R_TYPE]!;
    view.knownField = slots[r + R_KNOWN] === 1;
    readRef(r + R_UUID, view.uuid);
    readRef(r + R_MESSAGE_ID, view.messageId);
    readRef(r + R_SESSION_ID, view.sessionId);
    readRef(r + R_SESSION_ID_SNAKE, view.sessionIdSnake);
    readRef(r + R_TIMESTAMP, view.timestamp);
    view.isMetaTruthy = truthy(b, r + R_IS_META);
    readRef(r + R_CONTENT, view.content);
    view.contentIsArray = slots[r + R_CONTENT_IS_ARRAY] === 1;
    const count = view.contentIsArray ? slots[r + R_BLOCK_COUNT]! : 0;
    while (view.blocks.length < count) view.blocks.push(newBlockView());
    for (let k = 0; k < count; k++) readBlock(b, r + R_BLOCKS + k * BLOCK_SLOTS, view.blocks[k]!);
    view.blockCount = count;
    view.textInfo = slots[r + R_TEXT_INFO]!;
    if (view.type === TYPE_ASSISTANT) readUsage(view.usage);
    else view.usage.state = USAGE_NONE;
    return view;
  };
  return { storage, scan, busy: false };
}
