import FoundationEssentials

/// Writes a ``KeyedArchiver``'s objects as a binary property list straight from its slots,
/// byte for byte as the binary writer writes ``KeyedArchiver/archiveValue``, without building
/// that tree (a dictionary per object), walking it for its expanded size and flattening it.
///
/// The objects are numbered into the binary writer's own ``BinaryPlistObjectList``, in its
/// order: depth-first from the root `{$version, $archiver, $top, $objects}`, a dictionary's
/// keys when it is entered, then its values each with its subtree; every scalar numbered once
/// by the same equality. What differs from the general writer is only the walk: an archive's
/// UIDs index an array of numbers, and its keys (the same few literals in every object)
/// answer from the recent-key table from the start.
struct ArchiveBinaryWriter {
    private var objects: BinaryPlistObjectList
    /// The values the archive tree holds once expanded, as `ExpandedSizeCounter` counts them.
    private var valueCount = 0
    private let valueLimit: Int

    /// A writer for an archive of `objectCount` objects that fails when the tree would hold
    /// more than `valueLimit` values (``PlistWritingOptions/maximumValueCount``).
    ///
    /// `fieldCount` (the fields of all instances) sizes the object and reference lists, which
    /// then rarely grow: each field adds at most one object and two references, each object
    /// one reference and its `$class` two.
    init(objectCount: Int, fieldCount: Int, valueLimit: Int) {
        // Past the object list's numbering, the general path reports the limit.
        self.valueLimit = min(valueLimit, BinaryPlistObjectList.maximumObjects)
        objects = BinaryPlistObjectList(denseUIDCount: objectCount, recentKeysAfter: 0)
        objects.reserveCapacity(objects: objectCount + fieldCount + 16, references: 3 * objectCount + 2 * fieldCount + 16)
    }

    /// The bytes of the archive, or `nil` when its tree holds more values than the limit (the
    /// general path then reports it as the writer does).
    mutating func write(top: PlistDictionary, slots: [ArchiveSlot], fieldKeys: [String], fieldValues: [PlistValue]) -> Data? {
        // The root: its four keys, then its values in order.
        let root = objects.openDictionary(count: 4)
        valueCount += 1 + 4
        objects.setReference(objects.numberKey("$version"), at: root)
        objects.setReference(objects.numberKey("$archiver"), at: root + 1)
        objects.setReference(objects.numberKey("$top"), at: root + 2)
        objects.setReference(objects.numberKey("$objects"), at: root + 3)
        guard let version = number(.integer(PlistInteger(Int64(KeyedArchive.currentVersion)))),
              let archiver = number(.string(KeyedArchive.archiverName)),
              let topNumber = number(.dictionary(top))
        else { return nil }
        objects.setReference(version, at: root + 4)
        objects.setReference(archiver, at: root + 5)
        objects.setReference(topNumber, at: root + 6)
        objects.setReference(objects.count, at: root + 7)
        let objectList = objects.openArray(count: slots.count)
        valueCount += 1
        for (i, slot) in slots.enumerated() {
            switch slot {
            case .value(let value):
                guard let objectNumber = number(value) else { return nil }
                objects.setReference(objectNumber, at: objectList + i)
            case .instance(let classUID, let start, let count):
                // `{$class, fields…}`: the class's key and UID first.
                objects.setReference(objects.count, at: objectList + i)
                let fields = objects.openDictionary(count: count + 1)
                let valueSlots = fields + count + 1
                // The dictionary, its keys and the class UID.
                valueCount += 1 + (count + 1) + 1
                objects.setReference(objects.numberKey("$class"), at: fields)
                for k in 0..<count { objects.setReference(objects.numberKey(fieldKeys[start + k]), at: fields + 1 + k) }
                objects.setReference(objects.numberUID(classUID), at: valueSlots)
                for k in 0..<count {
                    // A reference numbered before (a shared string, an object met again)
                    // answers from the array without copying the value out.
                    if case .uid(let uid) = fieldValues[start + k], let known = objects.knownUIDNumber(uid) {
                        valueCount += 1
                        objects.setReference(known, at: valueSlots + 1 + k)
                        continue
                    }
                    guard let fieldNumber = number(fieldValues[start + k]) else { return nil }
                    objects.setReference(fieldNumber, at: valueSlots + 1 + k)
                }
            }
            guard valueCount <= valueLimit else { return nil }
        }
        return objects.encode()
    }

    // MARK: Numbering

    /// Numbers `value` and its whole subtree, counting its values; `nil` when the count
    /// passes the limit.
    private mutating func number(_ value: PlistValue) -> Int? {
        switch value {
        case .array(let elements):
            // An array of references (`NS.objects`) is the common container: no subtree.
            guard elements.allSatisfy({ !$0.isContainer }) else { return numberTree(value) }
            valueCount += 1 + elements.count
            guard valueCount <= valueLimit else { return nil }
            let number = objects.count
            let start = objects.openArray(count: elements.count)
            for (i, element) in elements.enumerated() { objects.setReference(objects.numberScalar(element), at: start + i) }
            return number
        case .dictionary:
            return numberTree(value)
        default:
            valueCount += 1
            return objects.numberScalar(value)
        }
    }

    /// Numbers a container with any subtree, after counting its expanded size the way the
    /// writer's guard does (a shared subtree read from a hostile file must not be expanded).
    private mutating func numberTree(_ root: PlistValue) -> Int? {
        // A subtree alone above the byte limit puts the tree above it; the general path
        // then refuses it as the writer does (a shared string read from a hostile file is
        // hashed at each occurrence).
        let byteLimit = PlistWritingOptions().maximumExpandedByteCount
        guard case .success(let size) = ExpandedSizeCounter.size(of: root, valueLimit: valueLimit - valueCount, byteLimit: byteLimit) else {
            return nil
        }
        valueCount += size.count
        return objects.number(root, sortsKeys: false)
    }
}
