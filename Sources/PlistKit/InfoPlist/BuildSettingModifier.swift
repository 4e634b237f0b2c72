/// A modifier of a build setting reference, `$(NAME:modifier)`: how build systems turn a
/// setting's value into the text a key needs (a product name into a bundle identifier).
///
/// Modifiers chain from left to right: `$(PRODUCT_NAME:lower:rfc1034identifier)`.
public enum BuildSettingModifier: String, CaseIterable, Hashable, Sendable {
    /// Every character but the letters A–Z and a–z, the digits, `-` and `.` becomes `-`:
    /// what a bundle identifier may hold (`My App` gives `My-App`).
    case rfc1034identifier
    /// Every character that a C99 extended identifier may not hold becomes `_`, and a leading
    /// digit gets a `_` before it (`2048 Game` gives `_2048_Game`): what a module name may
    /// hold.
    case c99extidentifier
    /// Lowercase, by Unicode's case mapping.
    case lower
    /// Uppercase, by Unicode's case mapping.
    case upper

    /// `text` with this modifier applied.
    ///
    /// Both identifier modifiers work on Unicode scalars: a letter written as a base letter and
    /// a combining mark is two scalars, and the mark is replaced. For `c99extidentifier`, ASCII
    /// letters, digits and `_` are kept, and beyond ASCII every alphabetic scalar and decimal
    /// digit, which approximates the ranges C99's Annex D allows.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func apply(to text: String) -> String {
        switch self {
        case .lower:
            return text.lowercased()
        case .upper:
            return text.uppercased()
        case .rfc1034identifier:
            var result = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                result.append(Self.isASCIILetterOrDigit(scalar) || scalar == "-" || scalar == "." ? scalar : "-")
            }
            return String(result)
        case .c99extidentifier:
            var result = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if result.isEmpty, Self.isDigit(scalar) { result.append("_") }
                result.append(Self.isC99IdentifierCharacter(scalar) ? scalar : "_")
            }
            return String(result)
        }
    }

    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ("0"..."9").contains(scalar) : scalar.properties.numericType == .decimal
    }

    private static func isC99IdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetterOrDigit(scalar) || scalar == "_" }
        return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
    }
}
