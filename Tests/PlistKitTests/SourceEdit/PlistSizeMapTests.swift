import Foundation
import PlistKit
import Testing

/// `PlistSizeMap(measuring:)`: binary sizes add up to the file, shared objects counted once;
/// text sizes are the values' spans.
@Suite struct PlistSizeMapTests {
    typealias B = HandMadeBinaryPlist

    /// The root's bytes and the overhead: the whole file.
    func total(_ map: PlistSizeMap) -> Int {
        map.nodes[PlistSizeMap.rootID].bytes + map.overhead.map(\.bytes).reduce(0, +)
    }

    /// What holds for every map: children fit in their parent, places that share an object
    /// hold no bytes and name an earlier node where it is counted.
    func checkShape(_ map: PlistSizeMap, _ name: String) {
        for (id, node) in map.nodes.enumerated() {
            #expect(node.bytes >= 0, "\(name) \(map.keyPath(of: id))")
            #expect(node.children.map { map.nodes[$0].bytes }.reduce(0, +) <= node.bytes, "\(name) \(map.keyPath(of: id))")
            #expect(node.children.allSatisfy { map.nodes[$0].parent == id && $0 > id })
            if let shared = node.sharedWith {
                #expect(node.bytes == 0 && shared < id && map.nodes[shared].sharedWith == nil, "\(name) \(map.keyPath(of: id))")
            }
        }
    }

    // MARK: Binary

    /// Apple's binary writer (through Foundation) and PlistKit's, on fixtures of every kind:
    /// the sizes add up to the file's size exactly.
    @Test(arguments: [
        "Binary/foundation-linux.bplist", "Binary/set-and-float32.bplist", "Binary/three-byte-refs.bplist",
        "Binary/reference-bomb.bplist", "KeyedArchive/foundation-builtins.bplist", "KeyedArchive/foundation-notes.bplist",
        "Codable/foundation-note.bplist", "Codable/foundation-note.archive", "Examples/com.example.notes.plist",
    ])
    func binarySizesAddUpToTheFileSize(_ fixture: String) throws {
        let bytes = try Fixtures.data(fixture)
        let map = try PlistSizeMap(measuring: bytes)
        #expect(map.format == .binary)
        #expect(map.fileBytes == bytes.count)
        #expect(total(map) == bytes.count, "\(fixture): \(map.overhead)")
        checkShape(map, fixture)
        // Written again by PlistKit's binary writer, and by Foundation's from XML (its binary
        // reader traps on a set, and the archives here are Foundation's already); the bomb
        // cannot be written again at all.
        guard !fixture.contains("bomb") else { return }
        let value = try PlistValue(decoding: bytes)
        var rewrites = [try value.encoded(as: .binary)]
        if !fixture.contains("archive"), !fixture.hasPrefix("KeyedArchive/") {
            rewrites.append(try PropertyListSerialization.data(
                fromPropertyList: PropertyListSerialization.propertyList(from: value.encoded(as: .xml), format: nil),
                format: .binary, options: 0))
        }
        for rewritten in rewrites {
            let again = try PlistSizeMap(measuring: rewritten)
            #expect(total(again) == rewritten.count, "\(fixture) rewritten")
            checkShape(again, fixture)
        }
    }

    /// `{a: "xy", b: "xy"}` with one "xy" object: counted under `a`, shared under `b`.
    @Test func sharedObjectIsCountedOnceWhereFirstMet() throws {
        var plist = B()
        plist.objects = [[0xD2, 1, 2, 3, 3], B.ascii("a"), B.ascii("b"), B.ascii("xy")]
        let bytes = plist.bytes
        #expect(bytes.count == 56)
        let map = try PlistSizeMap(measuring: bytes)
        #expect(map.nodes.map(\.key) == ["", "a", "b"])
        // The dictionary's 5 bytes and its keys' 2 each, with an offset-table byte each;
        // "xy" is 3 bytes and its entry, under a only.
        #expect(map.nodes.map(\.bytes) == [16, 4, 0])
        #expect(map.nodes.map(\.kind) == [.dictionary, .string, .string])
        #expect(map.nodes[2].sharedWith == 1)
        #expect(map.overhead == [.init(part: .header, bytes: 8), .init(part: .trailer, bytes: 32)])
    }

    /// Objects the top object does not reach, and bytes no object occupies, are overhead.
    @Test func unreachableObjectsAndUnusedBytesAreCounted() throws {
        var plist = B()
        plist.objects = [[0xA1, 1], [0x51, UInt8(ascii: "x"), 0xEE], B.ascii("zz")]
        let map = try PlistSizeMap(measuring: plist.bytes)
        #expect(map.nodes.map(\.bytes) == [6, 3])
        #expect(map.overhead == [
            .init(part: .header, bytes: 8), .init(part: .unreachableObjects, bytes: 4),
            .init(part: .unusedBytes, bytes: 1), .init(part: .trailer, bytes: 32),
        ])
        #expect(total(map) == plist.bytes.count)
    }

    /// The 60-level reference bomb (2⁶⁰ paths) has two nodes per level: the array counted
    /// and its second reference, shared.
    @Test func referenceBombStaysLinear() throws {
        let bytes = B.referenceBomb(levels: 60).bytes
        let map = try PlistSizeMap(measuring: bytes)
        #expect(map.nodes.count == 1 + 2 * 60)
        #expect(map.nodes.filter { $0.sharedWith != nil }.count == 60)
        #expect(total(map) == bytes.count)
    }

    @Test func malformedBinaryFailsAsTheReaderDoes() throws {
        let bytes = try Fixtures.data("Binary/cycle-mutual.bplist")
        let readerError = try #require(throws: PlistError.self) { try PlistValue(decoding: bytes) }
        let sizeError = try #require(throws: PlistError.self) { try PlistSizeMap(measuring: bytes) }
        #expect(sizeError == readerError)
    }

    // MARK: Text

    /// The bytes of `text` from the first occurrence of `start` to the end of the first
    /// occurrence of `end` after it: a span found without the scanners.
    func span(_ text: String, from start: String, to end: String) throws -> Int {
        let first = try #require(text.range(of: start))
        let last = try #require(text.range(of: end, range: first.lowerBound..<text.endIndex))
        return text.utf8.distance(from: first.lowerBound, to: last.upperBound)
    }

    @Test func jsonSizesAreTheValuesSpans() throws {
        let text = "{\"a\": [1, 22], \"b\": \"xyz\"}\n"
        let map = try PlistSizeMap(measuring: Data(text.utf8))
        #expect(map.format == .json)
        #expect(map.nodes.indices.map { map.keyPath(of: $0).description } == ["", "a", "b", "a.0", "a.1"])
        #expect(map.nodes.map(\.bytes) == [26, 7, 5, 1, 2])
        #expect(map.overhead == [.init(part: .outsideRootValue, bytes: 1)])
    }

    @Test func xmlSizesAreTheValuesSpans() throws {
        let data = try Fixtures.data("Examples/Info.plist")
        let text = String(decoding: data, as: UTF8.self)
        let map = try PlistSizeMap(measuring: data)
        func bytes(_ key: String) -> Int? {
            map.nodes.indices.first { map.keyPath(of: $0).description == key }.map { map.nodes[$0].bytes }
        }
        #expect(map.nodes[0].bytes == (try span(text, from: "<dict>", to: "</dict>\n</plist>")) - "\n</plist>".utf8.count)
        #expect(bytes("CFBundleIdentifier") == (try span(text, from: "<string>org.plistkit", to: "</string>")))
        #expect(bytes("UIBackgroundModes") == (try span(text, from: "<array>\n\t\t<string>fetch", to: "</array>")))
        #expect(bytes("UIBackgroundModes.1") == (try span(text, from: "<string>remote-notification", to: "</string>")))
        #expect(bytes("UILaunchScreen") == "<dict/>".utf8.count)
        #expect(total(map) == data.count)
        checkShape(map, "Info.plist")
    }

    /// UTF-16 `.strings` files (as Xcode writes them): each value's span in the file's bytes,
    /// two per code unit, four for a character outside the BMP.
    @Test func utf16StringsSizesAreInTheFilesBytes() throws {
        let text = "\"k\" = \"é\";\n\"smile\" = \"😀\";\n"
        for bigEndian in [false, true] {
            var data = Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
            for unit in text.utf16 {
                data += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
            let map = try PlistSizeMap(measuring: data)
            #expect(map.format == .openStep)
            #expect(map.nodes.map(\.key) == ["", "k", "smile"])
            #expect(map.nodes.map(\.bytes) == [2 * text.utf16.count, 6, 8])
            #expect(map.overhead == [.init(part: .outsideRootValue, bytes: 2)])
        }
    }

    @Test(arguments: ["OpenStep/Localizable.strings", "OpenStep/gnustep.plist", "OpenStep/project.pbxproj", "OpenStep/sample.plist", "Examples/Info.plist"])
    func textSizesAddUpToTheFileSize(_ fixture: String) throws {
        let data = try Fixtures.data(fixture)
        let map = try PlistSizeMap(measuring: data)
        #expect(total(map) == data.count)
        #expect(map.nodes.count > 1)
        checkShape(map, fixture)
    }

    /// A dictionary that repeats a key has an entry the reader's tree cannot name.
    @Test func repeatedKeyIsRefusedWithItsPlace() throws {
        let error = try #require(throws: PlistError.self) { try PlistSizeMap(measuring: Data("{\"a\": {\"x\": 1, \"x\": 2}}".utf8)) }
        #expect(error.code == .unsupportedFormat)
        #expect(error.description == "The sizes of this json text cannot be measured: the container holds 2 entries, of which the reader kept 1 (a repeated key) at key path 'a'.")
    }

    /// Text past the readers' limits fails as reading it does.
    @Test func textBeyondTheReadersLimitsFails() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let error = try #require(throws: PlistError.self) { try PlistSizeMap(measuring: Data(deep.utf8)) }
        #expect(error.code == .limitExceeded)
        let limited = PlistReadingOptions(maximumInputBytes: 10)
        #expect(throws: PlistError.self) { try PlistSizeMap(measuring: Data("{\"a\": [1, 22]}".utf8), options: limited) }
    }

    // MARK: The shared corpus

    /// Every file of the real-world corpus that PlistKit reads: its sizes add up to its size
    /// (binary: root and overhead; text: root and the text around it), or a text layout the
    /// scanners do not follow is refused with a typed error. A file the reader refuses fails
    /// with the reader's error. Runs only when the corpus is present.
    @Test func everyCorpusFileMeasuresOrSaysWhy() throws {
        var measured = 0, refused: [String] = []
        for entry in CorpusEntry.all {
            let bytes = try entry.data()
            // The 13 files above 256 KiB repeat the shapes of smaller ones and would take most
            // of the test's time in a debug build.
            guard bytes.count <= 256 << 10 else { continue }
            let read = Result { try PlistDocument(decoding: bytes) }
            let map = Result { try PlistSizeMap(measuring: bytes) }
            switch (read, map) {
            case (.success, .success(let map)):
                measured += 1
                #expect(total(map) == bytes.count, "\(entry.path)")
                checkShape(map, entry.path)
            case (.success(let document), .failure(let error)):
                let plistError = try #require(error as? PlistError, "\(entry.path): \(error)")
                #expect(document.format != .binary && plistError.code == .unsupportedFormat, "\(entry.path): \(plistError)")
                refused.append(entry.path)
            case (.failure(let readError), .failure(let error)):
                #expect(error as? PlistError == readError as? PlistError, "\(entry.path): \(error)")
            case (.failure(let readError), .success):
                Issue.record("\(entry.path): measured, but reading fails: \(readError)")
            }
        }
        // Almost every readable file's layout is followed.
        #expect(refused.count * 20 <= measured, "\(refused)")
    }
}
