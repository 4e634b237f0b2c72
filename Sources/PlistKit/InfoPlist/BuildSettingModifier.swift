/// A retrieval operator of a build setting reference, `$(NAME:operator)`: how Apple's build
/// engine turns a setting's value into the text a key needs (a product name into a bundle
/// identifier, a path into its directory).
///
/// These are the retrieval operators of swift-build's `MacroEvaluationProgram`, spelled as it
/// spells them (``rawValue``), with its results: ``BuildSettingModifierTests`` holds the
/// engine's own unit tests' input and output pairs. Operators chain from left to right:
/// `$(PRODUCT_NAME:lower:rfc1034identifier)`. The operators with an operand, such as
/// `:default=`, are ``BuildSettingReplacementOperator``s.
public enum BuildSettingModifier: String, CaseIterable, Hashable, Sendable {
    /// The value quoted for a shell word list: a backslash before each space, tab, carriage
    /// return, line feed, backslash and quote (`"` and `'`); `""` for an empty value.
    case quote
    /// Uppercase, by Unicode's case mapping.
    case upper
    /// Lowercase, by Unicode's case mapping.
    case lower
    /// A C identifier: each character (of the decomposed text) that is not an ASCII letter,
    /// `_`, or a digit after the first character becomes `_` (`2048 Game` gives `_048_Game`).
    case identifier
    /// An RFC 1034 label: each character (of the decomposed text) that is not an ASCII
    /// letter, `-`, or a digit after the first character becomes `-` (`My App` gives `My-App`,
    /// `my.app` gives `my-app`, `2048 Game` gives `-048-Game`).
    case rfc1034identifier
    /// A C99 extended identifier: each scalar (of the precomposed text) outside the ranges
    /// C99's Annex D allows becomes `_`, and a leading digit becomes `_` (`2048 Game` gives
    /// `_048_Game`, `Café 1` gives `Café_1`).
    case c99extidentifier
    /// The MD5 digest of the value's UTF-8 bytes, as 32 lowercase hexadecimal digits.
    case md5 = "__md5"
    /// The value without one leading `/`.
    case stripslash = "__stripslash"
    /// The directory part of a path, with a trailing `/` (`./` when there is none).
    case dir
    /// The last component of a path (`/tmp/a.txt` gives `a.txt`).
    case file
    /// The last component of a path without its extension (`/tmp/a.txt` gives `a`).
    case base
    /// The extension of a path with its `.` (`/tmp/a.txt` gives `.txt`), or nothing.
    case suffix
    /// A path standardized: repeated slashes and `.` components removed, and in an absolute
    /// path each `..` resolved.
    case standardizepath
    /// `NO` when the value is `YES`, otherwise `YES`.
    case not

    /// `text` with this operator applied.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func apply(to text: String) -> String {
        switch self {
        case .quote:
            return Self.quoted(text)
        case .upper:
            return text.uppercased()
        case .lower:
            return text.lowercased()
        case .identifier:
            return Self.mangledIdentifier(text, replacement: "_", keeps: "_")
        case .rfc1034identifier:
            return Self.mangledIdentifier(text, replacement: "-", keeps: "-")
        case .c99extidentifier:
            return Self.c99ExtendedIdentifier(text)
        case .md5:
            return MD5.hexDigest(of: text.utf8)
        case .stripslash:
            return text.hasPrefix("/") ? String(text.dropFirst()) : text
        case .dir:
            let directory = BuildSettingPath(text).removingLastComponent.text
            if directory.isEmpty { return "./" }
            return directory.hasSuffix("/") ? directory : directory + "/"
        case .file:
            return BuildSettingPath(text).baseName
        case .base:
            return BuildSettingPath(text).stem
        case .suffix:
            return BuildSettingPath(text).fileExtension.map { "." + $0 } ?? ""
        case .standardizepath:
            return BuildSettingPath(text).standardized.text
        case .not:
            return text == "YES" ? "NO" : "YES"
        }
    }

    /// The word-list quoting of `quote`.
    private static func quoted(_ text: String) -> String {
        guard !text.isEmpty else { return "\"\"" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
                 UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                bytes.append(UInt8(ascii: "\\"))
            default:
                break
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
