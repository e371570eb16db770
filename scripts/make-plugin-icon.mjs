// Draws the Claude Code plugin's icon, plugin/.claude-plugin/icon.png (512 x 512 RGBA), without an image
// library: shapes are sampled 4 x 4 per pixel for smooth edges and written as a PNG with node:zlib.
// The picture: a loop arrow (looking back to go forward) around three rule lines, the middle one on trial.
// Run: node scripts/make-plugin-icon.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4;
const BACKGROUND = [24, 33, 47];
const LOOP = [45, 212, 191];
const RULE = [241, 245, 249];
const TRIAL = [251, 191, 36];

const C = SIZE / 2;
const inRoundedSquare = (x, y) => {
  const r = 96;
  const dx = Math.max(Math.abs(x - C) - (C - r), 0);
  const dy = Math.max(Math.abs(y - C) - (C - r), 0);
  return dx * dx + dy * dy <= r * r;
};
// The loop: a ring from 60 degrees past the top, clockwise, to 20 degrees short of it, ending in an arrowhead.
const RING_R = 170;
const RING_W = 34;
const START = (-90 + 40) * (Math.PI / 180);
const END = (-90 + 330) * (Math.PI / 180);
const angleOf = (x, y) => {
  let a = Math.atan2(y - C, x - C);
  if (a < START) a += 2 * Math.PI;
  return a;
};
const inRing = (x, y) => {
  const d = Math.hypot(x - C, y - C);
  return Math.abs(d - RING_R) <= RING_W / 2 && angleOf(x, y) <= END;
};
const tip = END + 0.36;
const head = [
  [C + (RING_R + 46) * Math.cos(END), C + (RING_R + 46) * Math.sin(END)],
  [C + (RING_R - 46) * Math.cos(END), C + (RING_R - 46) * Math.sin(END)],
  [C + RING_R * Math.cos(tip), C + RING_R * Math.sin(tip)],
];
const inTriangle = (x, y, [a, b, c]) => {
  const side = (p, q) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  const s1 = side(a, b);
  const s2 = side(b, c);
  const s3 = side(c, a);
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
};
const bar = (x, y, top, width) => {
  const h = 26;
  const left = C - 100;
  const cy = top + h / 2;
  const dx = Math.max(left + h / 2 - x, x - (left + width - h / 2), 0);
  return dx * dx + (y - cy) * (y - cy) <= (h / 2) * (h / 2);
};

function colourAt(x, y) {
  if (!inRoundedSquare(x, y)) return undefined;
  if (inRing(x, y) || inTriangle(x, y, head)) return LOOP;
  if (bar(x, y, C - 70, 200) || bar(x, y, C + 44, 170)) return RULE;
  if (bar(x, y, C - 13, 140)) return TRIAL;
  return BACKGROUND;
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0;
  for (let x = 0; x < SIZE; x++) {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const colour = colourAt(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
        if (!colour) continue;
        sum[0] += colour[0];
        sum[1] += colour[1];
        sum[2] += colour[2];
        sum[3] += 1;
      }
    }
    const at = y * (SIZE * 4 + 1) + 1 + x * 4;
    const n = sum[3];
    raw[at] = n ? Math.round(sum[0] / n) : 0;
    raw[at + 1] = n ? Math.round(sum[1] / n) : 0;
    raw[at + 2] = n ? Math.round(sum[2] / n) : 0;
    raw[at + 3] = Math.round((255 * n) / (SAMPLES * SAMPLES));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buffer) => {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'plugin', '.claude-plugin', 'icon.png');
writeFileSync(out, png);
console.log(`${out}: ${png.length} bytes`);
