// Independent reference checker for sheetgen-dice/1 (docs/dice.md), using only Web Crypto.
// Usage: node tests/dice_reference.js tests/dice_vectors.json   (exit 0 when all match)
"use strict";
const fs = require("fs");
const subtle = globalThis.crypto.subtle;
const ALGORITHM = "sheetgen-dice/1";
const enc = new TextEncoder();
const hex = (buf) => Buffer.from(new Uint8Array(buf)).toString("hex");

const normalise = (s) => s.normalize("NFC").trim();
const composeSeed = (secret, words) => {
  const w = (words || "").normalize("NFC").split(/\s+/).filter(Boolean).join(" ");
  return w ? `${normalise(secret)}|${w}` : normalise(secret);
};
const sha256 = async (text) => hex(await subtle.digest("SHA-256", enc.encode(text)));

async function keyFor(seed) {
  const raw = await subtle.digest("SHA-256", enc.encode(`${ALGORITHM} key|${seed}`));
  const key = await subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false,
                                     ["sign"]);
  return { raw, key };
}

// The word stream of one address: block k = HMAC(key, address + "|" + k), eight
// big-endian 32-bit words per block, consumed in order.
function stream(key, address) {
  let block = 0, words = [], pos = 0;
  async function word() {
    if (pos === words.length) {
      const mac = await subtle.sign("HMAC", key, enc.encode(`${address}|${block++}`));
      const view = new DataView(mac);
      words = Array.from({ length: 8 }, (_, i) => view.getUint32(4 * i, false));
      pos = 0;
    }
    return words[pos++];
  }
  // Exactly uniform in [0, n): reject words >= 2^32 - (2^32 mod n). BigInt-free: all values
  // stay below 2^53, so Number arithmetic is exact.
  async function uniform(n) {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = await word();
      if (w < limit) return w % n;
    }
  }
  // Fisher-Yates from the end: swap i with uniform(i + 1).
  async function shuffle(items) {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = await uniform(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
  return { word, uniform, shuffle };
}

async function main() {
  const data = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  let failures = 0;
  const check = (label, got, want) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      failures++;
      console.log(`MISMATCH ${label}`);
      console.log(`  got  ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`);
    }
  };
  check("algorithm", data.algorithm, ALGORITHM);
  for (const c of data.cases) {
    const a = c.address;
    const address = [ALGORITHM, a.game, a.players, a.round, a.seat, a.purpose, a.index].join("|");
    check(`${c.seed}: address`, address, c.address_text);
    const { raw, key } = await keyFor(c.seed);
    check(`${c.seed}: key`, hex(raw), c.key);
    check(`${c.seed}: block0`, hex(await subtle.sign("HMAC", key, enc.encode(`${address}|0`))),
          c.block0);
    const s = stream(key, address);
    const words = [];
    for (let i = 0; i < c.words.length; i++) words.push(await s.word());
    check(`${c.seed}: words`, words, c.words);
    for (const u of c.uniform) {
      const t = stream(key, address), got = [];
      for (let i = 0; i < u.results.length; i++) got.push(await t.uniform(u.n));
      check(`${c.seed}: uniform(${u.n})`, got, u.results);
    }
    for (const sh of c.shuffles) {
      const items = Array.from({ length: sh.n }, (_, i) => i);
      check(`${c.seed}: shuffle(${sh.n})`, await stream(key, address).shuffle(items), sh.result);
    }
  }
  for (const c of data.commitments) {
    check(`commitment of ${JSON.stringify(c.secret)}`, await sha256(normalise(c.secret)),
          c.commitment);
    check(`seed of ${JSON.stringify(c.secret)}`, composeSeed(c.secret, c.words), c.seed);
  }
  if (failures) {
    console.log(`${failures} mismatch(es)`);
    process.exit(1);
  }
  const counts = `${data.cases.length} cases, ${data.commitments.length} commitments`;
  console.log(`all vectors match (${counts})`);
}

main().catch((e) => { console.error(e); process.exit(2); });
