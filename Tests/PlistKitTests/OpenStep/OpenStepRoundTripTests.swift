import Foundation
import Testing
@testable import PlistKit
import PlistKitFoundation

/// Seeded random trees through the OpenStep writer and reader, and through Foundation's
/// OpenStep reader.
@Suite struct OpenStepRoundTripTests {
    static let treeCount = 10_000

    static var openStepTypes: RandomPlistGenerator.Configuration {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.scalarKinds = [.string, .data]
        configuration.allowsControlCharacters = true
        return configuration
    }

    @Test func roundTripsStringsDataArraysAndDictionaries() throws {
        var generator = RandomPlistGenerator(seed: 0x4F50_454E, configuration: Self.openStepTypes)
        for i in 0..<Self.treeCount {
            let tree = generator.makeTree()
            let options = PlistWritingOptions(keyOrder: i % 2 == 0 ? .preserved : .formatDefault)
            let data = try tree.encoded(as: .openStep, options: options)
            let back = try PlistValue(decoding: data, format: .openStep)
            #expect(back == tree, "tree \(i)")
            if options.keyOrder == .preserved, back.dictionary?.keys != tree.dictionary?.keys {
                Issue.record("tree \(i) lost its key order")
            }
        }
    }

    @Test func roundTripsEverythingButUIDsWithGNUstepTypedValues() throws {
        var configuration = RandomPlistGenerator.Configuration()
        configuration.includesUIDs = false
        configuration.allowsControlCharacters = true
        var generator = RandomPlistGenerator(seed: 0x474E_5553, configuration: configuration)
        let options = PlistWritingOptions(writesGNUstepTypedValues: true)
        for i in 0..<Self.treeCount {
            let tree = generator.makeTree()
            let data = try tree.encoded(as: .openStep, options: options)
            #expect(try PlistValue(decoding: data, format: .openStep) == tree, "tree \(i)")
        }
    }

    /// Foundation's OpenStep reader (CoreFoundation's old-style parser) reads our output to
    /// the same values. Our output is well-formed, so Foundation is safe to run in-process.
    @Test func foundationReadsOurOpenStep() throws {
        var generator = RandomPlistGenerator(seed: 0x4E53_4F50, configuration: Self.openStepTypes)
        for i in 0..<Self.treeCount {
            let tree = generator.makeTree()
            let data = try tree.encoded(as: .openStep)
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            #expect(try PlistValue(propertyList: object) == tree, "tree \(i)")
        }
    }

    @Test func stringsFilesRoundTrip() throws {
        var configuration = Self.openStepTypes
        configuration.scalarKinds = [.string]
        var generator = RandomPlistGenerator(seed: 0x5354_5253, configuration: configuration)
        for i in 0..<1_000 {
            var dictionary = PlistDictionary()
            for _ in 0..<Int.random(in: 0...8, using: &generator.random) {
                dictionary[generator.makeString()] = .string(generator.makeString())
            }
            let tree = PlistValue.dictionary(dictionary)
            let data = try tree.encoded(as: .openStep, options: PlistWritingOptions(writesStringsFile: true))
            #expect(try PlistValue(decoding: data, format: .openStep) == tree, "tree \(i)")
        }
    }
}
