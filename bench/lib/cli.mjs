// Small helpers shared by the benchmark and corpus scripts: `--name value` flags and a seeded PRNG, so
// that every generated corpus is reproducible from its seed.

/** `--name value` pairs (a flag followed by another flag, or by nothing, is `true`). */
export function parseFlags(argv = process.argv.slice(2)) {
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    flags[a.slice(2)] = next === undefined || next.startsWith('--') ? true : next;
  }
  return flags;
}

/** mulberry32: a fast, seeded PRNG in [0, 1), with `pick` for choosing from a list. */
export function seededRandom(seed) {
  let state = Number(seed) >>> 0;
  const rnd = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  return { rnd, pick };
}
