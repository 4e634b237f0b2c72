/// An NSValue holding a point (`NS.special` 1, a string under `NS.pointval`).
public struct ArchivePoint: KeyedArchivable, Hashable, Sendable {
    /// The x.
    public var x: Double
    /// The y.
    public var y: Double

    /// `NSValue`.
    public static var archiveClassNames: [String] { ["NSValue"] }

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Reads `NS.special` and `NS.pointval`.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` when the NSValue holds something else.
    public init(from unarchiver: KeyedUnarchiver) throws {
        let values = try ArchiveNSValueShape.point.decodeReals(unarchiver)
        self.init(x: values[0], y: values[1])
    }

    /// Writes `NS.special` and `NS.pointval` as Foundation does.
    public func encode(to archiver: KeyedArchiver) throws {
        try ArchiveNSValueShape.point.encode(reals: [x, y], to: archiver)
    }
}
