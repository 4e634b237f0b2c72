extension XcodeProject {
    /// `string` as Xcode writes it: bare when it is non-empty, uses only `[A-Za-z0-9_$./]` and
    /// holds neither `//` (a comment's start) nor `___` (Xcode's template placeholders), quoted
    /// with the OpenStep writer's escapes otherwise.
    static func stringText(_ string: String) -> [UInt8] {
        let isBare = !string.isEmpty && !string.contains("//") && !string.contains("___")
            && string.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."),
                    UInt8(ascii: "/"):
                    return true
                default:
                    return false
                }
            }
        if isBare { return Array(string.utf8) }
        var bytes: [UInt8] = []
        OpenStepOutput.appendQuoted(string, to: &bytes)
        return bytes
    }

    /// ` /* NAME */` for an id that names an object, nothing for any other string.
    func annotationText(for id: String) -> [UInt8] {
        guard let name = annotation(for: id) else { return [] }
        return Array(" /* \(name) */".utf8)
    }

    /// A key as Xcode writes it; an object's id in `objects` with its annotation.
    func keyText(_ key: String, isObjectID: Bool) -> [UInt8] {
        Self.stringText(key) + (isObjectID ? annotationText(for: key) : [])
    }

    /// Whether the value at `path` (from the root) is written on one line: an object when its
    /// `isa` is one Xcode writes so, anything else when `inOneLine` (it stands inside such an
    /// object, or on a line with its neighbours).
    func isOneLine(_ value: PlistValue, at path: PlistKeyPath, inOneLine: Bool) -> Bool {
        guard path.components.count == 2, path.components[0] == "objects" else { return inOneLine }
        return Self.isa(of: value).map(Self.oneLineISAs.contains) ?? inOneLine
    }

    /// `value` as Xcode writes it, standing at `key` (`nil` for an array element), on a line
    /// indented by `indent`; the lines inside a container one `unit` deeper per level, each
    /// ended by `newline`; everything on one line when `oneLine`.
    ///
    /// - Throws: ``LayoutUnavailable`` for a value the format cannot hold (numbers, booleans,
    ///   dates and UIDs: Xcode's files hold only strings, data, arrays and dictionaries).
    func text(_ value: PlistValue, key: String?, indent: [UInt8], unit: [UInt8], newline: [UInt8], oneLine: Bool) throws -> [UInt8] {
        var out: [UInt8] = []
        try write(value, key: key, indent: indent, unit: unit, newline: newline, oneLine: oneLine, depth: 0, into: &out)
        return out
    }

    private func write(
        _ value: PlistValue, key: String?, indent: [UInt8], unit: [UInt8], newline: [UInt8], oneLine: Bool, depth: Int,
        into out: inout [UInt8]
    ) throws {
        guard depth < LayoutCursor.maximumDepth else { throw LayoutUnavailable("nesting too deep") }
        let inner = indent + unit
        switch value {
        case .string(let string):
            out += Self.stringText(string)
            // A proxy's remote id names an object of another project as often as of this one;
            // Xcode leaves it bare.
            if key != "remoteGlobalIDString" { out += annotationText(for: string) }
        case .data:
            // As the OpenStep writer writes data (Xcode's files hold none).
            out += try value.encoded(as: .openStep).dropLast()
        case .array(let elements):
            out.append(UInt8(ascii: "("))
            for element in elements {
                if oneLine {
                    try write(element, key: nil, indent: indent, unit: unit, newline: newline, oneLine: true, depth: depth + 1, into: &out)
                    out += Array(", ".utf8)
                } else {
                    out += newline + inner
                    try write(element, key: nil, indent: inner, unit: unit, newline: newline, oneLine: false, depth: depth + 1, into: &out)
                    out.append(UInt8(ascii: ","))
                }
            }
            if !oneLine { out += newline + indent }
            out.append(UInt8(ascii: ")"))
        case .dictionary(let dictionary):
            out.append(UInt8(ascii: "{"))
            let order = dictionary.keys.indices.sorted { Self.keyPrecedes(dictionary.keys[$0], dictionary.keys[$1]) }
            for index in order {
                let entryKey = dictionary.keys[index]
                if !oneLine { out += newline + inner }
                out += Self.stringText(entryKey) + Array(" = ".utf8)
                try write(
                    dictionary.values[index], key: entryKey, indent: inner, unit: unit, newline: newline, oneLine: oneLine, depth: depth + 1,
                    into: &out)
                out.append(UInt8(ascii: ";"))
                if oneLine { out.append(0x20) }
            }
            if !oneLine { out += newline + indent }
            out.append(UInt8(ascii: "}"))
        case .integer, .real, .boolean, .date, .uid:
            throw LayoutUnavailable("an Xcode project holds no \(value.kind.rawValue) values")
        }
    }
}
