/// `Set` archives as NSSet: an object whose `NS.objects` lists its elements' UIDs. It reads
/// NSSet and NSMutableSet; every element's class is checked before any is built.
extension Set: KeyedArchivable where Element: KeyedArchivable {
    /// `NSSet` and `NSMutableSet`.
    public static var archiveClassNames: [String] { ["NSSet", "NSMutableSet"] }

    /// `NSSet`, `NSObject`: one constant array, which the archiver compares by its buffer.
    public var archiveClassChain: [String] { ArchiveClassChains.set }

    /// Reads `NS.objects`.
    ///
    /// - Throws: ``KeyedArchiveError`` as `Array`'s conformance does.
    public init(from unarchiver: KeyedUnarchiver) throws {
        self = Set(try unarchiver.decodeReferences(Element.self, inArrayForKey: "NS.objects"))
    }

    /// Writes `NS.objects`.
    public func encode(to archiver: KeyedArchiver) throws {
        var references: [PlistValue] = []
        references.reserveCapacity(count)
        for element in self { references.append(try archiver.reference(for: element)) }
        archiver.setField(.array(references), forKey: "NS.objects")
    }
}
