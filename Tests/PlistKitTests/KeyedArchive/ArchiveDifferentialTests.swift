import Foundation
import PlistKit
import PlistKitFoundation
import Testing

/// Random value trees archived by PlistKit decode in Foundation's NSKeyedUnarchiver to the same
/// values, and PlistKit's generic decode reads its own archives back unchanged.
@Suite struct ArchiveDifferentialTests {
    static let foundationClasses: [AnyClass] = [
        NSArray.self, NSDictionary.self, NSString.self, NSNumber.self, NSDate.self, NSData.self,
    ]

    static func configuration() -> RandomPlistGenerator.Configuration {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.maximumDepth = 3
        configuration.maximumChildren = 4
        configuration.includesUIDs = false
        return configuration
    }

    @Test func randomTreesRoundTripThroughPlistKit() throws {
        var generator = RandomPlistGenerator(seed: 0xA4C1, configuration: Self.configuration())
        for _ in 0..<10_000 {
            let tree = generator.makeTree()
            let archiver = KeyedArchiver()
            try archiver.encode(tree, forKey: "root")
            let archive = try KeyedArchive(archiver.archiveValue)
            #expect(try archive.genericTree(forKey: "root") == tree)
        }
    }

    @Test func randomTreesArchivedByPlistKitDecodeInFoundation() throws {
        var generator = RandomPlistGenerator(seed: 0xF0D, configuration: Self.configuration())
        for _ in 0..<1_000 {
            let tree = generator.makeTree()
            let data = try KeyedArchiver.archivedData(withRootObject: tree)
            let object = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClasses: Self.foundationClasses, from: data))
            let back = try PlistValue(propertyList: object)
            #expect(back == tree, "\(tree)")
        }
    }

    /// Foundation's archives of random trees decode generically to the same trees. Booleans and
    /// reals are left out: Foundation writes equal NSNumbers once and `NSNumber(true)`,
    /// `NSNumber(1)` and `NSNumber(1.0)` are equal, so it conflates them (see
    /// FoundationToPlistKitTests.arraysOfStringsAndNumbers).
    @Test func randomTreesArchivedByFoundationDecodeInPlistKit() throws {
        var configuration = Self.configuration()
        configuration.scalarKinds = [.string, .integer, .date, .data]
        var generator = RandomPlistGenerator(seed: 0xBEEF, configuration: configuration)
        for _ in 0..<1_000 {
            let tree = generator.makeTree()
            let data = try foundationArchive(tree.propertyListObject)
            let decoded = try KeyedArchive(decoding: data).genericTree(forKey: "root")
            #expect(decoded == tree, "\(tree)")
        }
    }
}
