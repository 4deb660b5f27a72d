"""The generator: published test vectors (Python and a Node/Web Crypto checker), exact HMAC,
bulk and single draws agree, rejection sampling, shuffles, address independence, uniformity."""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from dice_vector_cases import spec_vectors
from sheetgen.dice.rng import ALGORITHM, Keyed, address, derive_key, limit_for
from sheetgen.dice.seeds import commitment, compose_seed, normalise_seed

HERE = Path(__file__).resolve().parent
VECTORS = HERE / "dice_vectors.json"
CASES = [
    ("odin", ("roll-and-raid", 4, 3, 2, "raid", 0)),
    ("42", ("roll-and-might", 5, 1, 0, "dice", 0)),
    ("Ragnarök at dawn", ("ragnarocks", 2, 0, 0, "mythology", 0)),
    ("k7Qx2LmVZp0cW1sT9yR4Ng|odin thor freya", ("reavers-of-midgard", 3, 6, 3, "combat", 4)),
]
SECRETS = [("  Ragnaro\u0308k  ", None), ("k7Qx2LmVZp0cW1sT9yR4Ng", "  odin   thor\tfreya ")]


def make_vectors() -> dict:
    """Return the vectors from the Python implementation (the file must equal this)."""
    cases = []
    for seed, addr in CASES:
        keyed = Keyed.from_seed(seed)
        text = address(*addr)
        fields = dict(zip(["game", "players", "round", "seat", "purpose", "index"], addr))
        s = keyed.stream(text)
        words = [s.word() for _ in range(16)]
        cases.append({
            "seed": seed, "key": derive_key(seed).hex(), "address": fields, "address_text": text,
            "block0": keyed.block(f"{text}|0".encode()).hex(), "words": words,
            "uniform": [{"n": n, "results": _draws(keyed, text, n, 24)}
                        for n in (2, 6, 52, 3_000_000_000)],
            "shuffles": [{"n": n, "result": keyed.stream(text).shuffle(list(range(n)))}
                         for n in (10, 52)],
        })
    commits = []
    for secret, words in SECRETS:
        commits.append({"secret": secret, "words": words, "seed": compose_seed(secret, words),
                        "commitment": commitment(secret)})
    return {"algorithm": ALGORITHM,
            "notes": "uniform and shuffles each start a fresh stream of the case's address",
            "cases": cases, "commitments": commits, **spec_vectors()}


def dump_vectors(data) -> str:
    """Return the vectors as JSON text, a list of plain values on one line."""
    def dump(value, indent):
        pad = " " * indent
        if isinstance(value, list) and all(not isinstance(v, (list, dict)) for v in value):
            return json.dumps(value, ensure_ascii=False)
        if isinstance(value, dict) and value:
            inner = [f"{pad} {json.dumps(k, ensure_ascii=False)}: {dump(v, indent + 1)}"
                     for k, v in value.items()]
            return "{\n" + ",\n".join(inner) + f"\n{pad}}}"
        if isinstance(value, list) and value:
            return "[\n" + ",\n".join(f"{pad} {dump(v, indent + 1)}" for v in value) + \
                f"\n{pad}]"
        return json.dumps(value, ensure_ascii=False)
    return dump(data, 0) + "\n"




def _draws(keyed, text, n, count):
    s = keyed.stream(text)
    return [s.uniform(n) for _ in range(count)]


def test_vectors_file_matches_python():
    assert json.loads(VECTORS.read_text(encoding="utf-8")) == make_vectors()


def test_vectors_exercise_rejection():
    # 3e9 rejects words >= 3e9 (30% of them): the results must show skipped words.
    case = make_vectors()["cases"][0]
    words = case["words"]
    big = next(u for u in case["uniform"] if u["n"] == 3_000_000_000)["results"]
    assert any(w >= 3_000_000_000 for w in words)
    assert big[:3] == [w for w in words if w < 3_000_000_000][:3]


def test_node_reference_checker_agrees():
    node = shutil.which("node")
    assert node, "the reference checker needs Node.js (.ci/run installs it when missing)"
    done = subprocess.run([node, str(HERE / "dice_reference.js"), str(VECTORS)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "all vectors match" in done.stdout


def test_node_reference_checker_rejects_a_wrong_vector(tmp_path):
    node = shutil.which("node")
    assert node, "the reference checker needs Node.js (.ci/run installs it when missing)"
    data = make_vectors()
    data["cases"][1]["uniform"][1]["results"][5] ^= 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run([node, str(HERE / "dice_reference.js"), str(bad)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "MISMATCH" in done.stdout


def test_keyed_block_is_hmac_sha256():
    for seed in ("odin", "x" * 200):
        keyed = Keyed.from_seed(seed)
        for msg in (b"", b"a|0", b"sheetgen-dice/1|g|1|1|1|p|0|7"):
            assert keyed.block(msg) == hmac.new(derive_key(seed), msg, hashlib.sha256).digest()
    long_key = Keyed(b"k" * 100)  # keys longer than a block are hashed first, as in RFC 2104
    assert long_key.block(b"m") == hmac.new(b"k" * 100, b"m", hashlib.sha256).digest()


def test_bulk_rolls_equal_single_draws():
    keyed = Keyed.from_seed("bulk")
    a = keyed.stream("x")
    b = keyed.stream("x")
    singles = [a.uniform(6) for _ in range(1000)]
    mixed = b.rolls(6, 3) + [b.uniform(6) for _ in range(10)] + b.rolls(6, 987)
    assert singles == mixed


def test_limit_and_words():
    assert limit_for(6) == 2**32 - 4 and limit_for(2**32) == 2**32 and limit_for(1) == 2**32
    with pytest.raises(ValueError):
        limit_for(0)
    s = Keyed.from_seed("odin").stream("a")
    block = Keyed.from_seed("odin").block(b"a|0")
    assert [s.word() for _ in range(8)] == [int.from_bytes(block[i:i + 4], "big")
                                            for i in range(0, 32, 4)]


def test_shuffle_is_a_permutation_and_varies():
    keyed = Keyed.from_seed("deck")
    orders = {tuple(keyed.stream(f"s{i}").shuffle(range(8))) for i in range(200)}
    assert all(sorted(o) == list(range(8)) for o in orders)
    assert len(orders) > 190  # 8! = 40320 orders; 200 draws almost never repeat


def test_addresses_are_independent():
    keyed = Keyed.from_seed("table")
    first = keyed.stream(address("g", 4, 4, 1, "raid", 0)).rolls(6, 20)
    noise = keyed.stream(address("g", 4, 3, 1, "raid", 0))
    noise.rolls(6, 1000)  # a long re-roll streak in round 3...
    assert keyed.stream(address("g", 4, 4, 1, "raid", 0)).rolls(6, 20) == first  # ...moves nothing
    assert keyed.stream(address("g", 5, 4, 1, "raid", 0)).rolls(6, 20) != first


def test_different_seeds_differ():
    rolls = {tuple(Keyed.from_seed(str(s)).stream("a").rolls(6, 30)) for s in range(50)}
    assert len(rolls) == 50


CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 11: 31.26, 51: 87.97}


@pytest.mark.parametrize("n,seed", [(2, "coin"), (3, "d3"), (6, "d6"), (12, "d12"),
                                    (52, "cards"), (6, "another d6")])
def test_chi_square_uniform(n, seed):
    # Fixed seeds, so the test is deterministic; the bound is the 99.9% quantile.
    rolls = Keyed.from_seed(seed).stream(f"chi|{n}").rolls(n, 60_000)
    counts = Counter(rolls)
    expected = len(rolls) / n
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    assert sorted(counts) == list(range(n))
    assert chi2 < CHI2_999[n - 1], chi2


def test_chi_square_rejection_heavy_range():
    # n just above 2**31: about half the words are rejected; halves must still be even.
    n = 2**31 + 1
    draws = Keyed.from_seed("big").stream("b").rolls(n, 20_000)
    low = sum(d < n // 2 for d in draws)
    assert abs(low - 10_000) < 3.3 * (20_000 ** 0.5) / 2


def test_seed_normalisation():
    assert normalise_seed(" Ragnaro\u0308k ") == "Ragnarök" and normalise_seed(42) == "42"
    assert compose_seed("s", "  a   b ") == "s|a b" and compose_seed("s", "") == "s"


if __name__ == "__main__" and "--write" in sys.argv:  # regenerate after a reviewed change
    import re

    text = json.dumps(make_vectors(), indent=1, ensure_ascii=False)
    text = re.sub(r"\[\s*(-?\d+(?:,\s*-?\d+)*)\s*\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m[1].split(",")) + "]", text)
    VECTORS.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":  # regenerate: python tests/test_dice_rng.py > tests/dice_vectors.json
    sys.path.insert(0, str(HERE.parent))
    print(dump_vectors(make_vectors()), end="")
