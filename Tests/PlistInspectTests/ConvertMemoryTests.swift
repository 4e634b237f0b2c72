import Foundation
import Testing

/// Whether GNU time is there to measure with, and the tool runs without AddressSanitizer.
private let canMeasurePeakMemory =
    FileManager.default.isExecutableFile(atPath: gnuTime.path) && !ExpansionBombTests.underAddressSanitizer

/// GNU time, which reports a child's peak resident set size (`-f %M`).
private let gnuTime = URL(fileURLWithPath: "/usr/bin/time")

/// The peak memory of `convert` on a large file (issue 20, item 9), measured on the built tool
/// in a child process with GNU time's maximum resident set size.
///
/// What is checked is what the conversion holds at its peak beyond what it must: the input's
/// bytes are released once decoded, the XML output goes out in pieces rather than whole, the
/// binary writer frees the tree as it numbers it, and its uniquing tables before it allocates
/// the output; binary to XML builds no tree at all. Each figure has
/// the tool's own start-up memory (a conversion of a tiny file) taken off. Docs/Performance.md
/// ("Peak memory of convert") has the figures at full scale.
@Suite(.enabled(if: canMeasurePeakMemory, "needs GNU time, and no AddressSanitizer (its shadow memory counts)"))
struct ConvertMemoryTests {
    /// An XML plist of `count` small dictionaries in one array (about 170 bytes each), the
    /// shape of the issue's 1 GB file.
    static func records(_ count: Int) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>

            """
        text.reserveCapacity(count * 175)
        for i in 0..<count {
            text += "\t<dict>\n\t\t<key>enabled</key>\n\t\t<true/>\n\t\t<key>id</key>\n\t\t<integer>\(i)</integer>\n"
            text += "\t\t<key>name</key>\n\t\t<string>record \(i)</string>\n\t\t<key>score</key>\n\t\t<real>\(i % 1000).5</real>\n\t</dict>\n"
        }
        text += "</array>\n</plist>\n"
        return Data(text.utf8)
    }

    /// Runs the tool with `arguments` in `directory` and returns its peak resident set size in
    /// bytes, after checking that it succeeded.
    static func peakMemory(_ arguments: [String], in directory: URL) throws -> Int {
        let report = directory.appendingPathComponent("time-\(UUID().uuidString).txt")
        let result = try CLIRunner.run(
            ["-f", "%M", "-o", report.path, CLIRunner.binary.path] + arguments, in: directory, executable: gnuTime)
        #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderrText.prefix(300))")
        let text = try String(contentsOf: report, encoding: .utf8)
        let kilobytes = try #require(text.split(whereSeparator: \.isNewline).last.flatMap { Int($0) }, "time wrote \(text)")
        return kilobytes * 1024
    }

    @Test func bothDirectionsHoldOnlyWhatTheyNeed() throws {
        let directory = try CLIRunner.scratch()
        let xml = Self.records(120_000)  // about 20 MB
        try xml.write(to: directory.appendingPathComponent("records.xml"))
        try Data("<plist><array><integer>1</integer></array></plist>".utf8).write(to: directory.appendingPathComponent("tiny.xml"))
        let startUp = try Self.peakMemory(["convert", "-f", "binary", "-o", "tiny.bplist", "tiny.xml"], in: directory)

        // XML to binary: the larger of the tree and the binary writer's object list, not the
        // input as well (its mapped pages are dropped as the parser reads them), nor the two
        // together: at most twice the input, start-up taken off.
        let toBinary = try Self.peakMemory(["convert", "-f", "binary", "-o", "records.bplist", "records.xml"], in: directory)
        let binaryRatio = Double(toBinary - startUp) / Double(xml.count)
        #expect(binaryRatio < 2.0, "XML to binary peaked at \(binaryRatio) times the input")

        // Binary to XML: the mapped input, the walk's tables (a few bytes an object) and a
        // record and a megabyte of output at a time; never the tree, which alone is several
        // times a binary file this compact (reading it whole peaks at about 5 times).
        let binary = try Data(contentsOf: directory.appendingPathComponent("records.bplist"))
        let toXML = try Self.peakMemory(["convert", "-f", "xml", "-o", "back.xml", "records.bplist"], in: directory)
        let xmlRatio = Double(toXML - startUp) / Double(binary.count)
        #expect(xmlRatio < 2.0, "binary to XML peaked at \(xmlRatio) times the input")

        // The round trip is exact (the keys are generated in the order XML writes them).
        #expect(try Data(contentsOf: directory.appendingPathComponent("back.xml")) == xml)
    }
}
