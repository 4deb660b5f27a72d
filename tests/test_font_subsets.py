"""Font subsets kept across documents give the bytes ReportLab writes making them afresh, and
every subset of a document carries its own tag."""

from __future__ import annotations

import re
import subprocess
from io import BytesIO

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from sheetgen.write.font_subsets import SubsetCachingTTFont, TaggedTTFont, subset_tag
from tests.conftest import REPO

FONT = str(REPO / "fonts" / "AlegreyaSans-Regular.ttf")
# texts whose non-ASCII letters get different subset codes, and one long enough for a 2nd subset
# (U+0149 is left out: the font has no glyph for it)
TEXTS = ["Ægir Sól", "Hildisvíni ’ Þór", "Ægir Sól",
         "".join(chr(c) for c in range(0xC0, 0x17F) if c != 0x149), "plain ASCII"]


def _pdf(font_name: str, text: str, compression: int = 1, *more_fonts: str) -> bytes:
    out = BytesIO()
    canvas = Canvas(out, invariant=1, pageCompression=compression)
    for y, name in enumerate((font_name, *more_fonts)):
        canvas.setFont(name, 12)
        canvas.drawString(20, 700 - 20 * y, text)
    canvas.save()
    return out.getvalue()


def subset_names(data: bytes) -> dict[str, str]:
    """Every font subset's name in a PDF (``TAG+Face``) by its resource name (``F2+1``: the
    font's second subset), read with pypdf."""
    names = {}
    for page in PdfReader(BytesIO(data)).pages:
        for key, font in page["/Resources"]["/Font"].items():
            name = str(font.get_object()["/BaseFont"])[1:]
            if "+" in name:
                names[key[1:]] = name
    return names


@pytest.fixture
def fonts():
    """A stock ReportLab font and a subset-keeping one of the same file, under their own names.

    (``registerFont`` would alias the second to the first: they share a face name.)
    """
    made = (TaggedTTFont("subset-test-stock", FONT), SubsetCachingTTFont("subset-test-kept", FONT),
            TTFont("subset-test-reportlab", FONT),
            SubsetCachingTTFont("subset-test-bold", str(REPO / "fonts" / "AlegreyaSans-Bold.ttf")))
    pdfmetrics._fonts.update({font.fontName: font for font in made})
    yield made
    for font in made:
        del pdfmetrics._fonts[font.fontName]


def test_kept_subsets_give_reportlabs_bytes_and_the_right_letters(fonts):
    stock, kept = fonts[:2]
    for compression in (1, 0):
        for text in TEXTS:
            data = _pdf(kept.fontName, text, compression)
            assert data == _pdf(stock.fontName, text, compression), text
            page = PdfReader(BytesIO(data)).pages[0]
            assert page.extract_text().strip() == text
    # each distinct subset was cut once: 4 different documents, the long text in 2 subsets (the
    # second "Ægir Sól" document reused the first one's)
    assert len(kept._programs) == 5


def test_every_subset_of_a_document_has_its_own_tag(fonts, tmp_path):
    """Two fonts, the first in two subsets: three tags, none alike (ReportLab tags the first
    subset of every font AAAAAA), the same in every build of the same document."""
    stock, kept, _, bold = fonts
    long_text = TEXTS[3]
    for font in (stock, kept):
        data = _pdf(font.fontName, long_text, 1, bold.fontName)
        names = list(subset_names(data).values())
        tags = [name.split("+")[0] for name in names]
        assert len(names) == 4, names   # two subsets of each font
        assert all(re.fullmatch(r"[A-Z]{6}", tag) for tag in tags), names
        assert len(set(tags)) == len(tags), names
        assert data == _pdf(font.fontName, long_text, 1, bold.fontName)
        (tmp_path / "two-fonts.pdf").write_bytes(data)
        listed = subprocess.run(["pdffonts", str(tmp_path / "two-fonts.pdf")], check=True,
                                capture_output=True, text=True).stdout.splitlines()[2:]
        assert sorted(line.split()[0] for line in listed if "+" in line) == sorted(names)


def test_tags_are_the_only_bytes_that_differ_from_reportlab(fonts):
    """Uncompressed, a tagged document is ReportLab's own with ReportLab's tags put back."""
    stock, _, reportlab_font, _ = fonts
    for text in TEXTS:
        ours = _pdf(stock.fontName, text, 0)
        theirs = _pdf(reportlab_font.fontName, text, 0)
        for key, name in subset_names(ours).items():
            tag, subset = name.split("+")[0], int(key.split("+")[1])
            assert tag not in ("AAAAAA", "AAAAAB")
            ours = ours.replace(tag.encode() + b"+", b"AAAAA" + b"AB"[subset:subset + 1] + b"+")
        assert ours.replace(b"subset-test-stock", b"subset-test-reportlab") == theirs, text


def test_a_tag_taken_in_the_document_is_hashed_again():
    taken: set[str] = set()
    first = subset_tag(b"Face", (65, 66), taken)
    assert taken == {first}
    again = subset_tag(b"Face", (65, 66), taken)
    assert again != first and taken == {first, again}
    assert subset_tag(b"Face", (65, 66), set()) == first
    assert subset_tag(b"Other", (65, 66), set()) != first
