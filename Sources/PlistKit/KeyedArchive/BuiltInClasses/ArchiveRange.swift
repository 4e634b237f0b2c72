/// An NSValue holding a range (`NS.special` 4, `NS.rangeval.location` and `NS.rangeval.length`).
public struct ArchiveRange: KeyedArchivable, Hashable, Sendable {
    /// The start.
    public var location: Int
    /// The number of elements.
    public var length: Int

    /// `NSValue`.
    public static var archiveClassNames: [String] { ["NSValue"] }

    /// Creates a range.
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    /// Reads `NS.special`, `NS.rangeval.location` and `NS.rangeval.length`; the numbers may be
    /// NSNumber references (as Foundation writes them) or inline integers.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` when the NSValue holds something else.
    public init(from unarchiver: KeyedUnarchiver) throws {
        let special = try unarchiver.decodeInteger(forKey: "NS.special")
        guard special == ArchiveNSValueShape.range else {
            throw unarchiver.mismatch("Expected an NSValue holding a range (NS.special 4), found NS.special \(special)")
        }
        self.init(location: try unarchiver.decodeInteger(forKey: "NS.rangeval.location"),
                  length: try unarchiver.decodeInteger(forKey: "NS.rangeval.length"))
    }

    /// Writes the range as Foundation does, the numbers as NSNumber references.
    public func encode(to archiver: KeyedArchiver) throws {
        archiver.encode(ArchiveNSValueShape.range, forKey: "NS.special")
        archiver.setField(try archiver.reference(for: location), forKey: "NS.rangeval.location")
        archiver.setField(try archiver.reference(for: length), forKey: "NS.rangeval.length")
    }
}
