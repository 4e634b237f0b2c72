import FoundationEssentials

/// The bound on the copies a text reader makes of its input before it parses: input and copies
/// together stay within ``PlistReadingOptions/maximumInputBytes``.
///
/// UTF-8 text is parsed where it lies (mapped, for a file). UTF-16 and UTF-32 text is
/// transcoded to UTF-8 first, into up to 1.5 times its size; XML whose character data holds
/// carriage returns is rewritten to keep them (``XMLCarriageReturnPreserver``), into up to 17
/// bytes for each. The limit is a bound on what reading one document holds, the copies
/// included, so each conversion's worst case is known from the input before anything is
/// allocated, and an input whose copies would pass the limit is refused then. A 1.9 GB UTF-16
/// file, say, under the default 4 GiB limit, would need 2.85 GB more: it is refused at once
/// rather than converted.
enum InputCopyLimit {
    /// Throws unless reading `bytes` as `format` holds at most `options.maximumInputBytes`,
    /// the input and the copies of it the reader makes counted together.
    ///
    /// - Throws: ``PlistError/Code/limitExceeded`` naming the conversion and the sizes.
    /// - Complexity: O(1), or O(n) for XML (its carriage returns are counted).
    static func check(_ bytes: Data, format: PlistFormat, options: PlistReadingOptions) throws {
        let (copies, conversion) = largestCopies(of: bytes, format: format)
        guard copies > 0 else { return }
        let (total, overflow) = bytes.count.addingReportingOverflow(copies)
        guard overflow || total > options.maximumInputBytes else { return }
        throw PlistError(
            .limitExceeded,
            "Reading this input needs up to \(copies) bytes for \(conversion) beside its \(bytes.count), more than the input limit of \(options.maximumInputBytes) bytes allows (PlistReadingOptions.maximumInputBytes)")
    }

    /// The most bytes the reader for `format` allocates for copies of `bytes`, and what they
    /// are for (a phrase for the message).
    static func largestCopies(of bytes: Data, format: PlistFormat) -> (bytes: Int, conversion: String) {
        switch format {
        case .binary:
            return (0, "")
        case .json, .openStep:
            guard let form = TextInput.encoding(of: bytes).form else { return (0, "") }
            return (TextInput.largestCopy(of: bytes), conversion(from: form))
        case .xml:
            var copies = 0, text = bytes.count, conversions = ""
            if let form = TextInput.encoding(of: bytes).form {
                text = TextInput.largestCopy(of: bytes)
                copies = text
                conversions = conversion(from: form)
            }
            // Counted in the input: a carriage return is one byte in UTF-8 and holds one
            // 0x0D byte in UTF-16 or UTF-32 (other units may too; the bound only grows).
            let returns = XMLCarriageReturnPreserver.carriageReturnCount(in: bytes)
            if returns > 0 {
                let (grown, overflow) = returns.multipliedReportingOverflow(by: XMLCarriageReturnPreserver.growthPerCarriageReturn)
                let (sum, sumOverflow) = copies.addingReportingOverflow(text)
                let (total, totalOverflow) = sum.addingReportingOverflow(grown)
                copies = overflow || sumOverflow || totalOverflow ? Int.max : total
                conversions += conversions.isEmpty ? "keeping its carriage returns" : " and keeping its carriage returns"
            }
            // Two phrases at most, joined by hand: the first call of `joined(separator:)`
            // looks up protocol conformances at run time, a tenth of a small conversion.
            return (copies, conversions)
        }
    }

    private static func conversion(from form: UnicodeTranscoder.Form) -> String {
        switch form {
        case .utf16: return "its conversion from UTF-16 to UTF-8"
        case .utf32: return "its conversion from UTF-32 to UTF-8"
        }
    }
}
