/// An NSValue holding a size (`NS.special` 2, a string under `NS.sizeval`).
public struct ArchiveSize: KeyedArchivable, Hashable, Sendable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// `NSValue`.
    public static var archiveClassNames: [String] { ["NSValue"] }

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Reads `NS.special` and `NS.sizeval`.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` when the NSValue holds something else.
    public init(from unarchiver: KeyedUnarchiver) throws {
        let values = try ArchiveNSValueShape.size.decodeReals(unarchiver)
        self.init(width: values[0], height: values[1])
    }

    /// Writes `NS.special` and `NS.sizeval` as Foundation does.
    public func encode(to archiver: KeyedArchiver) throws {
        try ArchiveNSValueShape.size.encode(reals: [width, height], to: archiver)
    }
}
