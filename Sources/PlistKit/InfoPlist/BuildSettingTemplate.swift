/// A string read as Apple's build engine reads a build setting expression: literal text and
/// references to build settings, which may nest and carry operators.
///
/// The one reader of reference syntax: ``BuildSettingExpander`` evaluates what it finds, and
/// ``InfoPlistChecker`` reports references it finds in a file meant to be expanded already.
///
/// The syntax, as swift-build's `MacroExpressionParser` reads a string:
/// - `$(NAME)`, and the older `${NAME}` and `$[NAME]`: the name runs to the next `:` or
///   closing bracket of the same kind and may itself hold references (`$(SERVER_$(CONFIG))`).
///   Any name is taken (`$(echo hi)` names the setting `echo hi`, which no settings file can
///   define). A reference that does not end (`$(NAME`) is read to the end of the text.
/// - `$NAME`: a name of `[A-Za-z_][A-Za-z0-9_.]*`, optionally followed by a `$(…)` that
///   continues it. Left as written when the setting is undefined.
/// - Operators follow the name, each after a `:`: a retrieval operator (`:lower`), or a
///   replacement operator with an operand that may hold references (`:default=$(OTHER)`),
///   the operand running to the next `:` or closing bracket. Operator names are
///   `[A-Za-z0-9_.+-]+`.
/// - `$$` stands for one `$`; a `$` before anything else, or at the end, is literal.
///
/// The text is read in one pass; references nest at most `maximumDepth` deep, so hostile text
/// (`$($($(…`) costs linear time and bounded recursion.
struct BuildSettingTemplate {
    /// A piece of the text.
    enum Part {
        case literal(String)
        case reference(Reference)
    }

    /// An operator of a reference, as written (``BuildSettingExpander`` checks the names).
    enum Operator {
        /// `:name`.
        case retrieval(String)
        /// `:name=operand`.
        case replacement(String, operand: [Part])
        /// An operator the engine cannot read: an empty name (`$(A:)`, `$(A:=x)`) or a name
        /// with a character operators cannot hold (`$(A:lo wer)`); the text is what was read.
        case malformed(String)
    }

    /// One reference: its name, its operators, and its text as written.
    struct Reference {
        /// The parts of the name: literal text and nested references.
        var name: [Part]
        /// The operators, in the order they apply.
        var operators: [Operator]
        /// Whether the reference is bracketed (`$(NAME)`) rather than bare (`$NAME`), which
        /// the engine leaves as written when the setting is undefined.
        var isBracketed: Bool
        /// The whole reference as written, `$(NAME:lower)`.
        var text: String

        /// Whether this reference names a build setting that must be defined for it to expand:
        /// where expanding without settings reports an undefined setting by a setting's name.
        /// That is a bracketed reference whose name is a setting name, or any reference whose
        /// name is made with such a reference (whose value is known only from the settings).
        /// A nested reference that names nothing is read as its text, and so is a bare `$NAME`,
        /// which stays as written when its setting is undefined.
        var namesSetting: Bool {
            var text = ""
            for part in name {
                switch part {
                case .literal(let piece): text += piece
                case .reference(let nested):
                    if nested.namesSetting { return true }
                    text += nested.text
                }
            }
            return isBracketed && BuildSettingTemplate.isSettingName(text[...])
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
        var reader = Reader(bytes: Array(text.utf8), maximumDepth: maximumDepth)
        parts = try reader.text()
        hasEscapes = reader.sawEscape
    }

    /// Whether `text` may hold a reference at all: the expansion's fast path for the many
    /// strings without a `$`.
    static func mayHoldReference(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "$"))
    }

    /// Whether `name` is a build setting name as settings files write them: a letter or `_`,
    /// then letters, digits and `_`.
    static func isSettingName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, isNameStart(first) else { return false }
        return name.utf8.allSatisfy { isNameStart($0) || isDigit($0) }
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_")
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The one-pass reader.
    private struct Reader {
        let bytes: [UInt8]
        let maximumDepth: Int
        var position = 0
        var sawEscape = false

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        /// The whole text: literals and references to the end.
        mutating func text() throws(InfoPlistError) -> [Part] {
            var builder = PartsBuilder()
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "$") {
                    try substitution(into: &builder, depth: 0)
                } else {
                    let start = position
                    while position < bytes.count, bytes[position] != UInt8(ascii: "$") { position += 1 }
                    builder.literal(bytes[start..<position])
                }
            }
            return builder.finished
        }

        /// A fragment inside a reference (a name or an operand): literals and references up to
        /// a `:`, the closing bracket `closing`, or the end.
        private mutating func fragment(closing: UInt8, depth: Int) throws(InfoPlistError) -> [Part] {
            var builder = PartsBuilder()
            while let byte = current, byte != UInt8(ascii: ":"), byte != closing {
                if byte == UInt8(ascii: "$") {
                    try substitution(into: &builder, depth: depth)
                } else {
                    let start = position
                    while let next = current, next != UInt8(ascii: "$"), next != UInt8(ascii: ":"), next != closing { position += 1 }
                    builder.literal(bytes[start..<position])
                }
            }
            return builder.finished
        }

        /// What starts at the `$` at `position`: a reference, an escaped `$`, or a literal `$`.
        private mutating func substitution(into builder: inout PartsBuilder, depth: Int) throws(InfoPlistError) {
            let start = position
            position += 1
            guard let next = current else {
                builder.literal(bytes[start..<position])
                return
            }
            if let closing = Self.closingBracket(next) {
                guard depth < maximumDepth else {
                    throw InfoPlistError(.expansionTooDeep, "Build setting references nest more than \(maximumDepth) levels deep")
                }
                position += 1
                let name = try fragment(closing: closing, depth: depth + 1)
                var operators: [Operator] = []
                while current == UInt8(ascii: ":") {
                    position += 1
                    operators.append(try self.operator(closing: closing, depth: depth + 1))
                }
                if current == closing { position += 1 }
                builder.reference(Reference(name: name, operators: operators, isBracketed: true, text: String(decoding: bytes[start..<position], as: UTF8.self)))
            } else if BuildSettingTemplate.isNameStart(next) {
                while let byte = current, BuildSettingTemplate.isNameStart(byte) || BuildSettingTemplate.isDigit(byte) || byte == UInt8(ascii: ".") {
                    position += 1
                }
                var name: [Part] = [.literal(String(decoding: bytes[(start + 1)..<position], as: UTF8.self))]
                // The engine lets a bare name go on with a bracketed reference: `$NAME$(SUFFIX)`.
                if current == UInt8(ascii: "$"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "(") {
                    var nested = PartsBuilder()
                    try substitution(into: &nested, depth: depth + 1)
                    name += nested.finished
                }
                builder.reference(Reference(name: name, operators: [], isBracketed: false, text: String(decoding: bytes[start..<position], as: UTF8.self)))
            } else {
                if next == UInt8(ascii: "$") {
                    sawEscape = true
                    position += 1
                }
                builder.literal(bytes[start..<(start + 1)])
            }
        }

        /// An operator after its `:`, up to the next `:`, the closing bracket or the end.
        private mutating func `operator`(closing: UInt8, depth: Int) throws(InfoPlistError) -> Operator {
            let start = position
            while let byte = current, Self.isOperatorCharacter(byte) { position += 1 }
            let name = String(decoding: bytes[start..<position], as: UTF8.self)
            switch current {
            case nil:
                // The engine reports a reference that ends inside an operator and drops the operator.
                return .malformed(name)
            case UInt8(ascii: ":"), closing:
                return name.isEmpty ? .malformed(name) : .retrieval(name)
            case UInt8(ascii: "="):
                position += 1
                guard !name.isEmpty else {
                    skip(closing: closing)
                    return .malformed(String(decoding: bytes[start..<position], as: UTF8.self))
                }
                return .replacement(name, operand: try fragment(closing: closing, depth: depth))
            default:
                skip(closing: closing)
                return .malformed(String(decoding: bytes[start..<position], as: UTF8.self))
            }
        }

        /// Moves to the next `:` or closing bracket, as the engine does after a malformed operator.
        private mutating func skip(closing: UInt8) {
            while let byte = current, byte != UInt8(ascii: ":"), byte != closing { position += 1 }
        }

        private static func closingBracket(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "("): return UInt8(ascii: ")")
            case UInt8(ascii: "{"): return UInt8(ascii: "}")
            case UInt8(ascii: "["): return UInt8(ascii: "]")
            default: return nil
            }
        }

        private static func isOperatorCharacter(_ byte: UInt8) -> Bool {
            BuildSettingTemplate.isNameStart(byte) || BuildSettingTemplate.isDigit(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        }
    }

    /// Collects parts, joining adjacent literals.
    private struct PartsBuilder {
        private var parts: [Part] = []
        private var pending: [UInt8] = []

        mutating func literal(_ bytes: ArraySlice<UInt8>) {
            pending += bytes
        }

        mutating func reference(_ reference: Reference) {
            flush()
            parts.append(.reference(reference))
        }

        var finished: [Part] {
            mutating get {
                flush()
                return parts
            }
        }

        private mutating func flush() {
            guard !pending.isEmpty else { return }
            parts.append(.literal(String(decoding: pending, as: UTF8.self)))
            pending.removeAll()
        }
    }
}
