import Foundation
import PlistKit
import Testing

/// `PlistSizeMapPrinter`: the `du` listing, largest first, and its JSON form.
@Suite struct PlistSizeMapPrinterTests {
    /// `{a: "xy", b: "xy"}` with one "xy" object (56 bytes).
    static func sharedString() throws -> PlistSizeMap {
        var plist = HandMadeBinaryPlist()
        plist.objects = [[0xD2, 1, 2, 3, 3], HandMadeBinaryPlist.ascii("a"), HandMadeBinaryPlist.ascii("b"), HandMadeBinaryPlist.ascii("xy")]
        return try PlistSizeMap(measuring: plist.bytes)
    }

    @Test func listingIsLargestFirstWithShares() throws {
        let text = PlistSizeMapPrinter().tree(of: try Self.sharedString(), title: "t.plist")
        #expect(text == """
            t.plist (binary1): 56 bytes
               56  100.0%  t.plist
               32   57.1%  ├── (trailer)
               16   28.6%  ├── (root dictionary)
                4    7.1%  │   ├── a (string)
                0    0.0%  │   └── b (string, shared with 'a')
                8   14.3%  └── (header)

            """)
    }

    @Test func depthSumsDeeperValuesIntoTheirContainers() throws {
        let text = PlistSizeMapPrinter(maximumDepth: 0).tree(of: try Self.sharedString(), title: "t.plist")
        #expect(text.contains("   16   28.6%  ├── (root dictionary) …\n"))
        #expect(!text.contains("(string"))
    }

    /// Keys cannot move the terminal or break a line.
    @Test func keysAreShownWithInvisibleCharactersEscaped() throws {
        let map = try PlistSizeMap(measuring: Data("{\"a\\u001b[31m\\nb\": 1}".utf8))
        let text = PlistSizeMapPrinter().tree(of: map, title: "t\n.json")
        #expect(text.contains(#"└── a\u{1b}[31m\u{a}b (integer)"#))
        #expect(text.hasPrefix(#"t\u{a}.json (json): "#))
        #expect(text.split(separator: "\n").count == 4)
    }

    @Test func reportListsEveryValueWithItsKeyPath() throws {
        let report = PlistSizeMapPrinter().report(of: try Self.sharedString(), title: "t.plist")
        #expect(report == [
            "file": "t.plist", "format": "binary1", "bytes": 56,
            "overhead": [["part": "header", "bytes": 8], ["part": "trailer", "bytes": 32]],
            "values": [
                ["keyPath": "", "kind": "dictionary", "bytes": 16],
                ["keyPath": "a", "kind": "string", "bytes": 4],
                ["keyPath": "b", "kind": "string", "bytes": 0, "sharedWith": "a"],
            ],
        ])
        let shallow = PlistSizeMapPrinter(maximumDepth: 0).report(of: try Self.sharedString(), title: "t.plist")
        #expect(shallow["values"]?.count == 1)
    }
}
