import Foundation
import Testing
import PlistKit

@Suite struct PlistTreePrinterTests {
    static let sample: PlistValue = .dictionary([
        "name": .string("say \"hi\"\n"),
        "items": .array([.integer(1), .dictionary(["on": .boolean(true)])]),
        "icon": .data(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])),
        "when": .date(Date(timeIntervalSinceReferenceDate: 1.5)),
    ])

    @Test func drawsEveryValueWithTypeAndSizeInTheDictionarysOrder() throws {
        #expect(try PlistTreePrinter().tree(of: Self.sample, title: "x.plist") == """
            x.plist: dictionary (4 keys)
            ├── name: string "say \\"hi\\"\\n"
            ├── items: array (2 elements)
            │   ├── 0: integer 1
            │   └── 1: dictionary (1 key)
            │       └── on: boolean true
            ├── icon: data (6 bytes) 89504e47 0d0a
            └── when: date 2001-01-01T00:00:01.500Z

            """)
    }

    @Test func labelsKeyPathsAndStopsAtTheDepthLimit() throws {
        let printer = PlistTreePrinter(showsKeyPaths: true, maximumDepth: 2, dataPreviewBytes: 2)
        #expect(try printer.tree(of: Self.sample, title: "x") == """
            x: dictionary (4 keys)
            ├── name: string "say \\"hi\\"\\n"
            ├── items: array (2 elements)
            │   ├── items.0: integer 1
            │   └── items.1: dictionary (1 key) …
            ├── icon: data (6 bytes) 8950 …
            └── when: date 2001-01-01T00:00:01.500Z

            """)
    }

    @Test func coloursWithANSIEscapes() throws {
        let text = try PlistTreePrinter(usesColor: true).tree(of: .dictionary(["k": .integer(1)]), title: "t")
        #expect(text == "\u{1B}[1mt\u{1B}[0m: \u{1B}[90mdictionary\u{1B}[0m (1 key)\n"
            + "\u{1B}[2m└── \u{1B}[0m\u{1B}[36mk\u{1B}[0m: \u{1B}[90minteger\u{1B}[0m \u{1B}[33m1\u{1B}[0m\n")
    }

    @Test(arguments: [0, -1])
    func aPreviewOfNoBytesShowsOnlyTheSize(bytes: Int) throws {
        let text = try PlistTreePrinter(dataPreviewBytes: bytes).tree(of: .data(Data([1, 2])), title: "t")
        #expect(text == "t: data (2 bytes)\n")
    }
}
