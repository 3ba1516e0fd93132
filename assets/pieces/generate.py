#!/usr/bin/env python3
"""Writes Chatrang's piece set: one SVG per sprite kind, drawn from simple shapes.

This is the project's own artwork (see README.md). Run `python3 assets/pieces/generate.py`
from the repository root after changing a shape; the SVGs are committed so that building the
program needs no Python.

Every SVG is drawn as the White piece on a 100 x 100 canvas. The renderer makes the Black piece
by swapping three exact colour tokens (FILL, DETAIL, HIGHLIGHT below), so keep those tokens
only where the side's colour belongs; accents (gold, red, blue, teal) stay the same for both.
"""

import os

FILL = "#f8f6f0"      # body of the piece; Black: dark grey
LINE = "#141414"      # outline; the same for both sides
DETAIL = "#141415"    # inner lines and eyes; Black: light, so they show on the dark body
GOLD = "#e2a91f"
RED = "#cc3a2f"
BLUE = "#2f6fc0"
TEAL = "#17948c"
BRONZE = "#9c5b28"
STRAW = "#d9ad3c"

OUT = os.path.dirname(os.path.abspath(__file__))


def shape(d, fill=FILL, width=3.0):
    return (f'<path d="{d}" fill="{fill}" stroke="{LINE}" stroke-width="{width}" '
            'stroke-linejoin="round"/>')


def circle(cx, cy, r, fill=FILL, width=3.0):
    return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{LINE}" '
            f'stroke-width="{width}"/>')


def dot(cx, cy, r, fill=DETAIL):
    return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}"/>'


def line(d, color=DETAIL, width=3.0):
    return (f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{width}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def group(parts, transform):
    return f'<g transform="{transform}">' + "".join(parts) + "</g>"


BASE = [shape("M22 90 L78 90 L78 85 Q78 80 72 80 L28 80 Q22 80 22 85 Z")]

# ---- orthodox, Staunton-like -------------------------------------------------------------

def pawn_body():
    return BASE + [
        shape("M33 80 Q35 62 42 53 L58 53 Q65 62 67 80 Z"),
        shape("M37 46 L63 46 Q67 46 67 49.5 Q67 53 63 53 L37 53 Q33 53 33 49.5 Q33 46 37 46 Z"),
        circle(50, 32, 13),
    ]


def king():
    return BASE + [
        shape("M45 54 L45 34 L55 34 L55 54 Z"),
        shape("M47 6 L53 6 L53 12 L59 12 L59 18 L53 18 L53 32 L47 32 L47 18 L41 18 L41 12 L47 12 Z"),
        shape("M28 80 C14 64 18 44 34 43 C42 42 47 48 50 56 C53 48 58 42 66 43 C82 44 86 64 72 80 Z"),
        line("M30 71 Q50 63 70 71"),
        line("M50 57 L50 70", width=2.5),
    ]


def queen():
    crown = "M27 80 L15 34 L32 57 L34 25 L44 53 L50 19 L56 53 L66 25 L68 57 L85 34 L73 80 Z"
    return BASE + [shape(crown)] + [
        circle(x, y, 5.5) for x, y in [(15, 31), (34, 21), (50, 14), (66, 21), (85, 31)]
    ] + [line("M29 71 Q50 64 71 71")]


def rook_parts():
    return BASE + [
        shape("M31 80 L34 43 L66 43 L69 80 Z"),
        shape("M25 18 L36 18 L36 26 L44 26 L44 18 L56 18 L56 26 L64 26 L64 18 L75 18 "
              "L75 37 Q75 43 69 43 L31 43 Q25 43 25 37 Z"),
        line("M33 72 L67 72", width=2.5),
    ]


def rook():
    return rook_parts()


def bishop():
    return BASE + [
        shape("M35 80 Q40 72 43 67 L57 67 Q60 72 65 80 Z"),
        shape("M50 16 C66 28 70 48 59 62 L41 62 C30 48 34 28 50 16 Z"),
        shape("M39 60 L61 60 Q65 60 65 63.5 Q65 67 61 67 L39 67 Q35 67 35 63.5 Q35 60 39 60 Z"),
        circle(50, 11, 5.5),
        line("M58 29 L47 42", width=3.5),
    ]


KNIGHT = ("M30 80 C31 70 39 62 46 54 C40 55 35 57 30 60 C23 64 14 62 15 55 L22 43 "
          "C27 31 36 23 46 21 L54 10 L58 24 C73 36 76 60 72 80 Z")


def knight_parts():
    return BASE + [
        shape(KNIGHT),
        dot(36, 35, 3.2),
        dot(20, 54, 1.8),
        line("M58 25 C68 38 70 56 67 76", width=2.5),
    ]


def knight():
    return knight_parts()


# ---- Cataclysm ----------------------------------------------------------------------------

def grand_rook():
    return rook_parts() + [
        shape("M24 73 L78 46 L83 55 L29 82 Z", fill=BRONZE),
        shape("M76 44 L86 39 L91 50 L81 55 Z", fill=BRONZE),
        circle(34, 76, 10, fill=BRONZE),
        line("M34 69 L34 83 M27 76 L41 76", color=GOLD, width=2.5),
    ]


def sorceress():
    return BASE + [
        shape("M30 80 Q33 62 40 56 L60 56 Q67 62 70 80 Z"),
        circle(50, 50, 8),
        shape("M22 48 Q50 38 78 48 Q50 58 22 48 Z"),
        shape("M35 46 L58 6 Q64 4 62 12 L65 45 Q50 49 35 46 Z"),
        shape("M51 21 L53.5 27 L60 27 L55 31 L57 37 L51 33 L45 37 L47 31 L42 27 L48.5 27 Z",
              fill=GOLD, width=1.5),
        line("M36 70 L64 70", width=2.5),
    ]


def duke():
    return BASE + [
        shape("M30 80 Q33 66 38 61 L62 61 Q67 66 70 80 Z"),
        circle(34, 34, 7), circle(50, 30, 7), circle(66, 34, 7),
        circle(42, 40, 4), circle(58, 40, 4),
        shape("M24 40 L76 40 L72 61 L28 61 Z"),
        dot(38, 50, 3.5, fill=RED), dot(50, 50, 3.5, fill=BLUE), dot(62, 50, 3.5, fill=RED),
        line("M34 72 L66 72", width=2.5),
    ]


def tiger():
    return BASE + [
        shape("M36 66 L64 66 L68 80 L32 80 Z"),
        shape("M25 36 L31 12 L46 27 Z"),
        shape("M75 36 L69 12 L54 27 Z"),
        shape("M50 22 C70 22 78 36 78 48 C78 62 66 72 50 72 C34 72 22 62 22 48 "
              "C22 36 30 22 50 22 Z"),
        line("M50 26 L50 36 M42 27 L44 35 M58 27 L56 35", width=3),
        line("M23 46 L34 49 M24 56 L35 56 M77 46 L66 49 M76 56 L65 56", width=3),
        shape("M36 44 Q41 40 46 45 Q41 48 36 44 Z", fill=GOLD, width=1.5),
        shape("M64 44 Q59 40 54 45 Q59 48 64 44 Z", fill=GOLD, width=1.5),
        shape("M45 54 L55 54 L50 60 Z", fill=DETAIL, width=1.5),
        line("M50 60 L50 64 M44 66 Q50 70 56 64", width=2),
    ]


def elephant():
    return BASE + [
        shape("M34 24 C14 20 10 44 14 56 C18 66 30 64 36 58 Z"),
        shape("M66 24 C86 20 90 44 86 56 C82 66 70 64 64 58 Z"),
        shape("M50 16 C64 16 70 28 68 42 C66 52 60 56 58 62 C56 70 60 74 66 74 L66 80 "
              "C54 82 46 76 46 66 C46 58 36 52 33 42 C30 28 36 16 50 16 Z"),
        shape("M38 56 Q28 62 26 72 Q34 66 42 62 Z", fill="#fffdf5", width=2),
        shape("M62 56 Q72 62 74 72 Q66 66 58 62 Z", fill="#fffdf5", width=2),
        dot(42, 36, 3), dot(58, 36, 3),
        line("M49 50 Q52 56 50 64", width=2),
    ]


def centaur():
    return knight_parts() + [
        shape("M26 26 L27 10 L34 17 L39 6 L45 16 L51 9 L50 25 Q38 21 26 26 Z",
              fill=GOLD, width=2.5),
        line("M48 56 C52 60 56 62 62 62", color=GOLD, width=5),
    ]


# ---- Pick-a-team --------------------------------------------------------------------------

def royal_knight():
    return knight_parts() + [
        shape("M32 1 L38 1 L38 6 L44 6 L44 12 L38 12 L38 22 L32 22 L32 12 L26 12 L26 6 "
              "L32 6 Z", fill=GOLD, width=2.5),
    ]


def chinese_nightrider():
    back = group([shape(KNIGHT), dot(36, 35, 3.2), line("M58 25 C68 38 70 56 67 76", width=2.5)],
                 "translate(34 2) scale(0.66)")
    front = group([shape(KNIGHT), dot(36, 35, 3.2), dot(20, 54, 1.8),
                   line("M58 25 C68 38 70 56 67 76", width=2.5)],
                  "translate(2 20) scale(0.8)")
    return BASE + [back, front, circle(40, 70, 6, fill=RED, width=2)]


def pao():
    return BASE + [
        shape("M30 80 L40 62 L60 62 L70 80 Z"),
        shape("M20 66 L76 22 L84 32 L28 76 Z"),
        shape("M74 18 L86 10 L93 22 L82 30 Z"),
        line("M40 54 L46 61 M56 42 L62 49", width=3),
        circle(40, 70, 12, fill=FILL),
        dot(40, 70, 3.5),
        line("M40 59 L40 81 M29 70 L51 70", width=2),
    ]


def blocking_prince():
    return [
        shape("M24 30 L76 30 L76 52 Q76 76 50 90 Q24 76 24 52 Z"),
        shape("M31 30 L29 12 L40 21 L50 8 L60 21 L71 12 L69 30 Z", fill=GOLD, width=2.5),
        shape("M34 38 L66 38 L66 54 Q66 70 50 80 Q34 70 34 54 Z", fill=BLUE, width=2),
        line("M50 44 L50 72 M40 54 L60 54", color="#ffffff", width=3.5),
    ]


def grasshopper():
    return BASE + [
        line("M19 44 C12 28 20 14 36 10", color=LINE, width=2.5),
        line("M23 42 C22 28 30 18 44 16", color=LINE, width=2.5),
        line("M32 62 L26 80 M42 64 L42 80", color=LINE, width=3.5),
        shape("M24 56 C28 44 44 42 62 46 C76 49 88 56 86 62 C84 67 72 66 60 64 "
              "C44 62 28 66 24 56 Z"),
        shape("M48 56 L68 24 L76 28 L60 58 Z"),
        line("M70 27 L84 78", color=LINE, width=4),
        circle(23, 52, 10),
        dot(19, 50, 2.5),
        line("M36 52 L36 62 M46 50 L46 62", width=2),
    ]


def spear(transform=None, barbs=None):
    parts = [
        shape("M47.5 80 L47.5 34 L52.5 34 L52.5 80 Z"),
        shape("M40 31 L60 31 L60 37 L40 37 Z"),
        shape("M50 4 C60 14 60 24 50 32 C40 24 40 14 50 4 Z"),
        line("M50 10 L50 26", width=2),
    ]
    if barbs:
        parts.insert(0, barbs)
    return [group(parts, transform)] if transform else parts


def spear_japanese():
    return BASE + spear()


def spear_diagonal():
    return BASE + spear("rotate(-28 50 84)") + spear("rotate(28 50 84)")


def spear_arabic():
    barbs = line("M50 36 L30 18 M50 36 L70 18 M30 18 L30 27 M30 18 L39 18 M70 18 L70 27 "
                 "M70 18 L61 18", color=RED, width=4)
    return BASE + spear(barbs=barbs)


def spear_berolina():
    centre = [line("M50 78 L50 20 M43 28 L50 20 L57 28", color=RED, width=4.5)]
    return BASE + spear("rotate(-30 50 84)") + spear("rotate(30 50 84)") + centre


# ---- Chromopolis --------------------------------------------------------------------------

def advocate():
    pan = "M{x0} 58 L{x1} 58 Q{xm} 72 {x0} 58 Z"
    return BASE + [
        shape("M46 26 L54 26 L57 80 L43 80 Z"),
        shape("M16 27 L84 27 L84 33 L16 33 Z"),
        line("M23 33 L13 58 M23 33 L33 58 M77 33 L67 58 M77 33 L87 58", color=LINE, width=2),
        shape(pan.format(x0=9, x1=37, xm=23)),
        shape(pan.format(x0=63, x1=91, xm=77)),
        circle(50, 20, 7, fill=GOLD),
    ]


def prelate():
    return BASE + [
        shape("M36 76 L34 90 L42 90 L44 76 Z", fill=RED, width=2),
        shape("M56 76 L58 90 L66 90 L64 76 Z", fill=RED, width=2),
        shape("M28 78 L26 34 L45 12 L50 28 L55 12 L74 34 L72 78 Z"),
        shape("M27 64 L73 64 L72 78 L28 78 Z", fill=GOLD, width=2.5),
        line("M50 36 L50 58 M41 44 L59 44", color=GOLD, width=5),
    ]


# ---- Catalonia ----------------------------------------------------------------------------

def gentleman():
    return BASE + [
        shape("M24 80 Q26 60 50 58 Q74 60 76 80 Z"),
        circle(50, 46, 12),
        shape("M36 35 L38 8 L62 8 L64 35 Z", fill=DETAIL),
        shape("M37 27 L63 27 L63.6 33 L36.4 33 Z", fill=RED, width=1.5),
        shape("M26 34 L74 34 Q76 34 76 36.5 Q76 39 74 39 L26 39 Q24 39 24 36.5 Q24 34 26 34 Z",
              fill=DETAIL),
        shape("M41 60 L50 65 L59 60 L59 70 L50 65 L41 70 Z", fill=RED, width=1.5),
    ]


def lady():
    return BASE + [
        shape("M20 80 Q28 60 40 52 L60 52 Q72 60 80 80 Z"),
        shape("M41 53 L43 38 L57 38 L59 53 Z"),
        circle(50, 27, 11),
        shape("M39 20 L42 10 L46 16 L50 7 L54 16 L58 10 L61 20 Q50 16 39 20 Z",
              fill=GOLD, width=2),
        line("M30 70 Q50 62 70 70 M36 62 Q50 56 64 62", width=2),
        dot(50, 45, 3, fill=RED),
    ]


def peasant():
    return pawn_body() + [
        shape("M39 25 Q39 8 50 8 Q61 8 61 25 Z", fill=STRAW, width=2.5),
        shape("M22 26 Q50 18 78 26 Q50 34 22 26 Z", fill=STRAW, width=2.5),
        line("M40 22 Q50 18 60 22", color=RED, width=3),
    ]


# ---- the 16 pawns: a movement mark on the body and a badge for the suffix -----------------

def pawn_family(movement, suffix):
    parts = pawn_body()
    if movement == "chinese":
        parts.append(shape("M25 29 L50 9 L75 29 Q50 25 25 29 Z", fill=STRAW, width=2.5))
    elif movement == "berolina":
        parts.append(line("M42 59 L58 76 M58 59 L42 76", color=RED, width=4.5))
    elif movement == "ff":
        parts.append(line("M41 58 L50 75 L59 58", color=RED, width=4.5))
    if suffix == "mecklenburg":
        parts += [circle(80, 20, 15, fill=GOLD, width=2),
                  f'<circle cx="80" cy="14" r="5" fill="none" stroke="{LINE}" stroke-width="3"/>',
                  f'<circle cx="80" cy="25.5" r="6.5" fill="none" stroke="{LINE}" stroke-width="3"/>']
    elif suffix == "defending":
        parts += [shape("M66 6 L94 6 L94 20 Q94 32 80 40 Q66 32 66 20 Z", fill=BLUE, width=2),
                  line("M80 12 L80 30 M74 24 L80 30 L86 24", color="#ffffff", width=3)]
    elif suffix == "fish":
        parts += [shape("M62 20 Q74 6 88 20 Q74 34 62 20 Z", fill=TEAL, width=2),
                  shape("M86 20 L96 10 L96 30 Z", fill=TEAL, width=2),
                  dot(69, 18, 2, fill="#ffffff")]
    return parts


# ---- anything else: a token; the renderer writes the piece's letter on it -----------------

def generic():
    return [
        shape("M22 90 L78 90 L78 85 Q78 80 72 80 L28 80 Q22 80 22 85 Z"),
        circle(50, 48, 33),
        f'<circle cx="50" cy="48" r="27" fill="none" stroke="{DETAIL}" stroke-width="1.5"/>',
    ]


PIECES = {
    "king": king, "queen": queen, "rook": rook, "bishop": bishop, "knight": knight,
    "grand-rook": grand_rook, "sorceress": sorceress, "duke": duke, "tiger": tiger,
    "elephant": elephant, "centaur": centaur,
    "royal-knight": royal_knight, "chinese-nightrider": chinese_nightrider, "pao": pao,
    "blocking-prince": blocking_prince, "grasshopper": grasshopper,
    "spear-japanese": spear_japanese, "spear-arabic": spear_arabic,
    "spear-berolina": spear_berolina, "spear-diagonal": spear_diagonal,
    "advocate": advocate, "prelate": prelate,
    "gentleman": gentleman, "lady": lady, "peasant": peasant,
    "generic": generic,
}
for movement in ["", "chinese", "berolina", "ff"]:
    for suffix in ["", "mecklenburg", "defending", "fish"]:
        name = "-".join(p for p in ["pawn", movement, suffix] if p)
        PIECES[name] = (lambda m, s: lambda: pawn_family(m, s))(movement, suffix)


def main():
    for name, draw in PIECES.items():
        body = "\n  ".join(draw())
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" '
               f'viewBox="0 0 100 100">\n  {body}\n</svg>\n')
        with open(os.path.join(OUT, f"{name}.svg"), "w") as f:
            f.write(svg)
    print(f"wrote {len(PIECES)} pieces")


if __name__ == "__main__":
    main()
