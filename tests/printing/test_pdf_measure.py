"""The PDF measures every printing test relies on, checked on a page whose answers are known:
a 63 × 88 mm card outline with text at known sizes, a blank lower half, a mark 8 mm from the
edge, and Japanese lines broken by hand inside a katakana word and between a number and its
counter: in a paragraph, in a bulleted item (its next line indented past the bullet) and in the
right of two columns whose lines interleave by height; and a last line of one character and its
full stop."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.render.pdf import write_pdf
from tests.printing import pdf_measure as pm

PAGE = """<html lang="ja"><head><style>
@page { size: 210mm 297mm; margin: 0 }
body { margin: 0; font-family: "BIZ UDGothic"; }
.card { position: absolute; left: 20mm; top: 20mm; width: 63mm; height: 88mm;
        box-sizing: border-box; border: 0.2mm solid #888; padding: 3mm; }
.body { font-size: 7pt; line-height: 1.2; width: 30mm; }
.key { font-size: 10pt; font-weight: bold; }
.tiny { font-size: 6pt; }
.far { position: absolute; left: 8mm; top: 150mm; font-size: 8pt; }
.item { padding-left: 4mm; text-indent: -4mm; }
.col { position: absolute; top: 200mm; width: 40mm; font-size: 7pt; line-height: 8.4pt; }
.left { left: 100mm; }
.right { left: 145mm; top: calc(200mm + 0.9pt); }
</style></head><body>
<div class="card">
  <p class="body">耐久 <span class="key">12</span> 威力 <span class="key">3</span></p>
  <p class="body">本文の文字は七ポイントで組まれている。</p>
  <p class="body">ガトリ<br>ング砲と5<br>発のミサイル</p>
  <p class="body tiny">注記</p>
</div>
<div class="col" style="left: 100mm; top: 20mm">
  <p class="body item">•&nbsp;リス<br>ク+2 の例</p>
  <p class="body">これで終わ<br>る。</p>
</div>
<p class="col left">左の段の文<br>章が続く<br>三行目まで</p>
<p class="col right">右のドリ<br>ルの段</p>
<p class="far">端から8mm</p>
</body></html>"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    path: Path = tmp_path_factory.mktemp("measure") / "known.pdf"
    write_pdf(PAGE, path)
    with pm.open_pdf(path) as pdf:
        yield path, pdf.pages[0]


def test_the_card_is_found_by_its_outline(page):
    _, p = page
    boxes = pm.card_boxes(p, (63.0, 88.0))
    assert len(boxes) == 1
    assert (boxes[0]["x0"] / pm.MM) == pytest.approx(20.0, abs=0.3)
    assert pm.card_boxes(p) == boxes  # found without its size too


def test_sizes_smallest_body_and_words(page):
    _, p = page
    chars = pm.chars_in(pm.printed_chars(p), pm.card_boxes(p)[0])
    assert pm.smallest_size(chars) == pytest.approx(6.0, abs=0.01)
    assert pm.body_size(chars) == pytest.approx(7.0, abs=0.01)
    assert pm.word_sizes(chars, "12") == [pytest.approx(10.0, abs=0.01)]
    assert 0 < pm.share_under(chars, 6.5) < 0.2


def test_key_numbers_are_found_bold_at_their_size(page):
    _, p = page
    numbers = {r.text: (r.size, r.bold) for r in pm.number_runs(pm.printed_chars(p))}
    assert numbers["12"] == (pytest.approx(10.0, abs=0.01), True)
    assert numbers["3"][1] is True


def test_the_blank_lower_part_of_the_card_is_measured(page):
    _, p = page
    band = pm.tallest_blank_band(p, pm.card_boxes(p)[0])
    # four short paragraphs take well under half of the 88 mm card
    assert 0.5 < band < 0.9


def test_the_mark_nearest_the_edge_is_8mm_in(page):
    _, p = page
    distance, what = pm.nearest_to_edge_mm(p)
    assert distance == pytest.approx(8.0, abs=0.3)
    assert what is not None and what["text"] == "端"


def test_bold_is_a_true_bold_weight_class(page):
    path, _ = page
    weights = pm.embedded_font_weights(path)
    assert weights["BIZ-UDGothic-Bold"] >= 700
    assert weights["BIZ-UDGothic"] == 400


def test_breaks_inside_a_katakana_word_and_before_a_counter_are_found(page):
    _, p = page
    found = {(w.before.text[-1], w.after.text[0]) for w in pm.bad_breaks(p.chars, pm.rules(p))}
    assert found == {("リ", "ン"), ("5", "発"), ("ス", "ク"), ("リ", "ル")}


def test_a_last_line_of_one_character_and_its_stop_is_lonely(page):
    _, p = page
    found = [w.after.text for w in pm.lonely_last_lines(p.chars, pm.rules(p))]
    assert found == ["る。"]
