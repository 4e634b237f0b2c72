/// `Array` archives as NSArray: an object whose `NS.objects` lists its elements' UIDs. It
/// reads NSArray and NSMutableArray; every element's class is checked before any is built.
extension Array: KeyedArchivable where Element: KeyedArchivable {
    /// `NSArray` and `NSMutableArray`.
    public static var archiveClassNames: [String] { ["NSArray", "NSMutableArray"] }

    /// `NSArray`, `NSObject`: one constant array, which the archiver compares by its buffer.
    public var archiveClassChain: [String] { ArchiveClassChains.array }

    /// Reads `NS.objects`.
    ///
    /// - Throws: ``KeyedArchiveError`` for a missing `NS.objects`, a `$null` element or an
    ///   element of another class.
    public init(from unarchiver: KeyedUnarchiver) throws {
        self = try unarchiver.decodeReferences(Element.self, inArrayForKey: "NS.objects")
    }

    /// Writes `NS.objects`.
    public func encode(to archiver: KeyedArchiver) throws {
        var references: [PlistValue] = []
        references.reserveCapacity(count)
        for element in self { references.append(try archiver.reference(for: element)) }
        archiver.setField(.array(references), forKey: "NS.objects")
    }
}
