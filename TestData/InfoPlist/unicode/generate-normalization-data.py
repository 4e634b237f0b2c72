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
# A composite's decomposition is its pair's, which the reader rebuilds from the compositions:
# only the decompositions composition does not undo are listed (singletons, exclusions,
# decompositions that start with a non-starter). An entry names its scalar only when it does
# not follow the previous entry's: the runs of compatibility ideographs are lists of values.
composites = {c for _, _, c in compose}
rest = [(cp, nfd) for cp, nfd in decomp if cp not in composites]
d_rows, previous = [], None
for cp, nfd in rest:
    value = ','.join('%X' % x for x in nfd)
    d_rows.append(value if previous == cp - 1 else '%X:%s' % (cp, value))
    previous = cp
c_rows = ['%X,%X:%X' % t for t in compose]
print('/// Unicode 16.0 primary composites, each `first,second:composite` in hexadecimal: the pairs')
print('/// canonical composition joins (composition exclusions and singletons left out), generated')
print('/// from the Unicode Character Database; see ``UnicodeNormalization`` for how it was made.')
print('/// A composite\'s full canonical decomposition is that of its pair\'s first scalar, then')
print('/// that of its second.')
print('let unicodeCanonicalCompositions = """')
for l in words(c_rows): print(l)
print('"""')
print()
print('/// Unicode 16.0 canonical decompositions that canonical composition does not undo')
print('/// (singletons, composition exclusions, decompositions that start with a non-starter):')
print('/// `scalar:full decomposition` in hexadecimal, scalars joined by commas, or the decomposition')
print('/// alone for the scalar after the previous entry\'s, so that a run of compatibility')
print('/// ideographs is a list of the ideographs they stand for. Hangul syllables are left to the')
print('/// algorithm, and composites to ``unicodeCanonicalCompositions``.')
print('let unicodeNonComposingDecompositions = """')
for l in words(d_rows): print(l)
print('"""')
import sys; print(len(decomp), len(compose), len(rest), file=sys.stderr)
