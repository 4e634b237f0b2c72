import FoundationEssentials

/// What Foundation's NSValue archives for ranges and geometry: `NS.special` says which kind
/// (1 point, 2 size, 3 rect, 4 range); ranges keep `NS.rangeval.location` and
/// `NS.rangeval.length` as numbers, points, sizes and rects a string such as `{1, 2}` or
/// `{{1, 2}, {3, 4}}` under `NS.pointval`, `NS.sizeval` or `NS.rectval`.
enum ArchiveNSValueShape {
    static let point = 1
    static let size = 2
    static let rect = 3
    static let range = 4

    /// The numbers of a geometry string (`{1, 2}`, `{{1.5, 2}, {3, 4e2}}`), or `nil` when the
    /// text holds another count or something that is not a number.
    static func numbers(in text: String, count: Int) -> [Double]? {
        var numbers: [Double] = []
        var current = ""
        for character in text {
            if character == "{" || character == "}" || character == "," || character == " " {
                if !current.isEmpty {
                    guard let number = Double(current) else { return nil }
                    numbers.append(number)
                    current = ""
                }
            } else {
                current.append(character)
                if current.count > 64 { return nil }
            }
        }
        if !current.isEmpty {
            guard let number = Double(current) else { return nil }
            numbers.append(number)
        }
        return numbers.count == count ? numbers : nil
    }

    /// A geometry string as Foundation on Linux writes it (`{1.0, 2.0}`).
    static func string(_ numbers: [Double]) -> String {
        if numbers.count == 4 { return "{{\(numbers[0]), \(numbers[1])}, {\(numbers[2]), \(numbers[3])}}" }
        return "{\(numbers.map { "\($0)" }.joined(separator: ", "))}"
    }

    /// The plain form of an NSValue for generic trees, or `nil` for kinds PlistKit does not know.
    static func genericTree(fields: PlistDictionary, scalar: (PlistValue?) -> PlistValue?) -> PlistValue? {
        guard let special = scalar(fields["NS.special"])?.int else { return nil }
        func geometry(_ key: String, _ names: [String]) -> PlistValue? {
            guard let text = scalar(fields[key])?.string, let values = numbers(in: text, count: names.count) else { return nil }
            return .dictionary(PlistDictionary(zip(names, values.map(PlistValue.real))))
        }
        switch special {
        case point: return geometry("NS.pointval", ["x", "y"])
        case size: return geometry("NS.sizeval", ["width", "height"])
        case rect: return geometry("NS.rectval", ["x", "y", "width", "height"])
        case range:
            guard case .integer(let location)? = scalar(fields["NS.rangeval.location"]),
                  case .integer(let length)? = scalar(fields["NS.rangeval.length"]) else { return nil }
            return ["location": .integer(location), "length": .integer(length)]
        default: return nil
        }
    }

    /// Reads a geometry string field after checking `NS.special`.
    static func decodeGeometry(_ unarchiver: KeyedUnarchiver, special: Int, key: String, count: Int, kind: String) throws -> [Double] {
        let found = try unarchiver.decodeInteger(forKey: "NS.special")
        guard found == special else {
            throw unarchiver.mismatch("Expected an NSValue holding \(kind) (NS.special \(special)), found NS.special \(found)")
        }
        let text = try unarchiver.decodeString(forKey: key)
        guard let values = numbers(in: text, count: count) else {
            throw unarchiver.mismatch("The '\(key)' of an NSValue, \"\(text.prefix(60))\", is not \(kind)")
        }
        return values
    }

    /// Writes `NS.special` and a geometry string, as Foundation does.
    static func encodeGeometry(_ archiver: KeyedArchiver, special: Int, key: String, numbers: [Double]) throws {
        archiver.encode(special, forKey: "NS.special")
        try archiver.encode(string(numbers), forKey: key)
    }
}
