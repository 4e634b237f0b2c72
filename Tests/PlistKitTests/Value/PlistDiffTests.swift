import Foundation
import Testing
@testable import PlistKit

@Suite struct PlistDiffTests {
    @Test func equalValuesInAnyKeyOrderHaveNoChanges() throws {
        let a: PlistValue = .dictionary(["x": .integer(1), "y": .array([.string("s"), .boolean(true)])])
        let b: PlistValue = .dictionary(["y": .array([.string("s"), .boolean(true)]), "x": .integer(1)])
        #expect(try PlistDiff(from: a, to: b).isEmpty)
    }

    /// A string's own quotes, backslashes and line ends are escaped, so its text is told apart
    /// from the quotes around it and stays on one line.
    @Test func stringsAreQuotedWithTheirQuotesEscaped() throws {
        let a: PlistValue = .dictionary(["general.on": "开启", "path": "C:\\dir"])
        let b: PlistValue = .dictionary(["general.on": "开启 \"on\"", "path": "line\nnext"])
        #expect(try PlistDiff(from: a, to: b).changes.map(\.description) == [
            #"~ general\.on: "开启" -> "开启 \"on\"""#,
            #"~ path: "C:\\dir" -> "line\nnext""#,
        ])
    }

    @Test func reportsAddedRemovedAndChangedWithKeyPaths() throws {
        let a: PlistValue = .dictionary([
            "keep": .string("k"), "gone": .integer(1),
            "nested": .dictionary(["a.b": .real(1.5)]), "list": .array([.integer(1), .integer(2)]),
        ])
        let b: PlistValue = .dictionary([
            "keep": .string("k"), "nested": .dictionary(["a.b": .real(2.5)]),
            "list": .array([.integer(1)]), "new": .boolean(false),
        ])
        let diff = try PlistDiff(from: a, to: b)
        #expect(diff.changes == [
            .removed("gone", .integer(1)),
            .changed(PlistKeyPath(components: ["nested", "a.b"]), from: .real(1.5), to: .real(2.5)),
            .removed("list.1", .integer(2)),
            .added("new", .boolean(false)),
        ])
        #expect(diff.changes.map(\.description) == [
            "- gone: 1", "~ nested.a\\.b: 1.5 -> 2.5", "- list.1: 2", "+ new: false",
        ])
    }

    @Test func typeChangeIsOneChange() throws {
        let diff = try PlistDiff(from: .dictionary(["v": .integer(1)]), to: .dictionary(["v": .string("1")]))
        #expect(diff.changes.map(\.description) == ["~ v: 1 -> \"1\""])
    }

    @Test func rootScalarChange() throws {
        let diff = try PlistDiff(from: .integer(1), to: .integer(2))
        #expect(diff.changes.map(\.description) == ["~ (root): 1 -> 2"])
    }

    @Test func depthLimitReportsWholeSubtree() throws {
        let deep: PlistValue = .array([.array([.integer(1)])])
        let other: PlistValue = .array([.array([.integer(2)])])
        let diff = try PlistDiff(from: deep, to: other, maximumDepth: 2)
        #expect(diff.changes == [.changed("0", from: .array([.integer(1)]), to: .array([.integer(2)]))])
    }

    @Test func summariesOfEachType() throws {
        typealias Change = PlistDiff.Change
        #expect(Change.summary(.date(Date(timeIntervalSinceReferenceDate: 0))) == "2001-01-01T00:00:00Z")
        #expect(Change.summary(.date(Date(timeIntervalSinceReferenceDate: 0.5))) == "2001-01-01T00:00:00.500Z")
        #expect(Change.summary(.data(Data([1, 2]))) == "data (2 bytes)")
        #expect(Change.summary(.uid(7)) == "uid 7")
        #expect(Change.summary(.array([.integer(1)])) == "array (1 element)")
        #expect(Change.summary(.dictionary([:])) == "dictionary (0 keys)")
        #expect(Change.summary(.string("a\"b")) == #""a\"b""#)
    }
}
