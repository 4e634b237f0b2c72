import Foundation
import Testing
@testable import PlistKit

/// Documents of many megabytes (many of the reader's input reads and event tapes), text nodes
/// beyond libxml2's default 10 MB limit, and parses running at the same time on several threads
/// (each with a libxml2 parser of its own, taken from the ones kept for reuse).
@Suite struct XMLReaderScaleTests {
    static func mediumTree(entries: Int) -> PlistValue {
        var array: [PlistValue] = []
        array.reserveCapacity(entries)
        for i in 0..<entries {
            array.append([
                "id": .integer(PlistInteger(Int64(i))), "name": .string("item \(i) <&> é😀"),
                "ratio": .real(Double(i) / 7), "blob": .data(Data(repeating: UInt8(i & 0xFF), count: i % 50)),
                "when": .date(Date(timeIntervalSinceReferenceDate: Double(i * 3_600))), "ok": .boolean(i % 3 == 0),
            ])
        }
        return .array(array)
    }

    @Test func documentsOfManyMegabytesRoundTrip() throws {
        let tree = Self.mediumTree(entries: 7_000)
        let xml = try tree.encoded(as: .xml)
        #expect(xml.count > 2 << 20)
        #expect(try PlistValue(decoding: xml, format: .xml) == tree)
    }

    /// libxml2 refuses text nodes over 10 MB unless XML_PARSE_HUGE; this reader sets it and
    /// bounds input with its own options instead.
    @Test func dataLargerThanLibxml2sDefaultTextLimitReads() throws {
        var blob = Data(repeating: 0, count: 8 << 20)
        blob.withUnsafeMutableBytes { bytes in
            for i in stride(from: 0, to: bytes.count, by: 4_093) { bytes[i] = UInt8(truncatingIfNeeded: i) }
        }
        let value = PlistValue.dictionary(["blob": .data(blob)])
        let xml = try value.encoded(as: .xml)
        #expect(xml.count > 10_000_000)
        #expect(try PlistValue(decoding: xml, format: .xml) == value)
    }

    @Test func parsesConcurrentlyOnManyThreads() async throws {
        let tree = Self.mediumTree(entries: 300)
        let xml = try tree.encoded(as: .xml)
        let bad = Data("<plist><array><integer>x</integer></array></plist>".utf8)
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<10 {
                        guard (try? PlistValue(decoding: xml, format: .xml)) == tree else { return false }
                        do {
                            _ = try PlistValue(decoding: bad, format: .xml)
                            return false
                        } catch let error as PlistError {
                            guard error.location == .line(1, column: 23) else { return false }
                        } catch {
                            return false
                        }
                    }
                    return task >= 0
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
