import Foundation
import PlistKit

/// A deterministic random source (SplitMix64), so every differential test can be replayed
/// from its seed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Builds random value trees covering every type and the edges of each: integer extremes,
/// `-0.0`, NaN and infinities, dates before 1970 and after 2100, empty containers and
/// non-ASCII (including astral) text.
struct RandomPlistGenerator {
    /// What the generated trees may contain.
    struct Configuration {
        var maximumDepth = 4
        var maximumChildren = 6
        /// Include `.uid` values (keyed-archive references).
        var includesUIDs = true
        /// Give dates a fractional second (XML keeps whole seconds only).
        var allowsFractionalDates = true
        /// Include NaN and infinities among reals (strict JSON cannot hold them).
        var allowsNonFiniteReals = true
        /// Include control characters other than tab, newline and carriage return in strings
        /// (XML 1.0 cannot hold them).
        var allowsControlCharacters = false
        /// Only scalars of these kinds; `nil` for all.
        var scalarKinds: [PlistValue.Kind]? = nil
        /// Make every scalar distinct and give dictionaries at most one key, the trees on which
        /// Foundation on Linux writes the same binary bytes as Apple's writer (it does not
        /// unique values, and it orders dictionary keys by hash).
        var uniqueScalarsAndSingleKeyDictionaries = false
    }

    var random: SeededRandom
    var configuration: Configuration
    private var serial = 0

    init(seed: UInt64, configuration: Configuration = Configuration()) {
        random = SeededRandom(seed: seed)
        self.configuration = configuration
    }

    /// A tree whose root is a container.
    mutating func makeTree() -> PlistValue {
        Bool.random(using: &random) ? makeArray(depth: 1) : makeDictionary(depth: 1)
    }

    mutating func makeValue(depth: Int) -> PlistValue {
        if depth < configuration.maximumDepth, Int.random(in: 0..<4, using: &random) == 0 {
            return Bool.random(using: &random) ? makeArray(depth: depth + 1) : makeDictionary(depth: depth + 1)
        }
        return makeScalar()
    }

    mutating func makeArray(depth: Int) -> PlistValue {
        let count = Int.random(in: 0...configuration.maximumChildren, using: &random)
        return .array((0..<count).map { _ in makeValue(depth: depth) })
    }

    mutating func makeDictionary(depth: Int) -> PlistValue {
        let limit = configuration.uniqueScalarsAndSingleKeyDictionaries ? 1 : configuration.maximumChildren
        let count = Int.random(in: 0...limit, using: &random)
        var dictionary = PlistDictionary()
        for _ in 0..<count {
            dictionary[makeString()] = makeValue(depth: depth)
        }
        return .dictionary(dictionary)
    }

    mutating func makeScalar() -> PlistValue {
        var kinds: [PlistValue.Kind] = configuration.scalarKinds
            ?? [.string, .integer, .real, .boolean, .date, .data, .uid]
        if !configuration.includesUIDs { kinds.removeAll { $0 == .uid } }
        if configuration.uniqueScalarsAndSingleKeyDictionaries { kinds.removeAll { $0 == .boolean } }
        switch kinds.randomElement(using: &random)! {
        case .string: return .string(makeString())
        case .integer: return .integer(makeInteger())
        case .real: return .real(makeReal())
        case .boolean: return .boolean(Bool.random(using: &random))
        case .date: return .date(makeDate())
        case .data: return .data(makeData())
        case .uid: return .uid(makeUID())
        case .array, .dictionary: return .string(makeString())
        }
    }

    mutating func makeString() -> String {
        let pools: [[Unicode.Scalar]] = [
            Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.".unicodeScalars),
            Array("<>&\"'\t\n\r;=(){}/\\".unicodeScalars),
            Array("éüßøçñÅ€日本語中文한국어Ωπ𝄞😀👍🏽🇫🇷\u{0301}\u{FEFF}\u{2028}".unicodeScalars),
        ]
        var scalars: [Unicode.Scalar] = []
        let length = Int.random(in: 0...12, using: &random)
        for _ in 0..<length {
            let pool = pools[Int.random(in: 0..<pools.count, using: &random)]
            scalars.append(pool.randomElement(using: &random)!)
        }
        if configuration.allowsControlCharacters, Int.random(in: 0..<8, using: &random) == 0 {
            scalars.append(Unicode.Scalar(UInt8.random(in: 1...31, using: &random)))
        }
        var text = String(String.UnicodeScalarView(scalars))
        if configuration.uniqueScalarsAndSingleKeyDictionaries {
            serial += 1
            text += "#\(serial)"
        }
        return text
    }

    mutating func makeInteger() -> PlistInteger {
        if configuration.uniqueScalarsAndSingleKeyDictionaries {
            serial += 1
            return PlistInteger(Int64(serial) * 7919 * (Bool.random(using: &random) ? 1 : -1))
        }
        let edges: [PlistInteger] = [
            0, 1, -1, 127, 128, 255, 256, -128, -129, 32767, 65535, 65536, -32768,
            PlistInteger(Int64(Int32.max)), PlistInteger(UInt64(UInt32.max)), PlistInteger(Int64(Int32.min)),
            PlistInteger(Int64.max), PlistInteger(Int64.min), PlistInteger(UInt64.max),
            PlistInteger(UInt64(Int64.max) + 1),
        ]
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return edges.randomElement(using: &random)!
        case 1: return PlistInteger(Int64.random(in: -1000...1000, using: &random))
        case 2: return PlistInteger(Int64.random(in: Int64.min...Int64.max, using: &random))
        default: return PlistInteger(UInt64.random(in: 0...UInt64.max, using: &random))
        }
    }

    mutating func makeReal() -> Double {
        if configuration.uniqueScalarsAndSingleKeyDictionaries {
            serial += 1
            return Double(serial) + 0.25
        }
        var edges: [Double] = [0.0, -0.0, 1.5, -2.25, .pi, .leastNormalMagnitude / 4, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1]
        if configuration.allowsNonFiniteReals { edges += [.nan, .infinity, -.infinity] }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return edges.randomElement(using: &random)!
        case 1: return Double.random(in: -1e6...1e6, using: &random)
        default: return Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random)).isFinite
            ? Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &random)) : 1.0
        }
    }

    mutating func makeDate() -> Date {
        // From 1601 to 2400: before 1970 and after 2100 both occur.
        var seconds = Double(Int64.random(in: -12_622_780_800...12_622_780_800, using: &random))
        if configuration.uniqueScalarsAndSingleKeyDictionaries {
            serial += 1
            seconds = Double(serial) * 86_400 + 17
        }
        if configuration.allowsFractionalDates, Bool.random(using: &random) {
            seconds += Double(Int.random(in: 1...999, using: &random)) / 1000
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    mutating func makeData() -> Data {
        let length = [0, 1, 2, 3, 14, 15, 16, 57, 100, 300].randomElement(using: &random)!
        var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        if configuration.uniqueScalarsAndSingleKeyDictionaries {
            serial += 1
            bytes += withUnsafeBytes(of: UInt64(serial).bigEndian, Array.init)
        }
        return Data(bytes)
    }

    mutating func makeUID() -> UInt32 {
        if configuration.uniqueScalarsAndSingleKeyDictionaries {
            serial += 1
            return UInt32(serial)
        }
        return [0, 1, 255, 256, 65535, 65536, UInt32.max].randomElement(using: &random)!
    }
}
