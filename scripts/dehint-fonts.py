#!/usr/bin/env python3
"""Removes TrueType hinting from the label fonts (resources/fonts), in place.

Hinting instructions (fpgm, prep, cvt and each glyph's program) steer rasterisers at
small pixel sizes; PDF viewers and printer drivers ignore or override them, yet they
were a third of every embedded font subset. Run once per new font file:

    apt-get install python3-fonttools && python3 scripts/dehint-fonts.py
"""
from pathlib import Path

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import ttProgram

FONTS = Path(__file__).resolve().parent.parent / "resources" / "fonts"

for path in sorted(FONTS.glob("*.ttf")):
    font = TTFont(path)
    for tag in ("fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX"):
        if tag in font:
            del font[tag]
    glyf = font["glyf"]
    for glyph in glyf.glyphs.values():
        glyph.expand(glyf)
        if hasattr(glyph, "program"):
            glyph.program = ttProgram.Program()
            glyph.program.fromBytecode(b"")
    if "gasp" in font:
        font["gasp"].gaspRange = {0xFFFF: 0x000F}  # smooth at every size, as unhinted fonts do
    maxp = font["maxp"]
    maxp.maxZones, maxp.maxTwilightPoints, maxp.maxStorage = 1, 0, 0
    maxp.maxFunctionDefs, maxp.maxInstructionDefs, maxp.maxStackElements, maxp.maxSizeOfInstructions = 0, 0, 0, 0
    font["head"].flags &= ~(1 << 4)  # no instructions that depend on the pixel size
    font.save(path)
    print(f"{path.name}: {path.stat().st_size} bytes")
