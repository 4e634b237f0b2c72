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
        let values = try ArchiveNSValueShape.range.decodeIntegers(unarchiver)
        self.init(location: values[0], length: values[1])
    }

    /// Writes the range as Foundation does, the numbers as NSNumber references.
    public func encode(to archiver: KeyedArchiver) throws {
        try ArchiveNSValueShape.range.encode(integers: [location, length], to: archiver)
    }
}
