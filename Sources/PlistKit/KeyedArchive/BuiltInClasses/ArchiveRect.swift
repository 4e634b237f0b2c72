/// An NSValue holding a rectangle (`NS.special` 3, a string under `NS.rectval`).
public struct ArchiveRect: KeyedArchivable, Hashable, Sendable {
    /// The x.
    public var x: Double
    /// The y.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// `NSValue`.
    public static var archiveClassNames: [String] { ["NSValue"] }

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Reads `NS.special` and `NS.rectval`.
    ///
    /// - Throws: ``KeyedArchiveError/Code/typeMismatch`` when the NSValue holds something else.
    public init(from unarchiver: KeyedUnarchiver) throws {
        let values = try ArchiveNSValueShape.rect.decodeReals(unarchiver)
        self.init(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// Writes `NS.special` and `NS.rectval` as Foundation does.
    public func encode(to archiver: KeyedArchiver) throws {
        try ArchiveNSValueShape.rect.encode(reals: [x, y, width, height], to: archiver)
    }
}
