/// A string read as build systems read it: literal text and references to build settings,
/// `$(NAME)`, `${NAME}` and `$(NAME:modifier…)`, which may nest (`$(NAME_$(CONFIGURATION))`).
///
/// The one reader of reference syntax: ``BuildSettingExpander`` evaluates what it finds, and
/// ``InfoPlistChecker`` reports references it finds in a file meant to be expanded already.
///
/// Rules:
/// - `$$` stands for one `$` and starts no reference (`$$(HOME)` is the text `$(HOME)`).
/// - `$(` and `${` open a reference that ends at the next `)` or `}` of the same kind not
///   closing an inner reference; a reference that does not end is literal text, as is a
///   reference whose name (after inner references are expanded) is not `[A-Za-z_][A-Za-z0-9_]*`
///   (`$(echo hi)` in a script stays as it is).
/// - A `$` before anything else is literal. A reference that does not end keeps its text as
///   written, `$$` included.
///
/// The text is read in one pass; references nest at most `maximumDepth` deep, so hostile text
/// (`$($($(…`) costs linear time and bounded recursion.
struct BuildSettingTemplate {
    /// A piece of the text.
    enum Part {
        case literal(String)
        case reference(Reference)
    }

    /// One reference: the parts between its brackets, and its text as written.
    struct Reference {
        /// What stands between `$(` and `)`: the name and modifiers, maybe with references.
        var inner: [Part]
        /// The whole reference as written, `$(NAME:lower)`.
        var text: String

        /// Whether this names a build setting whatever the settings are: its name is a setting
        /// name, or is made with another such reference (whose value is known only from the
        /// settings). A nested `$(…)` that names nothing is text, as the expansion reads it.
        var namesSetting: Bool {
            var text = ""
            for part in inner {
                switch part {
                case .literal(let piece): text += piece
                case .reference(let nested):
                    if nested.namesSetting { return true }
                    text += nested.text
                }
            }
            return BuildSettingTemplate.isSettingName(text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0])
        }
    }

    /// The parts in order; adjacent literals are joined.
    let parts: [Part]

    /// Whether the text holds a reference anywhere (or a `$$`, which the expansion changes).
    var changesWhenExpanded: Bool {
        parts.contains { if case .reference = $0 { return true } else { return false } } || hasEscapes
    }

    /// Whether the text holds a `$$`.
    private let hasEscapes: Bool

    /// Reads `text`.
    ///
    /// - Throws: ``InfoPlistError`` with ``InfoPlistError/Code/expansionTooDeep`` when
    ///   references nest deeper than `maximumDepth`.
    init(parsing text: String, maximumDepth: Int) throws(InfoPlistError) {
        let bytes = Array(text.utf8)
        var reader = Reader(bytes: bytes, maximumDepth: maximumDepth)
        var position = 0
        parts = try reader.parts(from: &position, closing: nil, depth: 0).parts
        hasEscapes = reader.sawEscape
    }

    /// Whether `text` may hold a reference at all: the expansion's fast path for the many
    /// strings without a `$`.
    static func mayHoldReference(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "$"))
    }

    /// Whether `name` is a build setting name: a letter or `_`, then letters, digits and `_`.
    static func isSettingName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, isNameStart(first) else { return false }
        return name.utf8.allSatisfy { isNameStart($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_")
    }

    /// The one-pass reader.
    private struct Reader {
        let bytes: [UInt8]
        let maximumDepth: Int
        var sawEscape = false

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        /// The parts from `position` to `closing` (then past it) or to the end of the text;
        /// whether `closing` was found.
        mutating func parts(from position: inout Int, closing: UInt8?, depth: Int) throws(InfoPlistError) -> (parts: [Part], closed: Bool) {
            var parts: [Part] = []
            var literal: [UInt8] = []
            func flush() {
                guard !literal.isEmpty else { return }
                parts.append(.literal(String(decoding: literal, as: UTF8.self)))
                literal.removeAll()
            }
            while position < bytes.count {
                let byte = bytes[position]
                if let closing, byte == closing {
                    position += 1
                    flush()
                    return (parts, true)
                }
                guard byte == UInt8(ascii: "$"), position + 1 < bytes.count else {
                    literal.append(byte)
                    position += 1
                    continue
                }
                let next = bytes[position + 1]
                if next == UInt8(ascii: "$") {
                    sawEscape = true
                    literal.append(UInt8(ascii: "$"))
                    position += 2
                    continue
                }
                guard next == UInt8(ascii: "(") || next == UInt8(ascii: "{") else {
                    literal.append(byte)
                    position += 1
                    continue
                }
                guard depth < maximumDepth else {
                    throw InfoPlistError(.expansionTooDeep, "Build setting references nest more than \(maximumDepth) levels deep")
                }
                let start = position
                position += 2
                let (inner, closed) = try self.parts(from: &position, closing: next == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}"), depth: depth + 1)
                if closed {
                    flush()
                    parts.append(.reference(Reference(inner: inner, text: String(decoding: bytes[start..<position], as: UTF8.self))))
                } else {
                    // No end: everything from the `$` on is text (the inner reading reached the end).
                    literal += bytes[start..<position]
                }
            }
            flush()
            return (parts, false)
        }
    }
}
