/**
 * A WebAssembly SIMD routine that skips the body of a JSON string 16 bytes at a time: the one loop
 * where the fast reader spends its time (tool results, file contents and thinking are long strings).
 * It checks what JSON.parse checks inside a string (no control characters, well-formed escapes). The
 * module is a few hundred bytes, assembled here from its instructions so that no binary is checked in.
 */

/** Unsigned LEB128, as the binary format encodes sizes and indices. */
function uleb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

/** Signed LEB128 for i32.const. */
function sleb(value: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const name = (text: string) => [...uleb(text.length), ...[...text].map((c) => c.charCodeAt(0))];

// Instructions (WebAssembly core + SIMD).
const I = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  if: [0x04, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, ...uleb(depth)],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  return: [0x0f],
  get: (local: number) => [0x20, ...uleb(local)],
  set: (local: number) => [0x21, ...uleb(local)],
  tee: (local: number) => [0x22, ...uleb(local)],
  const: (value: number) => [0x41, ...sleb(value)],
  load8: (offset: number) => [0x2d, 0x00, ...uleb(offset)],
  eqz: [0x45],
  eq: [0x46],
  ltU: [0x49],
  gtU: [0x4b],
  geU: [0x4f],
  add: [0x6a],
  sub: [0x6b],
  and: [0x71],
  or: [0x72],
  shl: [0x74],
  ctz: [0x68],
  v128Load: [0xfd, 0x00, 0x00, 0x00],
  splat8: [0xfd, 0x0f],
  eq8: [0xfd, 0x23],
  ltU8: [0xfd, 0x26],
  vOr: [0xfd, 0x50],
  bitmask8: [0xfd, 0x64],
};

// Locals: 0 p, 1 end (params), 2 escaped, 3 mask, 4 byte (i32); 5 quotes, 6 backslashes, 7 spaces, 8 chunk (v128).
const [P, END, ESC, MASK, C, VQ, VB, VS, V] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

const advance = (n: number) => [...I.get(P), ...I.const(n), ...I.add, ...I.set(P)];
const invalid = [...I.const(-1), ...I.return];
/** Is the byte at p + offset a hex digit? (leaves 0/1) */
const isHexAt = (offset: number) => [
  ...I.get(P),
  ...I.load8(offset),
  ...I.tee(C),
  ...I.const(0x30),
  ...I.sub,
  ...I.const(10),
  ...I.ltU,
  ...I.get(C),
  ...I.const(0x20),
  ...I.or,
  ...I.const(0x61),
  ...I.sub,
  ...I.const(6),
  ...I.ltU,
  ...I.or,
];
const byteIs = (value: number) => [...I.get(C), ...I.const(value), ...I.eq];

/**
 * skip(p, end): p is just after a string's opening quote. Returns (index after the closing quote) * 2 +
 * (1 if the string holds an escape), or -1 when the bytes up to `end` are not a valid string body.
 */
// biome-ignore format: one group of instructions per line reads like the assembly it is
const body = [
  ...I.const(0x22), ...I.splat8, ...I.set(VQ),
  ...I.const(0x5c), ...I.splat8, ...I.set(VB),
  ...I.const(0x20), ...I.splat8, ...I.set(VS),
  ...I.loop, // outer: depth 0
  ...I.block, // scalar
  ...I.loop, // vector: 16 bytes a step while they hold no quote, backslash or control character
  ...I.get(P), ...I.const(16), ...I.add, ...I.get(END), ...I.gtU, ...I.brIf(1),
  ...I.get(P), ...I.v128Load, ...I.set(V),
  ...I.get(V), ...I.get(VQ), ...I.eq8,
  ...I.get(V), ...I.get(VB), ...I.eq8, ...I.vOr,
  ...I.get(V), ...I.get(VS), ...I.ltU8, ...I.vOr,
  ...I.bitmask8, ...I.tee(MASK), ...I.eqz,
  ...I.if, ...advance(16), ...I.br(1), ...I.end,
  ...I.get(P), ...I.get(MASK), ...I.ctz, ...I.add, ...I.set(P),
  ...I.br(1),
  ...I.end, // vector
  ...I.end, // scalar: p is at a quote, backslash or control character, or within the last 15 bytes
  ...I.get(P), ...I.get(END), ...I.geU, ...I.if, ...invalid, ...I.end,
  ...I.get(P), ...I.load8(0), ...I.set(C),
  ...byteIs(0x22), ...I.if,
  ...I.get(P), ...I.const(1), ...I.add, ...I.const(1), ...I.shl, ...I.get(ESC), ...I.or, ...I.return,
  ...I.end,
  ...byteIs(0x5c), ...I.if,
  ...I.const(1), ...I.set(ESC),
  ...I.get(P), ...I.const(1), ...I.add, ...I.get(END), ...I.geU, ...I.if, ...invalid, ...I.end,
  ...I.get(P), ...I.load8(1), ...I.set(C),
  ...byteIs(0x22), ...byteIs(0x5c), ...I.or, ...byteIs(0x2f), ...I.or, ...byteIs(0x62), ...I.or,
  ...byteIs(0x66), ...I.or, ...byteIs(0x6e), ...I.or, ...byteIs(0x72), ...I.or, ...byteIs(0x74), ...I.or,
  ...I.if, ...advance(2), ...I.br(2), ...I.end,
  ...byteIs(0x75), ...I.eqz, ...I.if, ...invalid, ...I.end,
  ...I.get(P), ...I.const(6), ...I.add, ...I.get(END), ...I.gtU, ...I.if, ...invalid, ...I.end,
  ...isHexAt(2), ...isHexAt(3), ...I.and, ...isHexAt(4), ...I.and, ...isHexAt(5), ...I.and,
  ...I.eqz, ...I.if, ...invalid, ...I.end,
  ...advance(6), ...I.br(1),
  ...I.end, // backslash
  ...I.get(C), ...I.const(0x20), ...I.ltU, ...I.if, ...invalid, ...I.end,
  ...advance(1), ...I.br(0),
  ...I.end, // outer
  ...I.const(-1),
  ...I.end,
];

/** Wasm pages (64 KiB) the module starts with: room for one read chunk and its longest line. */
export const INITIAL_PAGES = 40;

function moduleBytes(): Uint8Array {
  const locals = vec([
    [...uleb(3), 0x7f], // 3 x i32
    [...uleb(4), 0x7b], // 4 x v128
  ]);
  const code = [...locals, ...body];
  const MAGIC_AND_VERSION = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  return new Uint8Array([
    ...MAGIC_AND_VERSION,
    ...section(1, vec([[0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f]])), // type: (i32, i32) -> i32
    ...section(3, vec([[0x00]])), // one function of that type
    ...section(5, vec([[0x00, ...uleb(INITIAL_PAGES)]])), // memory, no maximum
    ...section(
      7,
      vec([
        [...name('memory'), 0x02, 0x00],
        [...name('skip'), 0x00, 0x00],
      ]),
    ),
    ...section(10, vec([[...uleb(code.length), ...code]])),
  ]);
}

/** The slice of the WebAssembly API used here (the compiler's lib has no WebAssembly types). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

export interface SimdSkipper {
  memory: WasmMemory;
  skip: (p: number, end: number) => number;
}

/** The compiled skipper, or undefined where WebAssembly SIMD is unavailable (the JS loop is used). */
export function createSimdSkipper(): SimdSkipper | undefined {
  try {
    const bytes = moduleBytes();
    const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
    if (!wasm) return undefined;
    const instance = new wasm.Instance(new wasm.Module(bytes));
    const exports = instance.exports as SimdSkipper;
    return { memory: exports.memory, skip: exports.skip };
  } catch {
    return undefined;
  }
}
