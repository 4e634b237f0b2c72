import FoundationEssentials

/// One kind of NSValue that Foundation archives with a fixed layout: `NS.special` says which
/// kind, and the numbers follow under keys of their own. ``ArchivePoint``, ``ArchiveSize``,
/// ``ArchiveRect`` and ``ArchiveRange`` each read and write through one of these.
///
/// Points, sizes and rectangles keep their numbers in one string, `{1, 2}` or
/// `{{1, 2}, {3, 4}}`, under `NS.pointval`, `NS.sizeval` or `NS.rectval`; a range keeps
/// `NS.rangeval.location` and `NS.rangeval.length` as NSNumber objects. The public types hold
/// only their fields and say which shape they are.
struct ArchiveNSValueShape {
    /// `NS.special`.
    let special: Int
    /// What the NSValue holds, in errors: "a point".
    let kind: String
    /// The names of the numbers, in order, in readable trees.
    let names: [String]
    /// Where the numbers are: one key per number (NSNumber objects), or one key for all of
    /// them (a geometry string of reals).
    let keys: [String]

    static let point = ArchiveNSValueShape(special: 1, kind: "a point", names: ["x", "y"], keys: ["NS.pointval"])
    static let size = ArchiveNSValueShape(special: 2, kind: "a size", names: ["width", "height"], keys: ["NS.sizeval"])
    static let rect = ArchiveNSValueShape(special: 3, kind: "a rectangle", names: ["x", "y", "width", "height"], keys: ["NS.rectval"])
    static let range = ArchiveNSValueShape(
        special: 4, kind: "a range", names: ["location", "length"], keys: ["NS.rangeval.location", "NS.rangeval.length"])

    // MARK: Reading and writing

    /// Reads the reals of the geometry string from the NSValue being decoded, after checking
    /// `NS.special`.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for another kind or a malformed string.
    func decodeReals(_ unarchiver: KeyedUnarchiver) throws -> [Double] {
        try checkSpecial(unarchiver)
        let text = try unarchiver.decodeString(forKey: keys[0])
        guard let values = Self.numbers(in: text, count: names.count) else {
            throw unarchiver.mismatch("The '\(keys[0])' of an NSValue, \"\(text.prefix(60))\", is not \(kind)")
        }
        return values
    }

    /// Reads one integer per key (inline or an NSNumber reference) from the NSValue being
    /// decoded, after checking `NS.special`.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` for another kind.
    func decodeIntegers(_ unarchiver: KeyedUnarchiver) throws -> [Int] {
        try checkSpecial(unarchiver)
        return try keys.map { try unarchiver.decodeInteger(forKey: $0) }
    }

    private func checkSpecial(_ unarchiver: KeyedUnarchiver) throws {
        let found = try unarchiver.decodeInteger(forKey: "NS.special")
        guard found == special else {
            throw unarchiver.mismatch("Expected an NSValue holding \(kind) (NS.special \(special)), found NS.special \(found)")
        }
    }

    /// Writes `NS.special` and the geometry string of `reals`, as Foundation does.
    func encode(reals: [Double], to archiver: KeyedArchiver) throws {
        archiver.encode(special, forKey: "NS.special")
        try archiver.encode(Self.string(reals), forKey: keys[0])
    }

    /// Writes `NS.special` and one NSNumber reference per key, as Foundation does.
    func encode(integers: [Int], to archiver: KeyedArchiver) throws {
        archiver.encode(special, forKey: "NS.special")
        for (key, integer) in zip(keys, integers) {
            archiver.setField(try archiver.reference(for: integer), forKey: key)
        }
    }

    /// The plain form of an NSValue's fields for readable trees (its numbers by name), or
    /// `nil` for kinds PlistKit does not know and malformed ones.
    ///
    /// - Parameter scalar: resolves a field's raw value (inline or a reference) to its scalar.
    static func genericTree(fields: PlistDictionary, scalar: (PlistValue?) -> PlistValue?) -> PlistValue? {
        guard let special = scalar(fields["NS.special"])?.int, let shape = [point, size, rect, range].first(where: { $0.special == special }) else {
            return nil
        }
        var values: [PlistValue] = []
        if shape.keys.count == shape.names.count {
            for key in shape.keys {
                guard case .integer(let integer)? = scalar(fields[key]) else { return nil }
                values.append(.integer(integer))
            }
        } else {
            guard let text = scalar(fields[shape.keys[0]])?.string, let reals = numbers(in: text, count: shape.names.count) else {
                return nil
            }
            values = reals.map(PlistValue.real)
        }
        return .dictionary(PlistDictionary(zip(shape.names, values)))
    }

    // MARK: Geometry strings

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
}
