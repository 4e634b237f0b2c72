/// The dictionary keys of one binary file, interned: each key object's text gets the id of
/// its exact bytes (canonically equivalent texts, "é" and "e" + U+0301, stay apart, as
/// CoreFoundation keeps them), so keys compare as integers.
///
/// Used by whole-file reads (`BinaryPlistDecoder` keeps one): the eager reader finds a
/// dictionary's repeated keys with it in one pass.
struct BinaryPlistKeyTable {
    /// Per object: 0 until it is read as a key, then its text's id + 1. Made by the first
    /// key: one entry per object, and the offset table already holds at least a byte per
    /// object, so this is at most 4 bytes per input byte.
    private var idByObject: [Int32] = []
    private var idByText = BinaryPlistUniquingTable<ExactKey>()
    /// The text of each id.
    private(set) var texts: [String] = []
    /// Per id: the number of the last dictionary that had it (see `markMet(_:)`).
    private var lastDictionary: [Int] = []
    private var dictionaryNumber = 0
    /// The distinct keys room is made for at the first key.
    private static var initialTextCapacity: Int { 64 }

    /// The id of key object `object`, or `nil` before it is interned.
    @inline(__always)
    func id(ofObject object: Int) -> Int? {
        guard object < idByObject.count else { return nil }
        let known = idByObject[object]
        return known > 0 ? Int(known) - 1 : nil
    }

    /// Gives key object `object` (one of `objectCount`, decoded as `text`) the id of its
    /// text, a new one for a text not seen before.
    mutating func intern(_ text: String, forObject object: Int, objectCount: Int) -> Int {
        if idByObject.isEmpty {
            idByObject = [Int32](repeating: 0, count: objectCount)
            // Room for the distinct keys of a small file at once (a large one grows these):
            // the hash table too, which would otherwise grow twice for an Info.plist's keys.
            let room = min(objectCount, Self.initialTextCapacity)
            texts.reserveCapacity(room)
            lastDictionary.reserveCapacity(room)
            idByText.reserveCapacity(room)
        }
        let id = idByText.number(for: ExactKey(text), orInsert: texts.count)
        if id == texts.count {
            texts.append(text)
            lastDictionary.append(0)
        }
        // Ids count distinct texts, at most the object count, which a whole-file read has
        // checked to fit Int32.
        idByObject[object] = Int32(truncatingIfNeeded: id + 1)
        return id
    }

    /// Starts a dictionary for `markMet(_:)`.
    mutating func beginDictionary() {
        dictionaryNumber += 1
    }

    /// Notes that key `id` is in the current dictionary; `true` when it already was (a
    /// repeated key).
    @inline(__always)
    mutating func markMet(_ id: Int) -> Bool {
        let repeated = lastDictionary[id] == dictionaryNumber
        lastDictionary[id] = dictionaryNumber
        return repeated
    }
}
