"""Prints a scenario with OPTION=VALUE lines set in its [options] table.

usage: with_options.py SCENARIO OPTION=VALUE...
(the table is added at the top when the scenario has none)
"""
import re
import sys

path, *pairs = sys.argv[1:]
lines = open(path).read().split("\n")
table = next((i for i, l in enumerate(lines) if l.strip() == "[options]"), None)
if table is None:
    lines[0:0] = ["[options]"]
    table = 0
for pair in pairs:
    key, value = pair.split("=", 1)
    lines = [l for l in lines if not re.match(rf"^\s*{re.escape(key)}\s*=", l)]
    lines.insert(table + 1, f"{key} = {value}")
print("\n".join(lines))
