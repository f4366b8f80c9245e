#!/usr/bin/env python3
"""Checks a Qt Linguist .ts file: every message translated (no type="unfinished",
no empty translation), and each translation keeps its source's placeholders
(%1..%9, %n, %L1), HTML tags, `code` spans, --flags, and line breaks count."""
import re, sys, xml.etree.ElementTree as ET
path = sys.argv[1]
root = ET.parse(path).getroot()
problems = []
total = 0
def tokens(pattern, text):
    return sorted(re.findall(pattern, text))
for ctx in root.iter('context'):
    name = ctx.findtext('name')
    for msg in ctx.iter('message'):
        total += 1
        src = msg.findtext('source') or ''
        tr = msg.find('translation')
        text = (tr.text or '') if tr is not None else ''
        where = f"{name}: {src[:60]!r}"
        if tr is None or tr.get('type') in ('unfinished', 'vanished', 'obsolete') or not text.strip():
            problems.append(f"untranslated: {where}")
            continue
        for label, pattern in [('placeholders', r'%L?\d|%n'), ('HTML tags', r'</?[a-zA-Z][^>]*>'),
                               ('`code`', r'`[^`]*`'), ('--flags', r'(?<![\w-])--?[a-zA-Z][\w-]*')]:
            a, b = tokens(pattern, src), tokens(pattern, text)
            if label == '--flags':
                a = [t for t in a if t.startswith('--')]; b = [t for t in b if t.startswith('--')]
            if a != b:
                problems.append(f"{label} differ ({a} vs {b}): {where}")
        if src.count('\n') != text.count('\n'):
            problems.append(f"line breaks differ ({src.count(chr(10))} vs {text.count(chr(10))}): {where}")
print(f"{path}: {total} messages, {len(problems)} problem(s)")
for p in problems[:60]:
    print("  " + p)
sys.exit(1 if problems else 0)
