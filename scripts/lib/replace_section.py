"""Puts SECTION (from <!-- NAME --> to <!-- /NAME -->) into a markdown page: in place of the
page's block of that name, else before the heading BEFORE when given and present, else before
the page's first marked block or heading.
usage: replace_section.py PAGE NAME SECTION [BEFORE]"""
import re
import sys

path, name, section = sys.argv[1], sys.argv[2], sys.argv[3]
before = sys.argv[4] if len(sys.argv) > 4 else None
text = open(path, encoding="utf-8").read()
block = re.compile(rf"<!-- {re.escape(name)} -->.*?<!-- /{re.escape(name)} -->", flags=re.S)
if block.search(text):
    text = block.sub(lambda _: section, text)
else:
    at = text.find(before) if before else -1
    if at < 0:
        first = re.search(r"^(<!-- [a-z-]+ -->|## )", text, flags=re.M)
        at = first.start() if first else len(text)
    text = text[:at] + section + "\n\n" + text[at:]
open(path, "w", encoding="utf-8").write(text)
