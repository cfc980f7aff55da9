"""The ``card_html`` filter: hostile markup is inert, icons read as words, formatting survives."""

import re

import pytest
from django.template import Context, Template

from fleets.templatetags.card_text import card_html, icon_label
from rules.attack_wing.sources import read_catalog

HOSTILE = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<img src=x onerror=alert(1)>",
    "<img src='img/stuff/x.png' onerror='alert(1)'>",
    '<a href="javascript:alert(1)">click</a>',
    '<b onclick="alert(1)" style="color:red">bold</b>',
    '<svg onload="alert(1)"><circle/></svg>',
    '<iframe src="javascript:alert(1)"></iframe>',
    "<<script>script>alert(1)<</script>/script>",
    '<img title="<script>alert(1)</script>">',
    "<img title='x\" onmouseover=\"alert(1)'>",
    '<img title="javascript:alert(1)" src="img/x.png">',
    '<p style="background:url(javascript:alert(1))">x</p>',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "[crew_text]<script>alert(1)</script>",
]


def only_bare_allowed_tags(html: str) -> bool:
    """Every tag is an allowed one with no attribute, so no handler, style or URL can survive."""
    return re.findall(r"<[^>]*>", html) == re.findall(r"</?(?:b|i|em|strong|br|hr|p|ul|li)>", html)


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_markup_is_inert(text):
    html = str(card_html(text))

    assert "<script" not in html.lower()
    assert only_bare_allowed_tags(html)


def test_allowed_formatting_is_kept_without_attributes():
    html = card_html('<b class="x">WHEN ATTACKING:</b> <i>roll</i> <hr> <ul><li title="t">one</li></ul><font>x</font>')

    assert html == "<b>WHEN ATTACKING:</b> <i>roll</i> <hr> <ul><li>one</li></ul>x"


def test_line_breaks_become_br():
    assert card_html("first\r\nsecond\nthird") == "first<br>second<br>third"


@pytest.mark.parametrize(
    ("token", "label"),
    [
        ("crew_text", "Crew"),
        ("crew", "Crew"),
        ("CREW", "Crew"),
        ("tect_text", "Tech"),
        ("TARGET LOCK", "Target Lock"),
        ("target-lock", "Target Lock"),
        ("battlestations", "Battle Stations"),
        ("BATTLE STATIONS", "Battle Stations"),
        ("crit", "Critical Hit"),
        ("bank-left", "Bank Left"),
        ("KLINGON", "Klingon"),
        ("sic", None),
    ],
)
def test_icon_tokens_read_as_words(token, label):
    assert icon_label(token) == label


def test_icons_in_text_become_emphasised_words_and_prose_brackets_stay():
    html = card_html("Add 1 [crew_text] to this ship. The pips are [hit][hit] [sic]")

    assert html == "Add 1 <em>Crew</em> to this ship. The pips are <em>Hit</em> <em>Hit</em> [sic]"


def test_icon_images_become_their_title_or_file_name():
    text = (
        "a <img src='img/text/faction-klingon.png' width='20' title='Klingon'> ship, "
        "an <img src='img/stuff/effect_auxilary.png' width='18'> Token, "
        "a 4 <img src='img/stuff/maneuver_bank_left_red.png'> Maneuver, "
        "an <img src='https://i.imgur.com/tGfLdVL.png'> image"
    )

    assert card_html(text) == (
        "a <em>Klingon</em> ship, an <em>Auxiliary Power</em> Token, a 4 <em>Red Bank Left</em> Maneuver, an  image"
    )


def test_image_title_is_escaped_text():
    assert card_html("<img title='K`Vort &amp; <b>Class</b>'>") == "<em>K`Vort &amp; &lt;b&gt;Class&lt;/b&gt;</em>"


def test_filter_in_a_template_renders_without_autoescaping_and_handles_none():
    template = Template("{% load card_text %}{{ text|card_html }}|{{ missing|card_html }}")

    assert template.render(Context({"text": "<b>Bold</b> <script>x</script>"})) == "<b>Bold</b> |"


@pytest.mark.parametrize("fixture", ["utopia_path", "spacedock_path"])
def test_every_real_card_text_renders_to_plain_tags_with_icons_named(request, fixture):
    catalog = read_catalog(request.getfixturevalue(fixture).read_bytes())

    for card in catalog.cards.values():
        html = str(card_html(card.text))
        assert only_bare_allowed_tags(html), card.id
        # Only prose stays in brackets ("[sic]"); "[RANGE 1-2]" and the like hold digits.
        assert set(re.findall(r"\[[A-Za-z_ -]+\]", html)) <= {"[sic]"}, card.id
