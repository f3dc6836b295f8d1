"""Long terminal lines wrapped under themselves, not back at column 0.

A board line such as `    Hand: Cinder Volley (instant, cost 2); Echo Protocol ...` or an option's
card text, left to the console, went on at the first column, where it read as a new line of the board
or the menu. Each line is wrapped on its own: the rest goes under its text (under the option's label for
a numbered option, two spaces in for anything else).
"""

from __future__ import annotations

import re
import textwrap

_NUMBERED = re.compile(r"\s*\d+\. ")


def wrap(text: str, width: int) -> str:
    """`text` with every line longer than `width` wrapped, its continuation indented."""
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        lead = len(line) - len(line.lstrip(" "))
        numbered = _NUMBERED.match(line)
        indent = " " * (numbered.end() if numbered else lead + 2)
        if len(indent) > width // 2:  # a very narrow console: no room to indent
            indent = ""
        out.append(textwrap.fill(line, width, subsequent_indent=indent, break_long_words=True,
                                 break_on_hyphens=False))
    return "\n".join(out)
