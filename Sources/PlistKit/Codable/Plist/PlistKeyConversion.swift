/// The snake_case conversions of ``PlistEncoder/KeyEncodingStrategy/convertToSnakeCase`` and
/// ``PlistDecoder/KeyDecodingStrategy/convertFromSnakeCase``, with the rules Foundation's
/// JSON coders document, so that keys map the same way for both.
enum PlistKeyConversion {
    /// `myURLValue` → `my_url_value`: a word starts at an uppercase letter after a lowercase
    /// one, and at the last capital of a run of capitals followed by lowercase.
    static func snakeCase(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.isEmpty else { return key }
        var result = String.UnicodeScalarView()
        result.reserveCapacity(scalars.count + 4)
        for (i, scalar) in scalars.enumerated() {
            let isUpper = scalar.properties.isUppercase
            if isUpper, i > 0 {
                let previous = scalars[i - 1]
                let previousIsUpper = previous.properties.isUppercase
                let nextIsLower = i + 1 < scalars.count && scalars[i + 1].properties.isLowercase
                if (!previousIsUpper && previous != "_") || (previousIsUpper && nextIsLower) {
                    result.append("_")
                }
            }
            if isUpper {
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `my_url_value` → `myUrlValue`: underscores between words are dropped, each word after
    /// the first is capitalized (its first letter uppercased, the rest lowercased) and the first
    /// word kept as it is; leading and trailing underscores are kept, as Foundation keeps them.
    static func camelCase(_ key: String) -> String {
        guard key.contains("_") else { return key }
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0 != "_" }) else { return key }
        var last = scalars.count - 1
        while last > first, scalars[last] == "_" { last -= 1 }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<first])
        let words = scalars[first...last].split(separator: "_", omittingEmptySubsequences: true)
        for (n, word) in words.enumerated() {
            if n == 0 {
                result.append(contentsOf: word)
                continue
            }
            for (i, scalar) in word.enumerated() {
                let mapping = i == 0 ? scalar.properties.uppercaseMapping : scalar.properties.lowercaseMapping
                result.append(contentsOf: mapping.unicodeScalars)
            }
        }
        result.append(contentsOf: scalars[(last + 1)...])
        return String(result)
    }
}
