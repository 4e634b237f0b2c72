/// `Dictionary` archives as NSDictionary: an object whose `NS.keys` and `NS.objects` list
/// the UIDs of its keys and values in matching order. It reads NSDictionary and
/// NSMutableDictionary; every key's and value's class is checked before any is built.
extension Dictionary: KeyedArchivable where Key: KeyedArchivable, Value: KeyedArchivable {
    /// `NSDictionary` and `NSMutableDictionary`.
    public static var archiveClassNames: [String] { ["NSDictionary", "NSMutableDictionary"] }

    /// `NSDictionary`, `NSObject`: one constant array, which the archiver compares by its buffer.
    public var archiveClassChain: [String] { ArchiveClassChains.dictionary }

    /// Reads `NS.keys` and `NS.objects`.
    ///
    /// - Throws: ``KeyedArchiveError`` for missing or unequal-length arrays, `$null` or
    ///   wrongly classed keys or values, or equal keys.
    public init(from unarchiver: KeyedUnarchiver) throws {
        guard case .array(let keys)? = unarchiver.rawValue(forKey: "NS.keys") else {
            throw unarchiver.containsValue(forKey: "NS.keys")
                ? unarchiver.mismatch("The 'NS.keys' of an NSDictionary is not an array") : unarchiver.notFound("NS.keys")
        }
        guard case .array(let values)? = unarchiver.rawValue(forKey: "NS.objects") else {
            throw unarchiver.containsValue(forKey: "NS.objects")
                ? unarchiver.mismatch("The 'NS.objects' of an NSDictionary is not an array") : unarchiver.notFound("NS.objects")
        }
        guard keys.count == values.count else {
            throw unarchiver.mismatch("An NSDictionary has \(keys.count) keys but \(values.count) values")
        }
        // Check every key's and value's class before building any of them.
        try unarchiver.precheckElements(Key.self, keys, label: "NS.keys")
        try unarchiver.precheckElements(Value.self, values, label: "NS.objects")
        let decodedKeys = try unarchiver.decodeElements(Key.self, keys, label: "NS.keys")
        let decodedValues = try unarchiver.decodeElements(Value.self, values, label: "NS.objects")
        var result: [Key: Value] = Dictionary(minimumCapacity: keys.count)
        for (i, key) in decodedKeys.enumerated() {
            guard result.updateValue(decodedValues[i], forKey: key) == nil else {
                throw unarchiver.mismatch("Key \(i) of an NSDictionary repeats an earlier key")
            }
        }
        self = result
    }

    /// Writes `NS.keys` and `NS.objects`.
    public func encode(to archiver: KeyedArchiver) throws {
        var keyReferences: [PlistValue] = []
        var valueReferences: [PlistValue] = []
        keyReferences.reserveCapacity(count)
        valueReferences.reserveCapacity(count)
        for (key, value) in self {
            keyReferences.append(try archiver.reference(for: key))
            valueReferences.append(try archiver.reference(for: value))
        }
        archiver.setField(.array(keyReferences), forKey: "NS.keys")
        archiver.setField(.array(valueReferences), forKey: "NS.objects")
    }
}
