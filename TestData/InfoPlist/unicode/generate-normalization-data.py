# Generates Sources/PlistKit/Support/UnicodeNormalizationData.swift (python3 generate-normalization-data.py > that file) from Unicode 16.0 data
# (the Python package unicodedataplus 16.0.0, the Unicode version of Swift 6.3's stdlib).
import unicodedataplus as u
decomp = []   # (cp, full canonical decomposition)
compose = []  # (first, second, composite) for primary composites
for cp in range(0x110000):
    if 0xAC00 <= cp <= 0xD7A3: continue  # Hangul syllables: algorithmic
    if 0xD800 <= cp <= 0xDFFF: continue
    c = chr(cp)
    d = u.decomposition(c)
    if not d or d.startswith('<'): continue
    nfd = u.normalize('NFD', c)
    decomp.append((cp, [ord(x) for x in nfd]))
    parts = [int(x, 16) for x in d.split()]
    if len(parts) == 2 and u.normalize('NFC', chr(parts[0]) + chr(parts[1])) == c:
        compose.append((parts[0], parts[1], cp))
def words(rows):
    out, line = [], ''
    for r in rows:
        item = r + ' '
        if len(line) + len(item) > 100:
            out.append(line.rstrip()); line = ''
        line += item
    out.append(line.rstrip())
    return out
d_rows = ['%X:%s' % (cp, ','.join('%X' % x for x in nfd)) for cp, nfd in decomp]
c_rows = ['%X,%X:%X' % t for t in compose]
print('/// Unicode 16.0 canonical decompositions, each `scalar:full decomposition` in hexadecimal')
print('/// (Hangul syllables are left to the algorithm), generated from the Unicode Character')
print('/// Database; see ``UnicodeNormalization`` for how it was made.')
print('let unicodeCanonicalDecompositions = """')
for l in words(d_rows): print(l)
print('"""')
print()
print('/// Unicode 16.0 primary composites, each `first,second:composite` in hexadecimal: the pairs')
print('/// canonical composition joins (composition exclusions and singletons left out).')
print('let unicodeCanonicalCompositions = """')
for l in words(c_rows): print(l)
print('"""')
import sys; print(len(decomp), len(compose), file=sys.stderr)
