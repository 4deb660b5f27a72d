// Independent reference checker for sheetgen-dice/1, written from docs/src/dice-spec.md
// alone, using only Web Crypto. It checks the primitives and the spec details (slugs, cells,
// labels, patterns, player counts) against test vectors and, when the input has "scripts",
// rebuilds whole scripts from their seeds: each entry gives the game id, players, seed (or
// secret and words), balanced, variant, the game's dice.yaml, component files and playtest
// variant files as plain JSON, and the digest to match.
// Usage: node tests/dice_reference.js FILE.json   (exit 0 when everything matches)
"use strict";
const fs = require("fs");
const subtle = globalThis.crypto.subtle;
const ALGORITHM = "sheetgen-dice/1";
const enc = new TextEncoder();
const hex = (buf) => Buffer.from(new Uint8Array(buf)).toString("hex");

// The README's whitespace: exactly these code points (not JavaScript's \s).
const WS = "\u0009\u000a\u000b\u000c\u000d\u001c\u001d\u001e\u001f\u0020\u0085\u00a0" +
  "\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" +
  "\u2028\u2029\u202f\u205f\u3000";
const trimWs = (s) => {
  let a = 0, b = s.length;
  while (a < b && WS.includes(s[a])) a++;
  while (b > a && WS.includes(s[b - 1])) b--;
  return s.slice(a, b);
};
const normalise = (s) => trimWs(String(s).normalize("NFC"));
const composeSeed = (secret, words) => {
  const w = (words || "").normalize("NFC").split(new RegExp(`[${WS}]+`)).filter(Boolean)
    .join(" ");
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
  const spec = ["slugs", "cells", "labels", "bad_patterns", "counts"];
  for (const v of data.slugs || []) check(`slug of ${v.name}`, derivedId(v.name) || null, v.id);
  for (const v of data.cells || []) {
    const [type, value] = parseCell(v.cell);
    check(`cell ${JSON.stringify(v.cell)}`, { type, value }, { type: v.type, value: v.value });
  }
  for (const v of data.labels || []) {
    check(`label ${JSON.stringify(v.show)} of ${JSON.stringify(v.fields)}`,
          label({ id: v.id, name: v.name, fields: v.fields }, v.show), v.label);
  }
  for (const v of data.bad_patterns || []) {
    let refused = false;
    try { tokens(v.show); } catch (e) { refused = true; }
    check(`pattern ${JSON.stringify(v.show)} refused`, refused, v.refused);
  }
  for (const v of data.counts || []) {
    check(`count ${JSON.stringify(v.value)} for ${v.players}`, resolveCount(v.value, v.players),
          v.count);
  }
  for (const sc of data.scripts || []) {
    const body = await buildScript(sc);
    const digest = await sha256(canonical(body));
    check(`script ${sc.game} ${sc.players}p ${sc.variant || "base"}: digest`, digest, sc.digest);
  }
  if (failures) {
    console.log(`${failures} mismatch(es)`);
    process.exit(1);
  }
  const details = spec.map((k) => (data[k] || []).length).reduce((a, b) => a + b, 0);
  const counts = `${data.cases.length} cases, ${data.commitments.length} commitments, ` +
    `${details} spec details, ${(data.scripts || []).length} scripts`;
  console.log(`all vectors match (${counts})`);
}

// ---- Whole scripts, from the README alone ----

// Canonical JSON: keys sorted, no spaces, raw UTF-8 (JSON.stringify's string escapes are
// Python's json.dumps(ensure_ascii=False) ones).
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

const isNum = (x) => typeof x === "number";
// Values as text the way the README says: true/false as True/False, null as None.
function text(v) {
  if (v === null || v === undefined) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (Array.isArray(v)) return `[${v.map((x) => typeof x === "string" ? `'${x}'` : text(x))
    .join(", ")}]`;
  return String(v);
}
const same = (a, b) => a === b || (isNum(a) && isNum(b) && a === b) ||
  ((a === true || a === false) && isNum(b) && Number(a) === b) ||
  ((b === true || b === false) && isNum(a) && Number(b) === a) || text(a) === text(b);

function parseCondition(t) {
  if (typeof t === "string") {
    const m = /^\s*(<=|>=|==|!=|<|>)\s*(.+?)\s*$/.exec(t);
    if (m) return [m[1], /^-?\d+$/.test(m[2]) ? parseInt(m[2], 10) : m[2]];
    if (/^\s*-?\d+\s*$/.test(t)) return ["==", parseInt(t, 10)];
  }
  return ["==", t];
}
function holds(op, left, right) {
  if (op === "==" && Array.isArray(right)) return right.some((x) => same(x, left));
  if (op === "==" || op === "!=") return same(left, right) === (op === "==");
  const ok = (isNum(left) && isNum(right)) ||
    (typeof left === "string" && typeof right === "string");
  if (!ok) return false;
  return { "<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right }[op];
}
function resolveCount(value, players) {
  const one = (v) => (v === "players" ? players : parseInt(v, 10));
  if (value === null || typeof value !== "object") return one(value);
  const ranges = [];
  for (const [key, result] of Object.entries(value)) {
    if (key === "other") continue;
    if (/^\s*\d+\s*$/.test(key)) {
      if (parseInt(key, 10) === players) return one(result);
    } else {
      const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(key);
      ranges.push([parseInt(m[1], 10), parseInt(m[2], 10), result]);
    }
  }
  for (const [lo, hi, result] of ranges) if (lo <= players && players <= hi) return one(result);
  return "other" in value ? one(value.other) : null;
}
const fieldsMatch = (fields, where, players) => Object.entries(where || {}).every(([k, c]) => {
  let [op, v] = parseCondition(c);
  if (v === "players") v = players;
  return holds(op, k in fields ? fields[k] : null, v);
});

// Letters NFKD leaves whole are dropped, except these, written out first.
const LETTERS = { "Þ": "Th", "þ": "th", "Ð": "D", "ð": "d", "Æ": "Ae", "æ": "ae", "Ø": "O",
                  "ø": "o" };
function slugify(t) {
  const ascii = String(t).replace(/[ÞþÐðÆæØø]/g, (c) => LETTERS[c]).normalize("NFKD")
    .replace(/[^\x00-\x7f]/g, "");
  return ascii.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}
// The id an item without id: takes: the slug of its name (else title), cut to 64, no
// trailing "-"; "" (no letter or digit to keep) is refused by the tool.
const derivedId = (name) => slugify(name).slice(0, 64).replace(/-+$/, "");
function itemId(item) {
  if (item.id) return String(item.id);
  const id = derivedId(item.name || item.title);
  if (!id) throw new Error(`the name ${JSON.stringify(item.name || item.title)} gives no id`);
  return id;
}
function readDeck(data, changes) {
  let defaults = data.defaults && typeof data.defaults === "object" ? { ...data.defaults } : {};
  let items = data.items.map((item) => ({ ...item, id: itemId(item) }));
  for (const change of changes || []) [defaults, items] = applyChanges(defaults, items, change);
  const cards = [];
  items.forEach((item) => {
    const fields = { ...defaults, ...item };
    const id = item.id;
    const name = String(fields.name || fields.title || id);
    delete fields.count;
    const count = "count" in item ? item.count
      : Number.isInteger(defaults.count) ? defaults.count : 1;
    for (let copy = 1; copy <= count; copy++) cards.push({ id, name, order: cards.length, fields });
  });
  return cards;
}

// A variant file's change set for one component: settings' defaults and fields: merge in,
// then item changes by id (in the order written, mappings merged key by key), removals, and
// additions at the end of the file order.
const RESERVED = ["add", "remove", "settings", "elements", "fields"];
const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const merge = (old, add) => (isMap(old) && isMap(add)
  ? Object.fromEntries([...Object.entries(old).filter(([k]) => !(k in add)),
    ...Object.entries(add).map(([k, v]) => [k, merge(old[k], v)])]
    .sort((a, b) => keyOrder(old, add, a[0]) - keyOrder(old, add, b[0])))
  : add);
// merged keys keep the old mapping's order, new keys after it (as Python's {**old, **new})
const keyOrder = (old, add, k) => (k in old ? Object.keys(old).indexOf(k)
  : Object.keys(old).length + Object.keys(add).indexOf(k));
function applyChanges(defaults, items, change) {
  if (change.settings && isMap(change.settings.defaults)) {
    defaults = merge(defaults, change.settings.defaults);
  }
  for (const [name, value] of Object.entries(change.fields || {})) {
    defaults = { ...defaults, [name]: merge(defaults[name], value) };
    items = items.map((it) => (name in it ? { ...it, [name]: merge(it[name], value) } : it));
  }
  items = items.map((it) => {
    const fields = change[it.id];
    if (RESERVED.includes(it.id) || !isMap(fields)) return it;
    let out = { ...it };
    for (const [k, v] of Object.entries(fields)) out = { ...out, [k]: merge(out[k], v) };
    return out;
  });
  const removed = change.remove || [];
  items = items.filter((it) => !removed.includes(it.id));
  for (const raw of change.add || []) items.push({ ...raw, id: itemId(raw) });
  return [defaults, items];
}

// A playtest variant file and the files it extends, oldest first.
function variantChain(files, name) {
  const chain = [];
  for (let n = name; n; n = files[n].extends) chain.unshift(files[n]);
  return chain;
}

// A placeholder is {field} (ASCII letters, digits, _ and -, a letter or _ first); {{ and }}
// are braces; any other
// brace makes the pattern a mistake (refused when dice.yaml is read).
const TOKEN = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)\}|[{}]/g;
function tokens(pattern) {
  const out = [];
  let at = 0;
  for (const m of pattern.matchAll(TOKEN)) {
    if (m.index > at) out.push([pattern.slice(at, m.index), false]);
    if (m[1] !== undefined) out.push([m[1], true]);
    else if (m[0] === "{{" || m[0] === "}}") out.push([m[0][0], false]);
    else throw new Error(`bad pattern ${JSON.stringify(pattern)}`);
    at = m.index + m[0].length;
  }
  if (at < pattern.length) out.push([pattern.slice(at), false]);
  return out;
}
const empty = (v) => v === null || v === undefined || v === "" ||
  (Array.isArray(v) && v.length === 0);
// A decimal: shortest round-trip digits, no exponent; a whole one as a whole number. (JSON
// does not keep 3.0 apart from 3, so a whole decimal must print as the whole number.)
function numberText(x) {
  if (Number.isInteger(x)) return BigInt(x).toString();
  const [mantissa, exp] = x.toString().split("e");
  if (exp === undefined) return mantissa;
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  const point = mantissa.replace("-", "").indexOf(".");
  const at = (point < 0 ? digits.length : point) + parseInt(exp, 10);
  if (at <= 0) return `${sign}0.${"0".repeat(-at)}${digits}`;
  return `${sign}${digits.padEnd(at, "0").slice(0, at)}${digits.length > at ? "." + digits.slice(at) : ""}`;
}
function valueText(v) {
  if (v === null || v === undefined) return "\u2014";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "number") return numberText(v);
  if (typeof v === "string") return iconWords(v);
  if (Array.isArray(v)) return v.map(valueText).join(", ");
  return Object.entries(v).map(([k, x]) => `${k}: ${valueText(x)}`).join(", ");
}
function label(card, show) {
  const values = { ...card.fields, id: card.id, name: card.name };
  let pattern = show;
  if (Array.isArray(show)) {
    const names = (p) => tokens(p).filter(([, f]) => f).map(([t]) => t);
    pattern = show.find((p) => names(p).every((f) => !empty(values[f]))) || show[show.length - 1];
  }
  let out = "";
  for (const [t, isField] of tokens(pattern)) {
    if (!isField) out += t;
    else if (!(t in values)) return card.name;
    else out += valueText(values[t]);
  }
  return out;
}

// Spreadsheet cells: trimmed; empty -> unset; null/~ (any case) -> null; true/false (any
// case) -> boolean; [-+]?digits -> whole number; a finite decimal -> decimal; else text.
function parseCell(cell) {
  const t = trimWs(cell);
  if (t === "") return ["unset", null];
  if (["null", "~"].includes(t.toLowerCase())) return ["null", null];
  if (["true", "false"].includes(t.toLowerCase())) return ["boolean", t.toLowerCase() === "true"];
  if (/^[-+]?[0-9]+$/.test(t)) return ["integer", parseInt(t, 10)];
  if (/^[-+]?([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)([eE][-+]?[0-9]+)?$/.test(t) &&
      Number.isFinite(parseFloat(t))) return ["decimal", parseFloat(t)];
  return ["text", t];
}

// Icon markup `:a-b:` reads "a b"; markup followed by spaces and its own words (ASCII case
// ignored) is dropped with the spaces: "1 :troll: Troll trophy" -> "1 Troll trophy".
function iconWords(v) {
  return v.replace(/:([a-z0-9]+(?:-[a-z0-9]+)*):( *)/g, (m, n, spaces, at) => {
    const name = n.replace(/-/g, " ");
    const after = at + m.length;
    const follows = v.slice(after, after + name.length);
    if (spaces && /^[\x00-\x7f]*$/.test(follows) && follows.toLowerCase() === name) return "";
    return name + spaces;
  });
}

function withDefaults(step) {
  const base = {
    roll: { scope: "table", pool: 1, reroll_while: null, rounds: null, balanced: false,
            total: false, per_card: null },
    shuffle: { deck: null, items: null, where: {}, piles: null, reveal: 0, show: "{name}",
               reserve: [], bottom: [], full_order: true, refill_orders: 0 },
    deal: { face_down: 0, reshuffle: "discards" },
    "first-player": { rotate: false }, teams: {}, pause: {},
  }[step.kind];
  return { when: null, modes: null, note: "", ...base, ...step };
}

async function buildScript(sc) {
  const rules = JSON.parse(JSON.stringify(sc.dice_yaml));
  const files = sc.variant_files || {};
  const chain = sc.variant && files[sc.variant] ? variantChain(files, sc.variant) : [];
  if (sc.variant) {  // a game mode replaces fields of named steps, and the rounds
    let v = (rules.variants || {})[sc.variant];
    if (chain.length) {  // a variant file: its dice: over its parents', step field by field
      v = { steps: {} };
      for (const f of chain) {
        for (const [k, x] of Object.entries(f.dice || {})) {
          if (k !== "steps") v[k] = x;
        }
        for (const [id, fields] of Object.entries((f.dice || {}).steps || {})) {
          v.steps[id] = { ...(v.steps[id] || {}), ...fields };
        }
      }
    }
    for (const part of ["setup", "each_round"]) {
      for (const step of rules[part] || []) Object.assign(step, (v.steps || {})[step.id] || {});
    }
    if (v.rounds !== undefined && v.rounds !== null) rules.rounds = v.rounds;
  }
  const players = sc.players, game = sc.game;
  const secret = sc.secret !== undefined ? sc.secret : String(sc.seed);
  const seed = composeSeed(secret, sc.words);
  const { key } = await keyFor(seed);
  const at = (round, seat, purpose, index) =>
    stream(key, [ALGORITHM, game, players, round, seat, purpose, index].join("|"));
  const dice = rules.dice || {};
  const decks = {}, orders = {}, dealt = {}, diceDecks = {}, diceDeckCount = {};
  let firstPlayer = 0, rotate = false, byRules = false;
  const deckOf = (name) => readDeck(sc.decks[name], chain.map((f) => (f.changes || {})[name])
    .filter(Boolean));
  const active = (s) => {
    if (s.modes !== null && !s.modes.includes(sc.variant || "")) return false;
    if (s.when === null) return true;
    const [op, v] = parseCondition(s.when);
    return holds(op, players, parseInt(v, 10));
  };
  const event = (kind, s, extra) => ({ kind, id: s.id, label: s.label, seat: 0, rolls: [],
                                      items: [], groups: [], note: s.note, ...extra });

  async function rollOnce(s, faces, round, seat, index) {
    const st = at(round, seat, s.id, index);
    let result = [];
    for (const f of faces) result.push(f[await st.uniform(f.length)]);
    const rule = s.reroll_while, thrown = [];
    if (!rule) return [result, thrown];
    const watched = rule.dice ? rule.dice.map((p) => p - 1) : faces.map((_, i) => i);
    const again = (rule.reroll || "all") === "all" ? faces.map((_, i) => i) : watched;
    const count = (xs) => xs.reduce((m, x) => m.set(x, (m.get(x) || 0) + 1), new Map());
    const meets = (r) => {
      const seen = watched.map((p) => text(r[p]));
      if (rule.of_a_kind != null) return Math.max(...count(seen).values()) >= rule.of_a_kind;
      if (rule.faces != null) {
        return [...seen].sort().join("\u0000") === rule.faces.map(text).sort().join("\u0000");
      }
      return seen.includes(text(rule.any));
    };
    while (meets(result)) {
      thrown.push(result);
      result = result.slice();
      for (const p of again) result[p] = faces[p][await st.uniform(faces[p].length)];
    }
    return [result, thrown];
  }

  async function roll(s, round) {
    if (s.rounds && !s.rounds.includes(round)) return [];
    // per_card: one roll per card of an earlier shuffle passing `where`, in its order
    const names = s.per_card ? orders[s.per_card.from].cards
      .filter((c) => fieldsMatch(c.fields, s.per_card.where || {}, players))
      .map((c) => label(c, orders[s.per_card.from].show)) : [];
    const count = s.per_card ? names.length : resolveCount(s.pool, players) || 0;
    const seats = s.scope === "table" ? [0] : Array.from({ length: players }, (_, i) => i + 1);
    const faces = s.dice.map((d) => dice[d].faces);
    const numeric = s.total && faces.every((f) => f.every(isNum));
    const out = [];
    for (const seat of count ? seats : []) {
      const rolls = [];
      for (let index = 0; index < count; index++) {
        let final, thrown = [];
        if (sc.balanced && s.balanced) {
          const k = `${s.id}|${seat}`;
          if (!(diceDecks[k] || []).length) {
            const n = diceDeckCount[k] || 0;
            diceDeckCount[k] = n + 1;
            const pairs = [];
            for (const a of faces[0]) for (const b of faces[0]) pairs.push([a, b]);
            diceDecks[k] = await at(0, seat, `${s.id}-deck`, n).shuffle(pairs);
          }
          final = diceDecks[k].shift();
        } else {
          [final, thrown] = await rollOnce(s, faces, round, seat, index);
        }
        rolls.push({ index: index + 1, dice: s.dice.slice(), faces: final, rerolled: thrown,
                     total: numeric ? final.reduce((a, b) => a + b, 0) : null });
      }
      out.push(event("roll", s, { seat, rolls, items: names }));
    }
    return out;
  }

  async function shuffle(s) {
    let cards = s.items !== null
      ? s.items.map((x, i) => ({ id: text(x), name: text(x), order: i, fields: {} }))
      : deckOf(s.deck).filter((c) => fieldsMatch(c.fields, s.where, players));
    const st = at(0, 0, s.id, 0);
    let note = s.note, groups = [];
    const join = (...xs) => xs.filter(Boolean).join(" ");
    let order;
    if (s.piles) {
      const names = s.piles.order.map(text), piles = new Map(names.map((n) => [n, []]));
      for (const c of cards) piles.get(text(c.fields[s.piles.by] ?? null)).push(c);
      for (const n of names) piles.set(n, await st.shuffle(piles.get(n)));
      const sizes = names.map((n) => `${n}: ${piles.get(n).length}`).join(", ");
      if (s.piles.separate) {
        groups = names.map((n) => ({ name: `${n} stack`, items: piles.get(n).map((c) =>
          label(c, s.show)), seat: 0 }));
        note = join(note, `Stacks by ${s.piles.by}, each shuffled alone, top first (${sizes}).`);
        return event("shuffle", s, { groups, note });
      }
      order = names.flatMap((n) => piles.get(n));
      note = join(note, `Piles by ${s.piles.by}, each shuffled alone, first on top (${sizes}).`);
    } else {
      order = await st.shuffle(cards);
    }
    if (s.bottom.length) {
      const all = deckOf(s.deck);
      const under = s.bottom.map((id) => all.filter((c) => c.id === id).pop());
      order = order.concat(under);
      note = join(note, `${under.map((c) => c.name).join(", ")} at the bottom.`);
    }
    const reveal = Math.min(resolveCount(s.reveal, players) || 0, order.length);
    const labels = order.map((c) => label(c, s.show));
    if (reveal) groups.push({ name: "face up", items: labels.slice(0, reveal), seat: 0 });
    for (const r of s.reserve) {
      if (r.if_revealed && !order.slice(0, reveal).some((c) => c.id === r.if_revealed)) continue;
      const rest = order.slice(reveal).filter((c) => fieldsMatch(c.fields, r.where || {}, players))
        .slice(0, r.take);
      groups.push({ name: r.label, items: rest.map((c) => label(c, s.show)), seat: 0 });
    }
    // refill orders: shuffle k of the whole (filtered, file-order) deck at (0, 0, id, k)
    const refills = resolveCount(s.refill_orders, players) || 0;
    for (let k = 1; k <= refills; k++) {
      const again = await at(0, 0, s.id, k).shuffle(cards);
      groups.push({ name: `refill ${k}`, items: again.map((c) => label(c, s.show)), seat: 0 });
    }
    if (refills) {
      note = join(note, "When the deck runs out, stack its discard pile in the order of the " +
                  "next refill list, skipping cards that are not in the pile.");
    }
    decks[s.id] = { cards: order.slice(), show: s.show, discards: [], reshuffles: 0 };
    orders[s.id] = { cards: order.slice(), show: s.show };
    return event("shuffle", s, { items: s.full_order ? labels : [], groups, note });
  }

  async function deal(s, round) {
    const deck = decks[s.from];
    const per = resolveCount(s.per_player, players) || 0;
    const down = Math.min(resolveCount(s.face_down, players) || 0, per);
    const start = (dealt[s.from] || []).length;
    const hands = [], notes = [], out = [];
    for (let seat = 1; seat <= players; seat++) {
      const hand = [];
      for (let k = 0; k < per; k++) {
        if (!deck.cards.length && s.reshuffle === "discards" && deck.discards.length) {
          const pile = deck.discards.slice().sort((a, b) => a.order - b.order);
          deck.discards = [];
          deck.cards = await at(round, 0, `${s.id}-reshuffle`, deck.reshuffles).shuffle(pile);
          deck.reshuffles++;
          notes.push(`deck ran out dealing to seat ${seat}: discards reshuffled`);
        }
        if (!deck.cards.length) { notes.push("no cards left"); break; }
        const card = deck.cards.shift();
        hand.push(label(card, deck.show));
        out.push(card);
      }
      const keep = hand.length === per ? hand.length - down : hand.length;
      hands.push({ name: `seat ${seat}`, items: hand.slice(0, keep), seat });
      if (down) hands.push({ name: `seat ${seat} face down`, items: hand.slice(keep), seat });
    }
    if (round === 0) {
      dealt[s.from] = (dealt[s.from] || []).concat(out);
      notes.push(`dealt from the top; the deck continues with card ${start + out.length + 1} ` +
                 "of its order");
    } else {
      deck.discards.push(...out);
    }
    return event("deal", s, { groups: hands, note: [s.note, ...notes].filter(Boolean).join("; ") });
  }

  async function teams(s) {
    const seats = await at(0, 0, s.id, 0).shuffle(Array.from({ length: players }, (_, i) => i + 1));
    const [a, b] = s.colours;
    const members = { [a]: seats.filter((_, i) => i % 2 === 0), [b]: seats.filter((_, i) => i % 2) };
    const first = s.draft_first, second = first === a ? b : a, draft = [];
    const most = Math.max(members[a].length, members[b].length);
    for (let k = 0; k < most; k++) {
      for (const c of [first, second]) {
        if (k < members[c].length) draft.push(`${c} #${k + 1} (seat ${members[c][k]})`);
      }
    }
    const groups = [a, b].map((c) => ({ name: c, items: members[c].map((x, k) =>
      `#${k + 1}: seat ${x}`), seat: 0 }));
    return event("teams", s, { items: draft, groups });
  }

  async function run(part, round) {
    const events = [];
    for (const raw of rules[part] || []) {
      const s = withDefaults(raw);
      if (!active(s)) continue;
      if (s.kind === "roll") events.push(...await roll(s, round));
      else if (s.kind === "shuffle") events.push(await shuffle(s));
      else if (s.kind === "deal") events.push(await deal(s, round));
      else if (s.kind === "first-player") {
        firstPlayer = await at(0, 0, s.id, 0).uniform(players) + 1;
        rotate = !!s.rotate;
        byRules = !s.rotate;
        events.push(event("first-player", s, { seat: firstPlayer, items: [`seat ${firstPlayer}`] }));
      } else if (s.kind === "teams") events.push(await teams(s));
      else if (s.kind === "pause") events.push(event("pause", s, {}));
    }
    return events;
  }

  const sections = [{ number: 0, title: "Setup", events: await run("setup", 0), first_player: 0 }];
  const titles = rules.round_titles || {};
  for (let r = 1; r <= rules.rounds; r++) {
    let title = `${rules.round_label || "Round"} ${r}`;
    if (titles[r] !== undefined) title += ` (${titles[r]})`;
    const events = await run("each_round", r);
    if (byRules) title += " (start player: by the rules)";
    sections.push({ number: r, title, events,
                    first_player: rotate ? (firstPlayer - 1 + r - 1) % players + 1 : 0 });
  }
  const dieInfo = {};
  for (const [id, d] of Object.entries(dice)) {
    dieInfo[id] = { name: d.name, short: d.short || id, colour: (d.colour || "#ffffff")
      .toLowerCase(), faces: d.faces };
  }
  const body = { algorithm: ALGORITHM, game, players, commitment: await sha256(normalise(secret)),
                 balanced: !!sc.balanced, dice: dieInfo, sections };
  if (sc.variant) body.variant = sc.variant;
  return body;
}

main().catch((e) => { console.error(e); process.exit(2); });
