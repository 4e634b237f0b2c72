import FoundationEssentials
import PlistKit

/// Turns a command-line argument into a typed property-list value, as plutil's `-insert` and
/// `-replace` take them (`-integer 42`, `-date 2020-01-02T03:04:05Z`, `-json '{"a":1}'`).
enum TypedValueArgument {
    /// The type a command-line value is given as.
    enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `true`/`false`, `YES`/`NO`, `1`/`0`, any case.
        case bool
        /// A decimal integer from `Int64.min` through `UInt64.max`.
        case integer
        /// A decimal or exponent real number (also `inf`, `-inf`, `nan`).
        case real
        /// The text itself.
        case string
        /// An ISO 8601 date and time in UTC as XML property lists write them
        /// (`2020-01-02T03:04:05Z`), optionally with fractional seconds.
        case date
        /// Base64.
        case data
        /// A complete XML property list, for compound values.
        case xml
        /// A JSON value (object, array or scalar), for compound values.
        case json
        /// An empty dictionary; takes no text.
        case dictionary
        /// An empty array; takes no text.
        case array

        /// Whether the kind takes a text argument (the empty containers do not).
        var takesText: Bool { self != .dictionary && self != .array }

        /// Looks a kind up by name, accepting plutil's `float` for ``real`` and `boolean`
        /// for ``bool``.
        init?(name: String) {
            switch name {
            case "float", "double": self = .real
            case "boolean": self = .bool
            default: self.init(rawValue: name)
            }
        }
    }

    /// Parses `text` as a value of `kind`.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/invalidArgument`` saying what was
    ///   expected, or the XML or JSON reader's error for compound values.
    /// - Complexity: O(n) in the length of the text.
    static func value(_ text: String, as kind: Kind) throws -> PlistValue {
        switch kind {
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1": return .boolean(true)
            case "false", "no", "0": return .boolean(false)
            default: throw invalid(text, "a boolean (true, false, YES or NO)")
            }
        case .integer:
            guard let integer = PlistInteger(text) else {
                throw invalid(text, "an integer from \(Int64.min) through \(UInt64.max)")
            }
            return .integer(integer)
        case .real:
            guard let real = Double(text) else { throw invalid(text, "a real number") }
            return .real(real)
        case .string:
            return .string(text)
        case .date:
            if let date = try? Date(text, strategy: .iso8601) { return .date(date) }
            let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
            if let date = try? Date(text, strategy: fractional) { return .date(date) }
            throw invalid(text, "a date such as 2020-01-02T03:04:05Z")
        case .data:
            guard let data = Data(base64Encoded: text) else { throw invalid(text, "base64 data") }
            return .data(data)
        case .xml:
            return try PlistValue(decoding: Data(text.utf8), format: .xml)
        case .json:
            return try PlistValue(decoding: Data(text.utf8), format: .json)
        case .dictionary:
            return .dictionary(PlistDictionary())
        case .array:
            return .array([])
        }
    }

    private static func invalid(_ text: String, _ expected: String) -> PlistError {
        PlistError(.invalidArgument, "'\(text)' is not \(expected)")
    }
}
