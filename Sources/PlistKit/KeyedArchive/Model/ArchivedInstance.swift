/// An archived object with a class: one `$objects` dictionary with `$class` and its fields.
///
/// Field values are as the archive holds them: scalars stored inline (integers, reals,
/// booleans, `NS.bytes`-style data) and ``PlistValue/uid(_:)`` references into `$objects`,
/// alone or inside arrays (`NS.objects`). A ``KeyedArchive`` has checked that every UID is
/// inside `$objects`; UID 0 is `$null`, a nil reference.
public struct ArchivedInstance: Hashable, Sendable {
    /// The parts, behind one reference: instances are copied out of `$objects` at every step
    /// of unarchiving (every field read, every reference followed), and a copy of the parts
    /// themselves retained and released six references each time.
    private final class Parts: Sendable {
        let index: Int
        let archivedClass: ArchivedClass
        let storage: PlistDictionary

        init(index: Int, archivedClass: ArchivedClass, storage: PlistDictionary) {
            self.index = index
            self.archivedClass = archivedClass
            self.storage = storage
        }
    }

    private let parts: Parts

    /// The `$objects` index of this object.
    public var index: Int { parts.index }
    /// The object's class.
    public var archivedClass: ArchivedClass { parts.archivedClass }
    /// The raw dictionary, `$class` included.
    var storage: PlistDictionary { parts.storage }

    init(index: Int, archivedClass: ArchivedClass, storage: PlistDictionary) {
        parts = Parts(index: index, archivedClass: archivedClass, storage: storage)
    }

    /// Equal index, class and fields (the same parts are equal at once).
    public static func == (lhs: ArchivedInstance, rhs: ArchivedInstance) -> Bool {
        lhs.parts === rhs.parts
            || (lhs.index == rhs.index && lhs.archivedClass == rhs.archivedClass && lhs.storage == rhs.storage)
    }

    /// A hash of the index, class and fields, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(archivedClass)
        hasher.combine(storage)
    }

    /// The class name (`$classname` of the class description).
    public var className: String { archivedClass.name }

    /// The field names in archive order, without `$class`. O(n) in the number of fields.
    public var fieldNames: [String] { storage.keys.filter { $0 != "$class" } }

    /// The fields in archive order, without `$class`. O(n) in the number of fields.
    public var fields: PlistDictionary {
        PlistDictionary(storage.lazy.filter { $0.key != "$class" }.map { ($0.key, $0.value) })
    }

    /// The raw value of a field (`$class` is not a field), or `nil` when absent.
    public subscript(field key: String) -> PlistValue? {
        key == "$class" ? nil : storage[key]
    }

    /// The raw value stored under `key` and its position among the stored keys, looked for
    /// first at `expected` and just after it (`$class` included: callers pass escaped coder
    /// keys, which never equal it).
    ///
    /// A type reads its fields in the order it wrote them, so the position after the last
    /// field read (or the one after that, past `$class` or an absent optional) is nearly
    /// always the one asked for next: a comparison or two where a lookup compares the key
    /// with each field before it.
    func storedValue(forKey key: String, expectedAt expected: Int) -> (value: PlistValue, position: Int)? {
        let keys = parts.storage.keys
        for position in stride(from: expected, to: min(expected + 2, keys.count), by: 1)
        where ExactKey.exactlyEqual(keys[position], key) {
            return (parts.storage.values[position], position)
        }
        guard let found = parts.storage.index(forKey: key) else { return nil }
        return (parts.storage.values[found], found)
    }

    /// The `$objects` index a field refers to, or `nil` when the field is absent or not a UID.
    /// Index 0 means a nil reference.
    public func reference(forKey key: String) -> Int? {
        guard case .uid(let uid)? = self[field: key] else { return nil }
        return Int(uid)
    }
}
