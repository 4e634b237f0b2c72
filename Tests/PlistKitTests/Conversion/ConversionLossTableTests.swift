import Foundation
import Testing
@testable import PlistKit

/// Docs/Formats.md's conversion-loss table, parsed from the document and checked cell by cell
/// against the writers and readers: the documentation cannot drift from the code.
@Suite struct ConversionLossTableTests {
    struct Cell: CustomStringConvertible, Sendable {
        let row: String
        let target: ConversionTarget
        let outcome: String
        var description: String { "\(row) → \(target): \(outcome)" }
    }

    /// The sample value of each row of the table.
    static let samples: [String: PlistValue] = [
        "string": "text",
        "string with U+0001": "a\u{1}b",
        "integer": 42,
        "integer above Int64.max": .integer(PlistInteger(UInt64.max)),
        "real 1.5": 1.5,
        "real 3.0": 3.0,
        "real -0.0": .real(-0.0),
        "real nan": .real(.nan),
        "real infinity": .real(.infinity),
        "boolean": true,
        "date in whole seconds": .date(Date(timeIntervalSinceReferenceDate: 86_400)),
        "date with a fraction": .date(Date(timeIntervalSinceReferenceDate: 86_400.25)),
        "date in year 10000": .date(Date(timeIntervalSinceReferenceDate: 252_423_993_600)),
        "data": .data(Data([0, 1, 0xFE])),
        "uid": .uid(7),
        "array": ["x", "y"],
        "dictionary, keys sorted": ["a": "1", "b": "2"],
        "dictionary, keys unsorted": ["b": "1", "a": "2"],
    ]

    static let cells: [Cell] = {
        let text = (try? String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/Formats.md"), encoding: .utf8)) ?? ""
        guard let begin = text.range(of: "<!-- loss-table:begin -->"), let end = text.range(of: "<!-- loss-table:end -->")
        else { return [] }
        let rows = text[begin.upperBound..<end.lowerBound].split(separator: "\n").map {
            $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard let header = rows.first else { return [] }
        let targets = header.dropFirst().map { ConversionTarget.named($0) }
        var cells: [Cell] = []
        for row in rows.dropFirst(2) {
            for (column, outcome) in row.dropFirst().enumerated() where column < targets.count {
                if let target = targets[column] { cells.append(Cell(row: row[0], target: target, outcome: outcome)) }
            }
        }
        return cells
    }()

    @Test func theTableIsComplete() {
        #expect(Self.cells.count == Self.samples.count * ConversionTarget.all.count)
        #expect(Set(Self.cells.map(\.row)) == Set(Self.samples.keys))
    }

    /// Each sample sits at key "v" of a root dictionary; the outcome of writing it is the cell.
    @Test(arguments: cells)
    func writingMatchesTheTable(cell: Cell) throws {
        let sample = try #require(Self.samples[cell.row], "no sample for row '\(cell.row)'")
        let root: PlistValue = ["v": sample]
        switch cell.outcome {
        case "error":
            let error = try #require(throws: PlistError.self) { try cell.target.roundTrip(root) }
            #expect(error.code == .unrepresentableValue)
            #expect(error.location == .keyPath("v"))
        case "exact":
            let (back, warnings) = try cell.target.roundTrip(root)
            #expect(warnings.isEmpty, "\(warnings)")
            #expect(back == root)
        default:
            let kind = try #require(PlistWarning.Kind(rawValue: cell.outcome), "unknown outcome '\(cell.outcome)'")
            let (back, warnings) = try cell.target.roundTrip(root)
            #expect(warnings.map(\.kind) == [kind])
            #expect(warnings.map(\.keyPath) == ["v"])
            #expect(back == ConversionModel.afterLoss(sample, kind: kind, target: cell.target).map { ["v": $0] })
            // Under strict writing the same loss fails the write.
            var strict = cell.target.writing
            strict.isStrict = true
            let error = try #require(throws: PlistError.self) { try root.encoded(as: cell.target.format, options: strict) }
            #expect(error.code == .lossyConversion)
        }
    }
}
