import FoundationEssentials

/// Writes a value as Swift or Objective-C source code, as `plutil -convert swift` and
/// `plutil -convert objc` do.
///
/// The layout is plutil's: a `/// Generated from NAME` comment, a constant named after the
/// source file (`let name = …` in Swift; `__attribute__((visibility("hidden")))` and
/// `NSArray * const name = @[…];` in Objective-C), four spaces per level, a comma after every
/// element, dictionary keys in plutil's order (Foundation's numeric, case-insensitive collation,
/// as in `plutil -convert json -r`), and `[Any]`/`[String : Any]` on a Swift root whose elements
/// differ in type. Reals are written with `%f` as plutil writes them whenever that reads back
/// exactly (`2.500000`), dates as `Date(timeIntervalSinceReferenceDate: 0.0)` and data as
/// `Data(bytes: [0x00,0x01,])`.
///
/// Where plutil's output is not valid source, PlistKit writes valid source instead (see
/// Docs/Formats.md): strings escape backslashes, control characters (a raw tab is not allowed
/// in a Swift literal), U+2028/U+2029 and U+FEFF; dictionary keys are escaped like values; an
/// empty Swift dictionary is `[:]` (plutil writes an empty array); a Swift root gets a type
/// whenever Swift could not infer one (empty or nested mixed containers); reals that `%f` would
/// round (`1e-07` becomes `0.000000` in plutil) use the shortest exact digits; NaN and infinities
/// use `Double.nan`/`NAN`; integers above `Int64.max` are written as `UInt64(…)` / `…ULL` and
/// `Int64.min` in Objective-C as `-9223372036854775807LL - 1`; the constant's name is made a
/// valid identifier.
///
/// Values the language's literals cannot hold fail, as they do in plutil: UIDs in both
/// languages, dates and data in Objective-C.
public struct PlistLiteralWriter: Sendable {
    /// The language to write.
    public enum Language: String, Hashable, Sendable {
        /// Swift (`plutil -convert swift`).
        case swift
        /// Objective-C (`plutil -convert objc`).
        case objectiveC
    }

    /// The language written.
    public var language: Language
    /// The name in the `/// Generated from NAME` comment: the input file's name, or `-` for
    /// standard input.
    public var sourceName: String
    /// The name of the generated constant.
    public var variableName: String
    /// The limits on the value's size once its shared references are expanded, as writing
    /// checks them (``PlistWritingOptions/maximumValueCount``,
    /// ``PlistWritingOptions/maximumExpandedByteCount``, ``PlistWritingOptions/maximumDepth``;
    /// the other options do not apply). Default: writing's defaults.
    public var limits: PlistWritingOptions

    /// Creates a writer; the constant is named after `sourceName` as plutil names it (the
    /// file name without its extension), made a valid identifier, unless `variableName` is
    /// given.
    public init(
        language: Language, sourceName: String = "-", variableName: String? = nil,
        limits: PlistWritingOptions = PlistWritingOptions()
    ) {
        self.language = language
        self.sourceName = sourceName
        self.variableName = variableName ?? Self.variableName(forSourceName: sourceName, language: language)
        self.limits = limits
    }

    /// The identifier plutil derives from a file name: the last path component without its
    /// extension, with every character that cannot appear in an identifier replaced by `_`,
    /// a leading digit or keyword prefixed with `_`, and `_` for standard input.
    ///
    /// Complexity: O(n) in the length of the name.
    public static func variableName(forSourceName sourceName: String, language: Language) -> String {
        var name = Substring(sourceName)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        if name.isEmpty || name == "-" { return "_" }
        var identifier = String(name.unicodeScalars.map { scalar -> Character in
            let isASCIIWord = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
            let isOtherLetter = !scalar.isASCII && scalar.properties.isAlphabetic
            return isASCIIWord || isOtherLetter ? Character(scalar) : "_"
        })
        if let first = identifier.unicodeScalars.first, ("0"..."9").contains(first) { identifier = "_" + identifier }
        let keywords = language == .swift ? swiftKeywords : objectiveCKeywords
        if keywords.contains(identifier) { identifier = "_" + identifier }
        return identifier
    }

    private static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while",
        "as", "Any", "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
    ]

    private static let objectiveCKeywords: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
        "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
        "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
        "volatile", "while", "id", "self", "super", "nil", "YES", "NO", "BOOL", "in", "out",
    ]

    /// The source text: Swift, or the Objective-C implementation without an `#import`.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/unrepresentableValue`` and the key path
    ///   of a value the language's literals cannot hold (a UID; a date or data in Objective-C),
    ///   or ``PlistError/Code/limitExceeded`` when the value, with its shared references
    ///   expanded, passes ``limits``, before anything is written.
    /// - Complexity: O(n) in the size of the value.
    public func source(for value: PlistValue) throws -> String {
        try ExpandedSizeCounter.check(value, limits: limits, for: .textWriter(language == .swift ? "Swift literal" : "Objective-C literal"))
        var output = LiteralOutput(language: language)
        output.text = "/// Generated from \(sourceName)\n"
        switch language {
        case .swift:
            output.text += "let \(variableName)"
            if let annotation = swiftAnnotation(for: value) { output.text += " : " + annotation }
            output.text += " = "
        case .objectiveC:
            output.text += "__attribute__((visibility(\"hidden\")))\n"
            output.text += "\(try objectiveCType(of: value)) * const \(variableName) = "
        }
        var path: [String] = []
        try output.write(value, level: 0, path: &path)
        output.text += language == .swift ? "\n" : ";\n"
        return output.text
    }

    /// The Objective-C header `plutil -convert objc -header` writes beside the implementation:
    /// an `extern` declaration of the constant.
    ///
    /// - Throws: as ``source(for:)``, for a root that is a date, data or UID.
    public func objectiveCHeader(for value: PlistValue) throws -> String {
        "#import <Foundation/Foundation.h>\n\n/// Generated from \(sourceName)\n"
            + "__attribute__((visibility(\"hidden\")))\nextern \(try objectiveCType(of: value)) * const \(variableName);\n"
    }

    /// The Objective-C implementation that goes with ``objectiveCHeader(for:)``: the source,
    /// after `#import "HEADER"` and a blank line.
    ///
    /// - Throws: as ``source(for:)``.
    public func objectiveCImplementation(for value: PlistValue, headerFileName: String) throws -> String {
        "#import \"\(headerFileName)\"\n\n" + (try source(for: value))
    }

    private func objectiveCType(of value: PlistValue) throws -> String {
        switch value {
        case .dictionary: return "NSDictionary"
        case .array: return "NSArray"
        case .string: return "NSString"
        case .integer, .real, .boolean: return "NSNumber"
        case .date, .data, .uid:
            throw PlistError(
                .unrepresentableValue,
                "Cannot write \(value.kind.nameWithArticle) as an Objective-C literal: Objective-C has no literal syntax for it",
                at: .keyPath(.root))
        }
    }

    // MARK: Swift type inference

    /// The static type Swift would infer for a literal, as far as this writer needs it.
    private indirect enum Shape: Equatable {
        case scalar(PlistValue.Kind)
        case array(Shape?)          // nil: empty, element type unknown
        case dictionary(Shape?)
    }

    /// plutil annotates a root container whose elements differ in type; PlistKit also does
    /// when Swift could not infer the literal's type at all (empty, or mixed deeper down).
    private func swiftAnnotation(for value: PlistValue) -> String? {
        let elements: [PlistValue]
        let annotation: String
        switch value {
        case .array(let items): elements = items; annotation = "[Any]"
        case .dictionary(let dictionary): elements = dictionary.values; annotation = "[String : Any]"
        default: return nil
        }
        let kinds = Set(elements.map(\.kind))
        if kinds.count > 1 { return annotation }
        guard let shape = Self.shape(of: value), Self.isComplete(shape) else { return annotation }
        return nil
    }

    private static func shape(of value: PlistValue) -> Shape? {
        switch value {
        case .array(let elements):
            var unified: Shape? = nil
            for element in elements {
                guard let shape = shape(of: element), let merged = unify(unified, shape) else { return nil }
                unified = merged
            }
            return .array(unified)
        case .dictionary(let dictionary):
            var unified: Shape? = nil
            for element in dictionary.values {
                guard let shape = shape(of: element), let merged = unify(unified, shape) else { return nil }
                unified = merged
            }
            return .dictionary(unified)
        default:
            return .scalar(value.kind)
        }
    }

    /// The common type of two element types, or `nil` when Swift would need `Any`.
    private static func unify(_ a: Shape?, _ b: Shape) -> Shape? {
        guard let a else { return b }
        switch (a, b) {
        case let (.scalar(x), .scalar(y)): return x == y ? a : nil
        case let (.array(x), .array(y)):
            guard let x else { return b }
            guard let y else { return a }
            return unify(x, y).map { .array($0) }
        case let (.dictionary(x), .dictionary(y)):
            guard let x else { return b }
            guard let y else { return a }
            return unify(x, y).map { .dictionary($0) }
        default: return nil
        }
    }

    /// Whether every container in the shape has a known element type.
    private static func isComplete(_ shape: Shape) -> Bool {
        switch shape {
        case .scalar: return true
        case .array(let element), .dictionary(let element): return element.map(isComplete) ?? false
        }
    }
}
