import FoundationEssentials

/// The output buffer and the recursive walk of the JSON writer.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []
    private let pretty: Bool
    private let tagged: Bool
    private let sortsKeys: Bool

    init(options: PlistWritingOptions) {
        pretty = options.prettyPrintsJSON
        tagged = options.jsonStyle == .tagged
        sortsKeys = options.sortsKeys(for: .json)
        bytes.reserveCapacity(4096)
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func newline(_ level: Int) {
        bytes.append(0x0A)
        for _ in 0..<level { bytes.append(0x20); bytes.append(0x20) }
    }

    mutating func write(_ value: PlistValue, level: Int) throws {
        switch value {
        case .string(let string):
            writeString(string)
        case .integer(let integer):
            append(integer.description)
        case .real(let real):
            if real.isFinite {
                writeReal(real)
            } else {
                guard tagged else { throw unrepresentable("\(real)") }
                try writeTag(JSONTag.real, level: level) { $0.writeString(real.isNaN ? "nan" : real > 0 ? "inf" : "-inf") }
            }
        case .boolean(let flag):
            flag ? append("true") : append("false")
        case .date(let date):
            guard tagged else { throw unrepresentable("a date") }
            let seconds = date.timeIntervalSinceReferenceDate
            try writeTag(JSONTag.date, level: level) { output in
                if let iso = CivilDate.text(ofSeconds: seconds, separator: "T", zone: "Z") {
                    output.writeString(iso)
                } else if !seconds.isFinite {
                    output.writeString(seconds.isNaN ? "nan" : seconds > 0 ? "inf" : "-inf")
                } else {
                    output.writeReal(seconds)
                }
            }
        case .data(let data):
            guard tagged else { throw unrepresentable("data") }
            try writeTag(JSONTag.data, level: level) { $0.writeString(data.base64EncodedString()) }
        case .uid(let uid):
            guard tagged else { throw unrepresentable("a UID") }
            try writeTag(JSONTag.uid, level: level) { $0.append(String(uid)) }
        case .array(let elements):
            try writeArray(elements, level: level)
        case .dictionary(let dictionary):
            try writeDictionary(dictionary, level: level)
        }
    }

    /// A backstop: ``ConversionLossAnalyzer`` refuses these, with their key paths, before the
    /// writer runs.
    private func unrepresentable(_ what: String) -> PlistError {
        PlistError(.unrepresentableValue, "Cannot write \(what) as strict JSON")
    }

    private mutating func writeTag(_ key: String, level: Int, _ body: (inout JSONOutput) throws -> Void) throws {
        bytes.append(UInt8(ascii: "{"))
        if pretty { newline(level + 1) }
        writeString(key)
        pretty ? append(" : ") : bytes.append(UInt8(ascii: ":"))
        try body(&self)
        if pretty { newline(level) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Whether strict JSON writes `real` without a fraction or exponent (`3`, `-0`), so that it
    /// reads back as an integer: Swift prints integral values up to 2⁵³ as `3.0` and larger
    /// ones with an exponent, and the writer drops the `.0` as plutil does.
    static func dropsFraction(_ real: Double) -> Bool {
        real.isFinite && real.rounded(.towardZero) == real && real.magnitude <= 0x1p53
    }

    /// Writes a finite real.
    private mutating func writeReal(_ real: Double) {
        // Swift prints the shortest digits that round-trip, with an exponent from 2^53 up and
        // below 1e-4 (`1e+16`, `1e-05`), which is what JSONSerialization writes too.
        var text = real.description
        if !tagged, text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    private mutating func writeArray(_ elements: [PlistValue], level: Int) throws {
        bytes.append(UInt8(ascii: "["))
        if elements.isEmpty {
            if pretty { bytes.append(0x0A); newline(level) }
            bytes.append(UInt8(ascii: "]"))
            return
        }
        for (i, element) in elements.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            if pretty { newline(level + 1) }
            try write(element, level: level + 1)
        }
        if pretty { newline(level) }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeDictionary(_ dictionary: PlistDictionary, level: Int) throws {
        let ordered = sortsKeys ? PlutilKeyCollation.sorted(dictionary) : dictionary
        if tagged, let first = ordered.keys.first,
           (ordered.count == 1 && JSONTag.isReserved(first)) || first == JSONTag.dictionary {
            // This dictionary could be read as a tag or a wrapper: wrap it so it reads back as
            // the dictionary it is.
            bytes.append(UInt8(ascii: "{"))
            if pretty { newline(level + 1) }
            writeString(JSONTag.dictionary)
            pretty ? append(" : ") : bytes.append(UInt8(ascii: ":"))
            try writeMembers(ordered, level: level + 1)
            if pretty { newline(level) }
            bytes.append(UInt8(ascii: "}"))
            return
        }
        try writeMembers(ordered, level: level)
    }

    private mutating func writeMembers(_ dictionary: PlistDictionary, level: Int) throws {
        bytes.append(UInt8(ascii: "{"))
        if dictionary.isEmpty {
            if pretty { bytes.append(0x0A); newline(level) }
            bytes.append(UInt8(ascii: "}"))
            return
        }
        var first = true
        for (key, value) in dictionary {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            if pretty { newline(level + 1) }
            writeString(key)
            pretty ? append(" : ") : bytes.append(UInt8(ascii: ":"))
            try write(value, level: level + 1)
        }
        if pretty { newline(level) }
        bytes.append(UInt8(ascii: "}"))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes a quoted string, copying runs of bytes that need no escape in one step.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        ByteCursor.withUTF8(of: string) { utf8 in
            var text = utf8
            while true {
                let runStart = text.position
                text.skip { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "/") }
                text.appendBytes(from: runStart, to: &bytes)
                guard let byte = text.peek() else { break }
                text.advance()
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]])
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
