"""Lists the longest Rust functions under src/ (lines from `fn` to its closing brace).
Usage: python3 fnlen.py [TOP]"""
import re, sys, pathlib
top = int(sys.argv[1]) if len(sys.argv) > 1 else 15
fn = re.compile(r'^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)')
rows = []
for path in pathlib.Path('src').rglob('*.rs'):
    lines = path.read_text().splitlines()
    i = 0
    while i < len(lines):
        m = fn.match(lines[i])
        if not m:
            i += 1
            continue
        depth, started, j = 0, False, i
        while j < len(lines):
            code = re.sub(r'"(\\.|[^"\\])*"|//.*', '', lines[j])
            depth += code.count('{') - code.count('}')
            if '{' in code:
                started = True
            if ';' in code and not started and depth == 0:
                break
            if started and depth <= 0:
                break
            j += 1
        if started:
            rows.append((j - i + 1, f'{path}:{i + 1}', m.group(6)))
        i += 1
rows.sort(reverse=True)
for n, where, name in rows[:top]:
    print(f'{n:5} {name:40} {where}')
print(f'functions over 120 lines: {sum(1 for r in rows if r[0] > 120)}')
