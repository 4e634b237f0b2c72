import Foundation
import PlistKit

/// Keyed archives: PlistKit's KeyedUnarchiver/KeyedArchiver against NSKeyedUnarchiver/
/// NSKeyedArchiver on an array of `Note` objects (a custom class holding NSString, NSNumber
/// fields, NSDate and an NSArray of NSStrings).
enum KeyedArchiveOperations {
    /// About four archive objects per note (the note, its title, date and tags array; equal tags are shared): 25,000 notes make about 100,000 objects.
    static func unarchiveNoteCount(_ options: BenchOptions) -> Int { options.isQuick ? 2_500 : 25_000 }

    /// Archiving runs at 1,000, 2,000 and 4,000 objects (where NSKeyedArchiver on Linux was
    /// reported quadratic) to show how each side grows, then at the full size.
    static func archiveNoteCounts(_ options: BenchOptions) -> [Int] { options.isQuick ? [250, 500] : [250, 500, 1_000] }

    static let registerFoundationClass: Void = {
        NSKeyedUnarchiver.setClass(FoundationNote.self, forClassName: "Note")
    }()

    // Metatypes are immutable and the array is never mutated after initialization.
    nonisolated(unsafe) static let plistKitAllowed: [any KeyedArchivable.Type] = [ArchiveNote.self, String.self, Date.self, [String].self]
    static let foundationAllowed: [AnyClass] = [NSArray.self, FoundationNote.self, NSString.self, NSDate.self]

    static func all(for options: BenchOptions) -> [PlannedOperation] {
        var result: [PlannedOperation] = []
        let unarchiveCount = unarchiveNoteCount(options)
        let unarchiveName = "keyed unarchive: \(unarchiveCount) notes"
        result.append(PlannedOperation(name: unarchiveName) { _ in
            _ = registerFoundationClass
            let notes = ArchiveNote.make(count: unarchiveCount)
            let data = try KeyedArchiver.archivedData(withRootObject: notes, format: .binary)
            let objectCount = try KeyedArchive(decoding: data).objects.count
            return BenchOperation(
                name: unarchiveName, bytes: data.count,
                plistKit: .init {
                    let decoded = try KeyedUnarchiver.unarchivedObject(
                        ofClass: [ArchiveNote].self, from: data, additionalTypes: plistKitAllowed)
                    return { decoded.reduce(UInt64(decoded.count)) { $0 &+ UInt64($1.count) } }
                },
                foundation: .init {
                    let object = try NSKeyedUnarchiver.unarchivedObject(ofClasses: foundationAllowed, from: data)
                    let decoded = object as? [FoundationNote] ?? []
                    return { decoded.reduce(UInt64(decoded.count)) { $0 &+ UInt64($1.count) } }
                },
                note: "\(objectCount) objects in $objects; both read PlistKit's binary archive with an allow-list")
        })
        for count in archiveNoteCounts(options) + [unarchiveCount] {
            let name = "keyed archive: \(count) notes"
            result.append(PlannedOperation(name: name) { _ in
                let notes = ArchiveNote.make(count: count)
                let foundationNotes = notes.map(FoundationNote.init)
                let data = try KeyedArchiver.archivedData(withRootObject: notes, format: .binary)
                let objectCount = try KeyedArchive(decoding: data).objects.count
                let foundation = BenchOperation.Side {
                    let archiver = NSKeyedArchiver(requiringSecureCoding: true)
                    archiver.encode(foundationNotes as NSArray, forKey: NSKeyedArchiveRootObjectKey)
                    archiver.finishEncoding()
                    let output = archiver.encodedData
                    return { UInt64(output.count) }
                }
                return BenchOperation(
                    name: name, bytes: data.count,
                    plistKit: .init {
                        let output = try KeyedArchiver.archivedData(withRootObject: notes, format: .binary)
                        return { UInt64(output.count) }
                    },
                    foundation: foundation,
                    note: "\(objectCount) objects in $objects")
            })
        }
        return result
    }
}
