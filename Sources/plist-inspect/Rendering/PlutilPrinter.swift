import Foundation
import PlistKit

/// The outputs of plutil that are not property-list formats: `-p`'s description layout and
/// `-extract … raw`.
enum PlutilPrinter {
    /// plutil -p: `"key" => value`, two spaces per level, keys sorted, arrays with indices.
    ///
    /// Data of up to 24 bytes prints in full, longer data as its first and last 8 bytes, as
    /// NSData's description does. (plutil for Linux drops the leading zero of bytes below 0x10
    /// there; this prints two digits per byte as macOS does.)
    static func describe(_ value: PlistValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ value: PlistValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch value {
        case .dictionary(let dictionary):
            out += "{\n"
            for key in ValueText.plutilSorted(dictionary.keys) {
                guard let child = dictionary[key] else { continue }
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

    /// plutil -extract … raw: scalars as text, a dictionary's keys one per line, an array's
    /// count; followed by a newline unless `newline` is false.
    static func raw(_ value: PlistValue, newline: Bool) -> String {
        var text: String
        switch value {
        case .string(let string): text = string
        case .integer(let integer): text = integer.description
        case .real(let real): text = String(format: "%f", real)
        case .boolean(let bool): text = bool ? "true" : "false"
        case .date(let date): text = ValueText.rfc3339(date)
        case .data(let data): text = data.base64EncodedString()
        case .array(let array): text = String(array.count)
        case .dictionary(let dictionary): text = ValueText.plutilSorted(dictionary.keys).joined(separator: "\n")
        case .uid(let uid): text = String(uid)
        }
        if newline { text += "\n" }
        return text
    }
}
