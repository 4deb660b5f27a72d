"""pdfcheck.page_texts, the suite's shared reading of PDF text: pypdf's own text of every page,
read once per file content and shared between xdist workers through a folder."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

import pdfcheck


def _pdf(path, words: list[str]):
    """Write a PDF with one page per word (the word printed at the top left)."""
    canvas = Canvas(str(path), invariant=1)
    for word in words:
        canvas.drawString(72, 720, word)
        canvas.showPage()
    canvas.save()
    return path


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A shared folder of its own, and no page text known to this process."""
    monkeypatch.setattr(pdfcheck, "TEXT_CACHE", tmp_path / "shared")
    monkeypatch.setattr(pdfcheck, "_PAGES", {})
    monkeypatch.setattr(pdfcheck, "_DIGESTS", {})
    return tmp_path


def test_the_texts_are_pypdfs_of_each_page_and_text_of_folds_their_spaces(fresh):
    pdf = _pdf(fresh / "a.pdf", ["Alpha", "Beta", "Alpha", "Gamma"])
    direct = [page.extract_text() for page in PdfReader(pdf).pages]
    assert [text.strip() for text in direct] == ["Alpha", "Beta", "Alpha", "Gamma"]
    assert pdfcheck.page_texts(pdf) == direct  # exactly, line ends and all
    assert pdfcheck.page_texts(pdf, [1, -1]) == [direct[1], direct[3]]
    assert pdfcheck.text_of(pdf) == "Alpha Beta Alpha Gamma "  # line ends folded to spaces
    assert pdfcheck.text_of(pdf, [2]) == "Alpha "


def test_another_worker_reads_the_texts_from_the_shared_folder(fresh, monkeypatch):
    pdf = _pdf(fresh / "a.pdf", ["Alpha", "Beta"])
    direct = [page.extract_text() for page in PdfReader(pdf).pages]
    assert pdfcheck.page_texts(pdf) == direct
    assert len(list((fresh / "shared").glob("*.json"))) == 1
    # a new process: nothing known in memory, and pypdf must not be asked again
    monkeypatch.setattr(pdfcheck, "_PAGES", {})
    monkeypatch.setattr(pdfcheck, "_DIGESTS", {})

    def no_reading(*args, **kwargs):
        raise AssertionError("the page was read again")

    monkeypatch.setattr(pdfcheck, "PdfReader", no_reading)
    assert pdfcheck.page_texts(pdf, [1]) == [direct[1]]
    assert pdfcheck.page_texts(pdf) == direct


def test_a_file_rewritten_with_other_content_is_read_again(fresh):
    pdf = _pdf(fresh / "a.pdf", ["Alpha"])
    assert pdfcheck.text_of(pdf) == "Alpha "
    _pdf(pdf, ["Omega", "Delta"])  # the same path, other bytes
    assert pdfcheck.text_of(pdf) == "Omega Delta "
