import FoundationEssentials

/// What XML cannot hold, found before anything is written.
extension XMLPlistWriter {
    /// Why XML cannot hold `value` itself (not its children), or `nil` when it can.
    ///
    /// XML 1.0 allows only tab, LF and CR below U+0020 and excludes U+FFFE and U+FFFF, even as
    /// character references, so no XML parser reads them back; Apple's writer emits them raw
    /// and produces a file libxml2 rejects. Dates must be finite and within ±2⁵³ seconds.
    static func unrepresentableReason(for value: PlistValue) -> String? {
        switch value {
        case .string(let string):
            guard let scalar = firstNonXMLScalar(in: string) else { return nil }
            return "the string holds \(name(of: scalar)), which XML 1.0 cannot carry (binary and JSON can)"
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            if !seconds.isFinite { return "the date is \(seconds) seconds from 2001, not a moment XML can write" }
            if abs(seconds) > dateLimit {
                return "the date is \(seconds) seconds from 2001, beyond the ±2^53 seconds XML dates are written for"
            }
            return nil
        case .dictionary(let dictionary):
            return unrepresentableReason(forKeys: dictionary.keys)
        default:
            return nil
        }
    }

    /// Why XML cannot hold a dictionary with `keys`, or `nil` when it can.
    static func unrepresentableReason(forKeys keys: [String]) -> String? {
        for key in keys {
            if let scalar = firstNonXMLScalar(in: key) {
                return "the key '\(printable(key))' holds \(name(of: scalar)), which XML 1.0 cannot carry (binary and JSON can)"
            }
        }
        return nil
    }

    /// The first scalar of `text` that XML 1.0 cannot hold, or `nil`.
    static func firstNonXMLScalar(in text: String) -> Unicode.Scalar? {
        // Fast path: only bytes below 0x20 (controls) and 0xEF (lead byte of U+FFFE/U+FFFF)
        // can start a character XML cannot hold.
        // (Scanned as a byte buffer: iterating the UTF8View is several times slower, and every
        // string and key of a tree written as XML passes through here.)
        let suspect = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            for i in 0..<bytes.count where base[i] < 0x20 || base[i] == 0xEF { return true }
            return false
        } ?? text.utf8.contains { $0 < 0x20 || $0 == 0xEF }
        guard suspect else { return nil }
        return text.unicodeScalars.first { !isXMLCharacter($0.value) }
    }

    /// `U+0001` style name of a scalar.
    static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
    }

    /// `text` with each character XML cannot hold shown as `\u{…}`, for messages.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isXMLCharacter(scalar.value) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// Whether XML 1.0 (production `Char`) allows the scalar.
    static func isXMLCharacter(_ scalar: UInt32) -> Bool {
        if scalar >= 0x20 { return scalar != 0xFFFE && scalar != 0xFFFF }
        return scalar == 0x09 || scalar == 0x0A || scalar == 0x0D
    }

    /// The first value XML cannot hold, in stored order (arrays by index, dictionaries in key
    /// order as stored, a container before its children: `ConversionLossAnalyzer`'s order),
    /// with its key path and the reason.
    static func firstUnrepresentable(in value: PlistValue) -> (path: [String], value: PlistValue, reason: String)? {
        if let reason = unrepresentableReason(for: value) { return ([], value, reason) }
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = firstUnrepresentable(in: element) { return ([String(index)] + found.path, found.value, found.reason) }
            }
        case .dictionary(let dictionary):
            for (key, child) in zip(dictionary.keys, dictionary.values) {
                if let found = firstUnrepresentable(in: child) { return ([key] + found.path, found.value, found.reason) }
            }
        default:
            break
        }
        return nil
    }
}
