import FoundationEssentials

/// The output buffer and recursive walk of the OpenStep writer.
struct OpenStepOutput {
    var bytes: [UInt8] = []
    private let sortsKeys: Bool
    private let writesTypedValues: Bool

    init(options: PlistWritingOptions) {
        sortsKeys = options.sortsKeys(for: .openStep)
        writesTypedValues = options.writesGNUstepTypedValues
        bytes.reserveCapacity(4096)
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func indent(_ level: Int) {
        bytes.append(contentsOf: repeatElement(0x20, count: 4 * level))
    }

    mutating func writeStringsFile(_ value: PlistValue) throws {
        guard case .dictionary(let dictionary) = value else {
            throw PlistError(.unrepresentableValue, "A .strings file needs a dictionary of strings at the root", at: .keyPath(.root))
        }
        let ordered = sortsKeys ? dictionary.sortedByKey() : dictionary
        for (key, element) in ordered {
            guard case .string(let string) = element else {
                throw PlistError(
                    .unrepresentableValue, "A .strings file holds only strings, not \(element.kind.nameWithArticle)",
                    at: .keyPath(PlistKeyPath(components: [key])))
            }
            writeQuoted(key)
            append(" = ")
            writeQuoted(string)
            append(";\n")
        }
    }

    mutating func write(_ value: PlistValue, level: Int) throws {
        switch value {
        case .string(let string):
            writeString(string)
        case .data(let data):
            writeData(data)
        case .array(let elements):
            guard !elements.isEmpty else { return append("()") }
            append("(\n")
            for (i, element) in elements.enumerated() {
                indent(level + 1)
                try write(element, level: level + 1)
                if i + 1 < elements.count { bytes.append(UInt8(ascii: ",")) }
                bytes.append(0x0A)
            }
            indent(level)
            bytes.append(UInt8(ascii: ")"))
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else { return append("{}") }
            append("{\n")
            for (key, element) in sortsKeys ? dictionary.sortedByKey() : dictionary {
                indent(level + 1)
                writeString(key)
                append(" = ")
                try write(element, level: level + 1)
                append(";\n")
            }
            indent(level)
            bytes.append(UInt8(ascii: "}"))
        case .integer(let integer):
            try requireTyped(value)
            append("<*I\(integer)>")
        case .real(let real):
            try requireTyped(value)
            // Shortest digits that read back exactly; "nan", "inf" and "-inf" for the rest.
            append("<*R\(real.description)>")
        case .boolean(let flag):
            try requireTyped(value)
            append(flag ? "<*BY>" : "<*BN>")
        case .date(let date):
            try requireTyped(value)
            guard let text = Self.gnustepDate(date.timeIntervalSinceReferenceDate) else {
                throw PlistError(.unrepresentableValue, "A GNUstep date is written for years 0001 through 9999 only")
            }
            append("<*D\(text)>")
        case .uid:
            throw PlistError(.unrepresentableValue, "OpenStep has no UID type")
        }
    }

    private func requireTyped(_ value: PlistValue) throws {
        guard writesTypedValues else {
            throw PlistError(.unrepresentableValue, "OpenStep has no \(value.kind.rawValue) type without GNUstep typed values")
        }
    }

    /// `YYYY-MM-DD HH:MM:SS[.fraction] +0000`, or `nil` outside years 0001–9999.
    static func gnustepDate(_ seconds: Double) -> String? {
        CivilDate.text(ofSeconds: seconds, separator: " ", zone: " +0000")
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func writeData(_ data: Data) {
        bytes.append(UInt8(ascii: "<"))
        for (i, byte) in data.enumerated() {
            if i > 0 && i % 4 == 0 { bytes.append(0x20) }
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// Whether `string` can be written without quotes and read back as the same string.
    static func canBeUnquoted(_ string: String) -> Bool {
        var utf8 = string.utf8.makeIterator()
        guard let first = utf8.next(), first != UInt8(ascii: "/"), OpenStepParser.isUnquotedCharacter(first) else {
            return false
        }
        while let byte = utf8.next() {
            if !OpenStepParser.isUnquotedCharacter(byte) { return false }
        }
        return true
    }

    private mutating func writeString(_ string: String) {
        if Self.canBeUnquoted(string) {
            append(string)
        } else {
            writeQuoted(string)
        }
    }

    private mutating func writeQuoted(_ string: String) {
        Self.appendQuoted(string, to: &bytes)
    }

    /// Appends `string` in `"` quotes, escaping `"`, `\`, `\n`, `\t`, `\r` by name and other
    /// control characters as `\U00XX`; other text is UTF-8 as it is. (Surgical edits of Xcode
    /// projects quote strings this way too.)
    static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        func escape(_ name: UInt8) {
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(name)
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape(byte)
            case 0x0A: escape(UInt8(ascii: "n"))
            case 0x09: escape(UInt8(ascii: "t"))
            case 0x0D: escape(UInt8(ascii: "r"))
            case 0..<0x20, 0x7F:
                escape(UInt8(ascii: "U"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
