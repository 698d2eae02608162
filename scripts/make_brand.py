"""Regenerate the brand assets under ``public/``: logos, favicon, avatar, login art and their PNG sizes.

The wordmark is drawn as outlines of Liberation Sans (SIL Open Font License; Debian's ``fonts-liberation``),
so the logo looks the same on every machine without loading a web font. PNGs are rendered by the Chromium the
browser tests use. Run it after changing a colour or a shape here, and commit what it writes:

    .venv/bin/pip install -e '.[brand]' && .venv/bin/python scripts/make_brand.py

Chainlit picks ``public/logo_<theme>.*`` and ``public/favicon.*`` by glob and serves the *first* match, so only
the SVGs carry those names; the PNG sizes live in ``public/brand/`` under names no glob matches.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

REPO = Path(__file__).resolve().parents[1]
PUBLIC = REPO / "public"
BRAND = PUBLIC / "brand"
FONTS = Path("/usr/share/fonts/truetype/liberation")
CHROMIUM = Path("/usr/bin/chromium")

# The palette (theme.json uses the same hues for the UI).
HARBOUR = "#0B5D7E"  # deep sea blue: the mark, "Travel" on light backgrounds
LAGOON = "#0E8A9A"  # lighter end of the mark's gradient
SUN = "#F59E0B"  # the remembered steps: the only warm colour
PAPER = "#FFFFFF"
PAPER_SHADE = "#CDEBF3"
INK = "#0F172A"
INK_ON_DARK = "#E8EEF4"
TRAVEL_ON_DARK = "#67D2E6"


@dataclass(frozen=True)
class Words:
    """A run of text turned into one SVG path, with its advance width in user units."""

    path: str
    width: float


def words(text: str, font_file: str, size: float, x: float, baseline: float) -> Words:
    font = TTFont(FONTS / font_file)
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    scale = size / font["head"].unitsPerEm
    pen = SVGPathPen(glyphs)
    cursor = 0.0
    for char in text:
        name = cmap[ord(char)]
        # Font units grow upwards; SVG's y grows downwards: flip and move onto the baseline.
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, x + cursor * scale, baseline)))
        cursor += glyphs[name].width
    return Words(pen.getCommands(), cursor * scale)


def mark(*, rounded: bool = True, id_prefix: str = "m") -> str:
    """The mark in a 64x64 box: a paper plane leaving three remembered steps behind it."""
    radius = 15 if rounded else 0
    return f"""<defs><linearGradient id="{id_prefix}g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="{LAGOON}"/><stop offset="1" stop-color="{HARBOUR}"/></linearGradient></defs>
<rect width="64" height="64" rx="{radius}" fill="url(#{id_prefix}g)"/>
<path d="M49 15 L13 30.5 L27.5 35.5 Z" fill="{PAPER}"/>
<path d="M49 15 L27.5 35.5 L32 50 Z" fill="{PAPER_SHADE}"/>
<circle cx="23.5" cy="45.5" r="2.7" fill="{SUN}"/>
<circle cx="17.5" cy="50.2" r="2.2" fill="{SUN}"/>
<circle cx="12.3" cy="53.6" r="1.7" fill="{SUN}"/>"""


def svg(width: float, height: float, body: str, title: str, *, extra: str = "") -> str:
    """An SVG document; with a title it is an image with that name, without one it is decoration."""
    label = f'role="img" aria-labelledby="t"{extra}>\n<title id="t">{title}</title>' if title else f"{extra}>"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
        f'height="{height:g}" {label}\n{body}\n</svg>\n'
    )


def logo(dark: bool) -> str:
    travel = words("Travel", "LiberationSans-Bold.ttf", 31, 80, 43)
    assistant = words("Assistant", "LiberationSans-Regular.ttf", 31, 80 + travel.width + 8, 43)
    width = 80 + travel.width + 8 + assistant.width + 2
    body = (
        mark(id_prefix="logo")
        + f'\n<path d="{travel.path}" fill="{TRAVEL_ON_DARK if dark else HARBOUR}"/>'
        + f'\n<path d="{assistant.path}" fill="{INK_ON_DARK if dark else INK}"/>'
    )
    return svg(round(width, 1), 64, body, "Travel Assistant")


def login_art() -> str:
    """Decorative art for the login page's right half (cropped to fit, so the middle carries it)."""
    cards = "".join(
        f'<g transform="translate({x} {y})"><rect width="190" height="64" rx="14" fill="#FFFFFF" '
        f'opacity="0.92"/><circle cx="30" cy="32" r="11" fill="{colour}"/>'
        f'<rect x="52" y="20" width="{w}" height="9" rx="4.5" fill="#0F172A" opacity="0.72"/>'
        f'<rect x="52" y="37" width="{w - 34}" height="7" rx="3.5" fill="#0F172A" opacity="0.32"/></g>'
        for x, y, w, colour in ((470, 330, 110, SUN), (520, 430, 96, LAGOON), (455, 530, 120, HARBOUR))
    )
    body = f"""<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1">
<stop offset="0" stop-color="#E3F3F8"/><stop offset="0.55" stop-color="#C6E6EF"/>
<stop offset="1" stop-color="#9FD3E1"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="{LAGOON}"/><stop offset="1" stop-color="{HARBOUR}"/></linearGradient>
</defs>
<rect width="800" height="1000" fill="url(#sky)"/>
<circle cx="170" cy="170" r="74" fill="#FFF4D6"/>
<circle cx="170" cy="170" r="52" fill="#FCD98A"/>
<path d="M0 820 C 160 760 300 800 420 770 S 660 700 800 730 L800 1000 L0 1000 Z" fill="url(#sea)"/>
<path d="M0 880 C 180 840 320 880 460 850 S 680 800 800 820 L800 1000 L0 1000 Z" fill="{HARBOUR}"
 opacity="0.55"/>
<path d="M120 700 C 190 430 420 290 660 230" fill="none" stroke="{HARBOUR}" stroke-width="5"
 stroke-linecap="round" stroke-dasharray="1 17" opacity="0.8"/>
<g transform="translate(120 700)"><circle r="15" fill="{SUN}"/><circle r="6" fill="#FFFFFF"/></g>
<g transform="translate(660 230)"><circle r="15" fill="{HARBOUR}"/><circle r="6" fill="#FFFFFF"/></g>
<g transform="translate(318 372) rotate(-12) scale(3) translate(-31 -32)">
<path d="M49 15 L13 30.5 L27.5 35.5 Z" fill="#FFFFFF"/><path d="M49 15 L27.5 35.5 L32 50 Z"
 fill="{PAPER_SHADE}"/></g>
{cards}"""
    return svg(800, 1000, body, "", extra=' aria-hidden="true" preserveAspectRatio="xMidYMid slice"')


def og_image() -> str:
    travel = words("Travel", "LiberationSans-Bold.ttf", 76, 330, 300)
    assistant = words("Assistant", "LiberationSans-Regular.ttf", 76, 330 + travel.width + 18, 300)
    line1 = words("Remembers what you said.", "LiberationSans-Regular.ttf", 36, 332, 380)
    line2 = words("Forgets what it should.", "LiberationSans-Regular.ttf", 36, 332, 428)
    body = f"""<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#0B2433"/><stop offset="1" stop-color="#0B3D52"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<g transform="translate(110 205) scale(3.1)">{mark(id_prefix="og")}</g>
<path d="{travel.path}" fill="{TRAVEL_ON_DARK}"/><path d="{assistant.path}" fill="{INK_ON_DARK}"/>
<path d="{line1.path}" fill="#B8C7D3"/><path d="{line2.path}" fill="#B8C7D3"/>"""
    return svg(1200, 630, body, "Travel Assistant: remembers what you said, forgets what it should")


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path.relative_to(REPO)}")


def render_pngs(jobs: list[tuple[Path, Path, int, int]]) -> None:
    """(svg, png, width, height): each SVG drawn at that size by Chromium, transparent where the SVG is."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox"])
        for source, target, width, height in jobs:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.set_content(
                '<html><body style="margin:0;background:transparent">'
                f'<img src="data:image/svg+xml;base64,{_b64(source)}" width="{width}" height="{height}" '
                'style="display:block"></body></html>'
            )
            page.screenshot(path=str(target), omit_background=True)
            page.close()
            print(f"wrote {target.relative_to(REPO)} ({width}x{height})")
        browser.close()


def _b64(path: Path) -> str:
    import base64

    return base64.b64encode(path.read_bytes()).decode("ascii")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-png", action="store_true", help="only the SVGs")
    args = parser.parse_args()
    icon = svg(64, 64, mark(id_prefix="fav"), "Travel Assistant")
    write(PUBLIC / "favicon.svg", icon)
    write(PUBLIC / "avatars" / "travel_assistant.svg", svg(64, 64, mark(rounded=False, id_prefix="av"), ""))
    write(PUBLIC / "logo_light.svg", logo(dark=False))
    write(PUBLIC / "logo_dark.svg", logo(dark=True))
    write(BRAND / "icon.svg", icon)
    write(BRAND / "login-art.svg", login_art())
    write(BRAND / "og-image.svg", og_image())
    if args.no_png:
        return
    light, dark = PUBLIC / "logo_light.svg", PUBLIC / "logo_dark.svg"
    logo_width = float(light.read_text(encoding="utf-8").split('width="')[1].split('"')[0])
    render_pngs(
        [(BRAND / "icon.svg", BRAND / f"icon-{size}.png", size, size) for size in (32, 180, 192, 512)]
        + [
            (light, BRAND / "logo-light.png", round(logo_width * 4), 256),
            (dark, BRAND / "logo-dark.png", round(logo_width * 4), 256),
            (BRAND / "og-image.svg", BRAND / "og-image.png", 1200, 630),
        ]
    )


if __name__ == "__main__":
    main()
