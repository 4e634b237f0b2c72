/// Unicode canonical normalization, NFD and NFC, of the Unicode version Swift's standard
/// library implements (16.0), which FoundationEssentials does not offer
/// (`decomposedStringWithCanonicalMapping` and `precomposedStringWithCanonicalMapping` are
/// Foundation's).
///
/// Build-setting operators need it: Apple's build engine mangles identifiers from a string's
/// decomposed or precomposed form, so a name typed as `e` + U+0301 and one typed as `é` give
/// the same identifier. The data, ``unicodeCanonicalCompositions`` (from which the
/// composites' decompositions are rebuilt) and ``unicodeNonComposingDecompositions``, was
/// generated from the Unicode Character Database by
/// `TestData/InfoPlist/unicode/generate-normalization-data.py`; canonical combining classes
/// come from the standard library (`Unicode.Scalar.Properties.canonicalCombiningClass`), and
/// Hangul syllables are decomposed and composed by the algorithm of Unicode's chapter 3.12.
///
/// The tables are read once, on first use. Both forms cost O(n) in the scalars of the text
/// (reordering sorts runs of combining marks, which real text keeps short; a hostile run of
/// marks costs O(k log k)).
enum UnicodeNormalization {
    /// `text` in Normalization Form D: every scalar fully decomposed, combining marks in
    /// canonical order.
    static func decomposed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var scalars = decomposedScalars(text)
        reorder(&scalars)
        return String(String.UnicodeScalarView(scalars))
    }

    /// `text` in Normalization Form C: decomposed, reordered, then composed again where
    /// Unicode allows.
    static func precomposed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var scalars = decomposedScalars(text)
        reorder(&scalars)
        return String(String.UnicodeScalarView(compose(scalars)))
    }

    // MARK: - Decomposition

    private static let hangulBase: UInt32 = 0xAC00, leadBase: UInt32 = 0x1100, vowelBase: UInt32 = 0x1161, trailBase: UInt32 = 0x11A7
    private static let vowelCount: UInt32 = 21, trailCount: UInt32 = 28, syllableCount: UInt32 = 11172

    private static func decomposedScalars(_ text: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0xC0 {
                result.append(scalar)
            } else if value >= hangulBase, value < hangulBase + syllableCount {
                let index = value - hangulBase
                result.append(Unicode.Scalar(leadBase + index / (vowelCount * trailCount))!)
                result.append(Unicode.Scalar(vowelBase + (index % (vowelCount * trailCount)) / trailCount)!)
                if index % trailCount != 0 { result.append(Unicode.Scalar(trailBase + index % trailCount)!) }
            } else if let mapping = tables.decompositions[value] {
                result += mapping
            } else {
                result.append(scalar)
            }
        }
        return result
    }

    /// Sorts each run of non-starters by canonical combining class, keeping the order of equal
    /// classes (the canonical ordering algorithm).
    private static func reorder(_ scalars: inout [Unicode.Scalar]) {
        var start = 0
        while start < scalars.count {
            guard combiningClass(scalars[start]) != 0 else {
                start += 1
                continue
            }
            var end = start + 1
            while end < scalars.count, combiningClass(scalars[end]) != 0 { end += 1 }
            if end - start > 1 {
                // A stable sort: the index breaks ties.
                let run = scalars[start..<end].enumerated().sorted {
                    let (left, right) = (combiningClass($0.element), combiningClass($1.element))
                    return left != right ? left < right : $0.offset < $1.offset
                }
                scalars.replaceSubrange(start..<end, with: run.map(\.element))
            }
            start = end
        }
    }

    private static func combiningClass(_ scalar: Unicode.Scalar) -> UInt8 {
        scalar.value < 0x300 ? 0 : scalar.properties.canonicalCombiningClass.rawValue
    }

    // MARK: - Composition

    /// The canonical composition algorithm over decomposed, reordered scalars: each scalar
    /// joins the last starter when nothing between blocks it (a mark of the same or a higher
    /// class, or a starter).
    private static func compose(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var starter: Int?
        var lastClass: Int = -1
        for scalar in scalars {
            let currentClass = Int(combiningClass(scalar))
            if let index = starter {
                // Blocked when a mark between has a class at least this one's, or when the
                // previous scalar is a starter that was not composed with (class 0 after the
                // starter itself means adjacency, which does not block).
                let blocked = lastClass != -1 && (lastClass >= currentClass || lastClass == 0)
                if !blocked, let composite = composite(result[index], scalar) {
                    result[index] = composite
                    continue
                }
            }
            result.append(scalar)
            if currentClass == 0 {
                starter = result.count - 1
                lastClass = -1
            } else {
                lastClass = currentClass
            }
        }
        return result
    }

    private static func composite(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
        let (a, b) = (first.value, second.value)
        if a >= leadBase, a < leadBase + 19, b >= vowelBase, b < vowelBase + vowelCount {
            return Unicode.Scalar(hangulBase + ((a - leadBase) * vowelCount + (b - vowelBase)) * trailCount)
        }
        if a >= hangulBase, a < hangulBase + syllableCount, (a - hangulBase) % trailCount == 0, b > trailBase, b < trailBase + trailCount {
            return Unicode.Scalar(a + (b - trailBase))
        }
        return tables.compositions[UInt64(a) << 32 | UInt64(b)].flatMap(Unicode.Scalar.init)
    }

    // MARK: - Tables

    private struct Tables: Sendable {
        var decompositions: [UInt32: [Unicode.Scalar]] = [:]
        var compositions: [UInt64: UInt32] = [:]
    }

    private static let tables: Tables = {
        var tables = Tables()
        var pairs: [UInt32: (first: UInt32, second: UInt32)] = [:]
        for entry in unicodeCanonicalCompositions.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let halves = entry.split(separator: ":")
            let pair = halves.first?.split(separator: ",").compactMap { UInt32($0, radix: 16) } ?? []
            guard halves.count == 2, pair.count == 2, let composite = UInt32(halves[1], radix: 16) else { continue }
            tables.compositions[UInt64(pair[0]) << 32 | UInt64(pair[1])] = composite
            pairs[composite] = (pair[0], pair[1])
        }
        var next: UInt32 = 0
        for entry in unicodeNonComposingDecompositions.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let halves = entry.split(separator: ":")
            // An entry without its scalar is the next scalar's.
            guard halves.count <= 2, let key = halves.count == 2 ? UInt32(halves[0], radix: 16) : next else { continue }
            tables.decompositions[key] = halves[halves.count - 1].split(separator: ",").compactMap {
                UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
            }
            next = key + 1
        }
        // A composite decomposes fully as its pair's first scalar does, then its second; the
        // data nests a few levels at most (U+1E08 is U+00C7 + U+0301, U+00C7 is C + U+0327).
        func decomposition(of value: UInt32) -> [Unicode.Scalar] {
            if let known = tables.decompositions[value] { return known }
            guard let (first, second) = pairs[value] else { return Unicode.Scalar(value).map { [$0] } ?? [] }
            let full = decomposition(of: first) + decomposition(of: second)
            tables.decompositions[value] = full
            return full
        }
        for composite in pairs.keys { _ = decomposition(of: composite) }
        return tables
    }()
}
