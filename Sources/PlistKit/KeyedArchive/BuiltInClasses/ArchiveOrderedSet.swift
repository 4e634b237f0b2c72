/// NSOrderedSet: distinct elements in order. Archived as an object with one key per element,
/// `NS.object.0`, `NS.object.1`, … (not an `NS.objects` array), as Foundation writes it.
public struct ArchiveOrderedSet<Element: KeyedArchivable & Hashable>: KeyedArchivable, Hashable {
    /// The elements, in order.
    public var elements: [Element]

    /// `NSOrderedSet` and `NSMutableOrderedSet`.
    public static var archiveClassNames: [String] { ["NSOrderedSet", "NSMutableOrderedSet"] }

    /// Creates an ordered set from elements, keeping the first of equal ones.
    public init(_ elements: [Element]) {
        var seen = Set<Element>()
        self.elements = elements.filter { seen.insert($0).inserted }
    }

    /// Reads `NS.object.0` up to the first missing index; every element's class is checked
    /// before any is built.
    ///
    /// - Throws: ``KeyedArchiveError`` for `$null` or wrongly classed elements.
    public init(from unarchiver: KeyedUnarchiver) throws {
        var references: [PlistValue] = []
        // Bounded by the object's field count: each index needs its own key.
        while let reference = unarchiver.rawValue(forKey: "NS.object.\(references.count)") {
            references.append(reference)
        }
        self.init(try unarchiver.decodeElements(Element.self, references, label: "NS.object"))
    }

    /// Writes `NS.object.0`, `NS.object.1`, ….
    public func encode(to archiver: KeyedArchiver) throws {
        for (i, element) in elements.enumerated() {
            archiver.setField(try archiver.reference(for: element), forKey: "NS.object.\(i)")
        }
    }
}
