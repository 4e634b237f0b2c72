import Foundation
import Testing

/// Every subcommand and every output format on the two expansion bombs: a 280-byte binary
/// plist whose shared references expand to 2⁶⁰ values, and a 100 KB one that references a
/// 100,000-byte string through 16 levels of pairs (2¹⁷ values, 6.5 GB of text). Whatever
/// would write or print the expanded tree refuses it at once, with exit 65 (plutil's own exit
/// 1 under `plutil`) and a message naming the limit (binary output too: the binary writer
/// writes the string once, but hashes each occurrence); what does not write the tree (lint,
/// type, raw get) succeeds. Each run has a processor-time cap and a memory cap.
@Suite struct ExpansionBombTests {
    /// A binary plist of `levels` arrays, each holding the next object twice, ending in an
    /// ASCII string of `stringBytes` bytes (Apple's layout: objects, offset table, trailer);
    /// with `underKey`, the first array is the value of that key in a root dictionary.
    static func bomb(levels: Int, stringBytes: Int, underKey key: String? = nil) -> Data {
        var objects: [[UInt8]] = []
        if let key { objects = [[0xD1, 1, 2], [0x50 | UInt8(key.utf8.count)] + Array(key.utf8)] }
        let first = objects.count
        objects += (0..<levels).map { [0xA2, UInt8(first + $0 + 1), UInt8(first + $0 + 1)] }
        let length = UInt32(stringBytes)
        let marker: [UInt8] = stringBytes < 15
            ? [0x50 | UInt8(stringBytes)]
            : [0x5F, 0x12] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
        objects.append(marker + [UInt8](repeating: UInt8(ascii: "b"), count: stringBytes))
        return file(objects, top: 0)
    }

    /// A binary plist whose root array holds `references` references to one array of `shared`
    /// references to one string: wide rather than deep, every container small but the root.
    static func wideBomb(references: Int, shared: Int) -> Data {
        func array(_ count: Int, of object: UInt8) -> [UInt8] {
            [0xAF, 0x12] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: count >> (8 * $0)) }
                + [UInt8](repeating: object, count: count)
        }
        return file([[0x51, UInt8(ascii: "b")], array(shared, of: 0), array(references, of: 1)], top: 2)
    }

    /// A binary plist of `objects` (one-byte references) whose root is object `top`: Apple's
    /// layout of objects, offset table and trailer.
    static func file(_ objects: [[UInt8]], top: Int) -> Data {
        var file = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(file.count)
            file += object
        }
        let tableOffset = file.count
        // Four-byte offsets: the reader wants them able to reach the table, after the objects.
        for offset in offsets { file += (0..<4).reversed().map { UInt8(truncatingIfNeeded: offset >> (8 * $0)) } }
        file += [0, 0, 0, 0, 0, 0, 4, 1]
        for field in [objects.count, top, tableOffset] {
            file += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(field) >> (8 * UInt64($0))) }
        }
        return Data(file)
    }

    /// What a run should end in.
    enum Expectation {
        /// Exit `status` with nothing on standard output and the limit named on standard error.
        case refused(status: Int32)
        /// Exit 0.
        case succeeds
        /// Exit `status` for another reason (the file is no keyed archive).
        case fails(status: Int32)
    }

    /// The runs, `FILE` standing for the bomb.
    static let runs: [[String]] = {
        var runs: [[String]] = [
            ["print", "FILE"],
            ["print", "--key-paths", "FILE"],
            ["print", "--depth", "1", "FILE"],
            ["print", "--json", "FILE"],
            ["diff", "FILE", "FILE"],
            ["diff", "FILE", "other.plist"],
            ["set", "0", "--string", "x", "-o", "-", "FILE"],
            ["set", "0", "--string", "x", "-f", "xml", "-o", "-", "FILE"],
            ["insert", "0", "--integer", "1", "-o", "-", "FILE"],
            ["remove", "0", "-o", "-", "FILE"],
            ["append", "", "--integer", "1", "-o", "-", "FILE"],
            ["plutil", "-p", "FILE"],
            ["plutil", "-extract", "0", "xml1", "-o", "-", "FILE"],
        ]
        for format in ["xml", "json", "openstep", "swift", "objc", "binary"] {
            runs.append(["convert", "-f", format, "-o", "-", "FILE"])
        }
        for format in ["xml", "json", "openstep", "binary"] {
            runs.append(["get", "", "FILE", "-f", format])
            runs.append(["get", "0", "FILE", "-f", format])
            runs.append(["unarchive", "-f", format, "FILE"])
        }
        for format in ["xml1", "json", "swift", "objc", "binary1"] {
            runs.append(["plutil", "-convert", format, "-o", "-", "FILE"])
        }
        return runs
    }()

    static let shapes: [(name: String, bytes: Data)] = [
        ("values", bomb(levels: 60, stringBytes: 1)),
        ("bytes", bomb(levels: 16, stringBytes: 100_000)),
        // 200 KB expanding to 200 million values: a walk that decoded the small array at
        // each reference would take minutes.
        ("wide", wideBomb(references: 200_000, shared: 1_000)),
    ]

    /// Whether the tests (and so the tool, built with them) run under AddressSanitizer, whose
    /// terabytes of shadow memory, reserved at start-up, no address-space cap leaves room for.
    static let underAddressSanitizer = dlsym(nil, "__asan_init") != nil

    /// Runs the tool under a processor-time cap (60 s, far beyond the fraction of a second a
    /// refusal takes, far below the minutes an expansion takes; not a clock, so a loaded
    /// machine does not change the outcome) and a 4 GiB address-space cap (the processor-time
    /// cap alone under AddressSanitizer).
    static func guardedRun(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> CLIRunner.Result {
        let limits = underAddressSanitizer ? ["--cpu=60"] : ["--as=\(4 << 30)", "--cpu=60"]
        return try CLIRunner.run(
            limits + [CLIRunner.binary.path] + arguments,
            in: directory, executable: URL(fileURLWithPath: "/usr/bin/prlimit"), environment: environment)
    }

    static func check(_ result: CLIRunner.Result, _ expectation: Expectation, _ what: String) {
        switch expectation {
        case .refused(let status):
            #expect(result.status == status, "\(what): exit \(result.status), stderr \(result.stderrText.prefix(300))")
            #expect(result.stdout.isEmpty, "\(what): wrote \(result.stdout.count) bytes")
            #expect(
                result.stderrText.contains("once its shared references are expanded, more than writing allows (PlistWritingOptions.maximum"),
                "\(what): \(result.stderrText.prefix(300))")
        case .succeeds:
            #expect(result.status == 0, "\(what): exit \(result.status), stderr \(result.stderrText.prefix(300))")
        case .fails(let status):
            #expect(result.status == status, "\(what): exit \(result.status), stderr \(result.stderrText.prefix(300))")
        }
    }

    @Test(arguments: [0, 1, 2])
    func everyWritingSubcommandRefusesTheBomb(shape: Int) throws {
        let (name, bytes) = Self.shapes[shape]
        let directory = try CLIRunner.scratch()
        try bytes.write(to: directory.appendingPathComponent("bomb.bplist"))
        try Data("<plist><array/></plist>".utf8).write(to: directory.appendingPathComponent("other.plist"))
        for arguments in Self.runs {
            let expectation: Expectation
            if arguments[0] == "unarchive" {
                expectation = .fails(status: 65)
            } else if name == "wide", arguments[0] == "get" && arguments[1] == "0" || arguments.contains("-extract") {
                // Element 0 of the wide bomb is the small array it shares, which these write.
                expectation = .succeeds
            } else {
                expectation = .refused(status: arguments[0] == "plutil" ? 1 : 65)
            }
            let result = try Self.guardedRun(arguments.map { $0 == "FILE" ? "bomb.bplist" : $0 }, in: directory)
            Self.check(result, expectation, "\(name) bomb, \(arguments.joined(separator: " "))")
        }
    }

    /// The commands that only read the tree, or print one small part of it, are not held up.
    @Test(arguments: [0, 1, 2])
    func readingSubcommandsFinishAtOnce(shape: Int) throws {
        let (name, bytes) = Self.shapes[shape]
        let directory = try CLIRunner.scratch()
        try bytes.write(to: directory.appendingPathComponent("bomb.bplist"))
        let runs: [([String], Expectation)] = [
            (["lint", "FILE"], .succeeds),
            (["type", "", "FILE"], .succeeds),
            (["get", "", "FILE"], .succeeds),
            (["classes", "FILE"], .fails(status: 65)),
            (["print", "--archive", "FILE"], .fails(status: 65)),
            (["plutil", "-lint", "FILE"], .succeeds),
        ]
        for (arguments, expectation) in runs {
            let result = try Self.guardedRun(arguments.map { $0 == "FILE" ? "bomb.bplist" : $0 }, in: directory)
            Self.check(result, expectation, "\(name) bomb, \(arguments.joined(separator: " "))")
        }
    }

    /// `defaults read` and `export` print or write a domain file that is a bomb.
    @Test func defaultsRefusesADomainThatIsABomb() throws {
        let directory = try CLIRunner.scratch()
        let environment = ["PLISTKIT_PREFERENCES": directory.path]
        // A domain is a dictionary: the bomb under one key.
        try Self.bomb(levels: 16, stringBytes: 100_000, underKey: "k")
            .write(to: directory.appendingPathComponent("com.example.bomb.plist"))
        for arguments in [["defaults", "read", "com.example.bomb"], ["defaults", "export", "com.example.bomb", "-"]] {
            let result = try Self.guardedRun(arguments, in: directory, environment: environment)
            Self.check(result, .refused(status: 65), arguments.joined(separator: " "))
        }
    }

    /// The options raise (or lower) the limits, and the message names the one passed.
    @Test func theLimitOptionsMoveTheLimits() throws {
        let directory = try CLIRunner.scratch()
        // 4 levels over 1,000 bytes: 31 values, 16 copies of the string.
        try Self.bomb(levels: 4, stringBytes: 1_000).write(to: directory.appendingPathComponent("small.bplist"))
        let fine = try Self.guardedRun(["convert", "-f", "xml", "-o", "-", "small.bplist"], in: directory)
        #expect(fine.status == 0, "\(fine.stderrText)")
        let bytes = try Self.guardedRun(["convert", "-f", "xml", "--max-expanded-bytes", "10000", "-o", "-", "small.bplist"], in: directory)
        Self.check(bytes, .refused(status: 65), "--max-expanded-bytes 10000")
        #expect(bytes.stderrText.contains("more than 10000 bytes"), "\(bytes.stderrText)")
        #expect(bytes.stderrText.contains("(PlistWritingOptions.maximumExpandedByteCount)"))
        let values = try Self.guardedRun(["print", "--max-expanded-values", "30", "small.bplist"], in: directory)
        Self.check(values, .refused(status: 65), "--max-expanded-values 30")
        #expect(values.stderrText.contains("more than 30 values"), "\(values.stderrText)")
        let raised = try Self.guardedRun(["print", "--max-expanded-values", "31", "small.bplist"], in: directory)
        #expect(raised.status == 0, "\(raised.stderrText)")
        let bad = try Self.guardedRun(["get", "", "small.bplist", "--max-expanded-bytes", "lots"], in: directory)
        #expect(bad.status == 64)
    }
}
