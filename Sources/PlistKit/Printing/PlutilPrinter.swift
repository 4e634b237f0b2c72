import FoundationEssentials

/// The two outputs of plutil that are not property-list formats: `plutil -p`'s description
/// layout and `plutil -extract KEYPATH raw`.
///
/// Dictionary keys come in plutil's order (``PlutilKeyCollation``: punctuation, then numbers by
/// value, then letters without regard to case), whatever order the dictionary has.
public enum PlutilPrinter {
    /// The value as `plutil -p` prints it, without the final newline: `"key" => value` lines
    /// two spaces deeper per level, arrays with their indices, strings in double quotes, dates
    /// as NSDate describes them (`2026-11-29 12:00:00 +0000`).
    ///
    /// Data of up to 24 bytes prints in full, longer data as its first and last 8 bytes, as
    /// NSData's description does. (plutil for Linux drops the leading zero of bytes below 0x10
    /// there; this prints two digits per byte as macOS does.)
    ///
    /// - Parameter limits: the limits on the value's size once its shared references are
    ///   expanded, as writing checks them (see ``PlistTreePrinter/limits``).
    /// - Throws: ``PlistError`` with ``PlistError/Code/limitExceeded`` when `value` passes
    ///   `limits`, before anything is printed.
    /// - Complexity: O(n log n) in the number of values (each dictionary's keys are sorted).
    public static func description(of value: PlistValue, limits: PlistWritingOptions = PlistWritingOptions()) throws -> String {
        try ExpandedSizeCounter.check(value, limits: limits, for: .textWriter("plutil -p"))
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    private static func write(_ value: PlistValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch value {
        case .dictionary(let dictionary):
            out += "{\n"
            for (key, child) in PlutilKeyCollation.sorted(dictionary) {
                out += pad + "\"\(key)\" => "
                write(child, indent: indent + 1, into: &out)
                out += "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let array):
            out += "[\n"
            for (index, child) in array.enumerated() {
                out += pad + "\(index) => "
                write(child, indent: indent + 1, into: &out)
                out += "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let string): out += "\"\(string)\""
        case .integer(let integer): out += integer.description
        case .real(let real): out += "\(real)"
        case .boolean(let bool): out += bool ? "true" : "false"
        case .date(let date): out += ValueText.dateDescription(date)
        case .data(let data):
            if data.count <= 24 {
                out += "{length = \(data.count), bytes = 0x\(ValueText.hex(data))}"
            } else {
                out += "{length = \(data.count), bytes = 0x\(ValueText.hex(data.prefix(8)))... \(ValueText.hex(data.suffix(8)))}"
            }
        case .uid(let uid): out += "<CFKeyedArchiverUID>{value = \(uid)}"
        }
    }

    /// The value as `plutil -extract KEYPATH raw` prints it, without the final newline:
    /// strings as they are, integers in decimal, reals as printf's `%f`, booleans as `true` or
    /// `false`, dates in RFC 3339 (`2026-11-29T12:00:00Z`, fractional seconds when present),
    /// data in base64, a dictionary's keys one per line, an array's count, a UID's number.
    ///
    /// - Complexity: O(n) in the size of a scalar; O(k log k) for a dictionary of k keys.
    public static func rawText(of value: PlistValue) -> String {
        switch value {
        case .string(let string): return string
        case .integer(let integer): return integer.description
        case .real(let real): return ValueText.fixedPoint(real)
        case .boolean(let bool): return bool ? "true" : "false"
        case .date(let date): return ValueText.rfc3339(date)
        case .data(let data): return data.base64EncodedString()
        case .array(let array): return String(array.count)
        case .dictionary(let dictionary): return PlutilKeyCollation.sorted(dictionary).keys.joined(separator: "\n")
        case .uid(let uid): return String(uid)
        }
    }
}
