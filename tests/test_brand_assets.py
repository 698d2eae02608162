"""The app's face as files: Chainlit finds our logo, favicon and avatar (and only ours), the theme covers every
colour Chainlit's stylesheet uses with readable contrast, and our English wording keeps up with Chainlit's."""

from __future__ import annotations

import colorsys
import itertools
import json
import re
import tomllib
from pathlib import Path
from xml.etree import ElementTree

import chainlit
import pytest

from travel_assistant.web.branding import WELCOME_MARKDOWN
from travel_assistant.web.render import ASSISTANT_NAME

REPO = Path(__file__).resolve().parents[1]
PUBLIC = REPO / "public"
CHAINLIT = Path(chainlit.__file__).parent
UI = tomllib.loads((REPO / ".chainlit" / "config.toml").read_text(encoding="utf-8"))["UI"]
THEME = json.loads((PUBLIC / "theme.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("stem", ["favicon", "logo_light", "logo_dark"])
def test_exactly_one_file_answers_each_of_chainlits_globs(stem: str) -> None:
    """Chainlit serves the *first* ``public/<stem>.*`` match: a second format beside it makes the choice random."""
    matches = sorted(p.name for p in PUBLIC.glob(f"{stem}.*"))
    assert matches == [f"{stem}.svg"], matches


def test_the_assistants_avatar_is_where_chainlit_looks_for_it() -> None:
    assert UI["name"] == ASSISTANT_NAME, "[UI] name is the reply author and the avatar's file name"
    slug = ASSISTANT_NAME.strip().lower().replace(" ", "_").replace(".", "_")  # Chainlit's own rule
    assert [p.name for p in (PUBLIC / "avatars").glob(f"{slug}.*")] == ["travel_assistant.svg"]
    assert UI["default_avatar_file_url"] == "" and UI["logo_file_url"] == "", "a URL would override the files"


def test_every_public_asset_the_config_names_exists() -> None:
    for key in ("custom_css", "custom_js", "login_page_image", "custom_meta_image_url"):
        path = UI[key]
        assert path.startswith("/public/"), (key, path)
        assert (PUBLIC / path.removeprefix("/public/")).is_file(), (key, path)


def test_svgs_are_well_formed_named_and_unbranded() -> None:
    for svg in [*PUBLIC.glob("*.svg"), *PUBLIC.glob("brand/*.svg"), *PUBLIC.glob("avatars/*.svg")]:
        text = svg.read_text(encoding="utf-8")
        root = ElementTree.fromstring(text)
        assert root.tag.endswith("svg"), svg
        assert "chainlit" not in text.lower(), svg
    for logo in ("logo_light.svg", "logo_dark.svg", "favicon.svg"):
        root = ElementTree.fromstring((PUBLIC / logo).read_text(encoding="utf-8"))
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text == "Travel Assistant", logo


# -- theme ----------------------------------------------------------------------------------------------------


def chainlit_css() -> str:
    [css] = (CHAINLIT / "frontend" / "dist" / "assets").glob("index-*.css")
    return css.read_text(encoding="utf-8")


def test_the_theme_sets_every_colour_chainlit_defines_in_both_themes() -> None:
    dark_block = re.search(r"\.dark\{([^}]*)\}", chainlit_css())
    assert dark_block is not None
    chainlit_vars = set(re.findall(r"(--[a-z0-9-]+):", dark_block.group(1)))
    for theme in ("light", "dark"):
        missing = chainlit_vars - set(THEME["variables"][theme])
        assert not missing, f"{theme} theme leaves Chainlit's colours for {sorted(missing)}"
    assert set(THEME["variables"]["light"]) == set(THEME["variables"]["dark"])
    assert THEME["custom_fonts"] == [], "no web font: the page must not call out to a font CDN"


def luminance(hsl: str) -> float:
    h, s, lightness = (float(part.rstrip("%")) for part in hsl.split())
    rgb = colorsys.hls_to_rgb(h / 360, lightness / 100, s / 100)
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


TEXT_PAIRS = [
    ("foreground", "background"),
    ("card-foreground", "card"),
    ("popover-foreground", "popover"),
    ("primary-foreground", "primary"),
    ("secondary-foreground", "secondary"),
    ("muted-foreground", "background"),
    ("muted-foreground", "muted"),
    ("muted-foreground", "card"),
    ("accent-foreground", "accent"),
    ("destructive-foreground", "destructive"),
    ("sidebar-foreground", "sidebar-background"),
    ("sidebar-accent-foreground", "sidebar-accent"),
    ("sidebar-primary-foreground", "sidebar-primary"),
    ("primary", "background"),  # links and the panel's accents
    ("primary", "card"),
    ("success", "card"),
    ("warning", "card"),
]
# WCAG 1.4.11: the boundaries of inputs and the focus ring need 3:1 against what surrounds them.
UI_PAIRS = [("input", "background"), ("ring", "background"), ("ring", "card")]


def below(theme: str, pairs: list[tuple[str, str]], ratio: float) -> dict[str, float]:
    """The pairs of ``theme``'s colour variables whose contrast is under ``ratio``, with their contrast."""
    colours = THEME["variables"][theme]
    found = {f"{a} on {b}": contrast(colours[f"--{a}"], colours[f"--{b}"]) for a, b in pairs}
    return {pair: round(value, 2) for pair, value in found.items() if value < ratio}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_text_colours_meet_wcag_aa_contrast(theme: str) -> None:
    low = below(theme, TEXT_PAIRS, 4.5)
    assert not low, low


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_control_boundaries_and_focus_rings_meet_3_to_1(theme: str) -> None:
    low = below(theme, UI_PAIRS, 3)
    assert not low, low


# -- words ----------------------------------------------------------------------------------------------------


def key_paths(tree: object, prefix: str = "") -> set[str]:
    if isinstance(tree, dict):
        return {p for k, v in tree.items() for p in key_paths(v, f"{prefix}.{k}")}
    return {prefix}


def test_our_english_wording_has_every_key_chainlit_expects() -> None:
    """Chainlit shows a raw key path for a missing translation; an upgrade that adds keys must fail here."""
    ours = json.loads((REPO / ".chainlit" / "translations" / "en-US.json").read_text(encoding="utf-8"))
    theirs = json.loads((CHAINLIT / "translations" / "en-US.json").read_text(encoding="utf-8"))
    assert key_paths(ours) == key_paths(theirs)
    assert ours["auth"]["login"]["form"]["email"]["label"] == "Username"
    assert UI["language"] == "en-US", "without a fixed language other browsers get Chainlit's own wording"


@pytest.mark.parametrize("name", ["chainlit.md", "welcome"])
def test_markdown_has_no_soft_line_breaks(name: str) -> None:
    """Chainlit's markdown shows a single newline as a line break: paragraphs must be one line each."""
    text = WELCOME_MARKDOWN if name == "welcome" else (REPO / "chainlit.md").read_text(encoding="utf-8")
    block_start = re.compile(r"^(#|\||- |\d+\. )")
    lines = text.splitlines()
    for before, line in itertools.pairwise(lines):
        if before.strip() and line.strip():
            assert block_start.match(line), f"soft break before: {line!r}"
