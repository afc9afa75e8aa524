#!/usr/bin/env python3
"""Dumps the code points whose East Asian Width is W (wide) or F (fullwidth), one decimal number
a line, for Scripts/generate-width-tables.swift.

    python3 Scripts/dump-east-asian-width.py > eaw.txt

Unassigned code points (category Cn) are left out, then the ranges that Unicode gives a default
width of W even where unassigned are added: 3400-4DBF, 4E00-9FFF, F900-FAFF, 20000-2FFFD,
30000-3FFFD (CJK Unified Ideographs and their extensions, CJK Compatibility Ideographs, planes 2
and 3). The table in Sources/TerminalUI/Text/WidthTables.swift was made with Unicode 14.0, which is
Python 3.11's `unicodedata` (check with `python3 -c "import unicodedata; print(unicodedata.unidata_version)"`).
"""
import unicodedata as u

DEFAULT_WIDE = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD),
                (0x30000, 0x3FFFD)]

codes = {c for c in range(0x110000)
         if u.category(chr(c)) != 'Cn' and u.east_asian_width(chr(c)) in 'WF'}
for lo, hi in DEFAULT_WIDE:
    codes.update(range(lo, hi + 1))
print('\n'.join(str(c) for c in sorted(codes)))
