import Foundation
import Testing
import PlistKit

/// Every command reads every input (a regular file, `-`, a pipe, a device) through the same
/// bounded reading: past the library's input limit (4 GiB) it is refused with exit 65 and a
/// message saying so; text is refused before a conversion whose copy would pass the limit; and
/// no edit writes a file its reader would refuse.
///
/// The large inputs cost nothing on disk (sparse files) or come through a pipe. The endless
/// ones are read to one byte past the limit, 4 GiB, so those tests run one at a time.
@Suite(.serialized) struct InputLimitTests {
    /// The refusal's words for an input past the limit: a file of known size, or a stream.
    static let fileOverLimit = "is 5368709120 bytes, more than the input limit of 4294967296 bytes (PlistReadingOptions.maximumInputBytes)."
    static let streamOverLimit = "It holds more than the input limit of 4294967296 bytes (PlistReadingOptions.maximumInputBytes)."

    /// Runs `script` with `sh -c`, `$0` being the built binary.
    static func shell(_ script: String, in directory: URL? = nil) throws -> CLIRunner.Result {
        try CLIRunner.run(["-c", script, CLIRunner.binary.path], in: directory, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// A sparse file of `bytes` bytes named `name` in `directory`, starting with `head`.
    static func sparseFile(_ name: String, in directory: URL, bytes: Int, head: [UInt8] = []) throws {
        let path = directory.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(head)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
    }

    // MARK: Endless input

    /// An endless pipe on standard input: refused once it has given one byte more than the
    /// limit, instead of growing until the process aborts.
    @Test func endlessStandardInputIsRefusedAtTheLimit() throws {
        // cat's own complaint when the pipe closes (SIGPIPE is ignored here) is not the tool's.
        let result = try Self.shell("cat /dev/zero 2>/dev/null | \"$0\" print -")
        #expect(result.status == 65)
        #expect(result.stderrText == "Error: <stdin>: Could not read '<stdin>': \(Self.streamOverLimit)\n")
    }

    /// A device named as the file: read through the library, with the same limit.
    @Test func endlessDeviceIsRefusedAtTheLimit() throws {
        let result = try CLIRunner.run(["lint", "/dev/zero"])
        #expect(result.status == 1)
        #expect(result.stderrText == "/dev/zero: Could not read '/dev/zero': \(Self.streamOverLimit)\n")
    }

    // MARK: Regular files

    /// Each command, given a regular file past the limit, refuses it by its size without
    /// reading it.
    @Test(arguments: [
        ["print", "big.plist"], ["convert", "-f", "xml", "big.plist", "-o", "out.plist"], ["convert", "-f", "json", "--in-place", "big.plist"],
        ["lint", "big.plist"], ["get", "a", "big.plist"], ["type", "a", "big.plist"], ["set", "a", "--integer", "1", "big.plist"],
        ["remove", "a", "big.plist"], ["unarchive", "big.plist"], ["classes", "big.plist"], ["diff", "big.plist", "small.plist"],
        ["info", "big.plist"], ["expand", "big.plist"], ["plutil", "-p", "big.plist"], ["plutil", "-lint", "big.plist"],
        ["plutil", "-convert", "xml1", "big.plist"], ["plutil", "-extract", "a", "raw", "big.plist"],
    ])
    func everyCommandRefusesAFileOverTheLimitBeforeReadingIt(arguments: [String]) throws {
        let directory = try CLIRunner.scratch()
        try Self.sparseFile("big.plist", in: directory, bytes: 5 << 30)
        try Data("{a=1;}".utf8).write(to: directory.appendingPathComponent("small.plist"))
        let result = try CLIRunner.run(arguments, in: directory)
        // lint and plutil report a file that fails with 1, as any failed check.
        #expect(result.status == (["plutil", "lint"].contains(arguments[0]) ? 1 : 65), "\(result.stderrText)")
        #expect(result.stderrText.contains("It \(Self.fileOverLimit)"), "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.plist").path))
    }

    /// `defaults import` reads its file, or `-`, the same way.
    @Test func defaultsImportRefusesAFileOverTheLimit() throws {
        let directory = try CLIRunner.scratch()
        try Self.sparseFile("big.plist", in: directory, bytes: 5 << 30)
        let result = try CLIRunner.run(["defaults", "--directory", directory.path, "import", "com.example.big", "big.plist"], in: directory)
        #expect(result.status != 0)
        #expect(result.stderrText.contains("'big.plist': It \(Self.fileOverLimit)"), "\(result.stderrText)")
    }

    /// A FIFO is read like a pipe.
    @Test func fifoIsReadToItsEnd() throws {
        let directory = try CLIRunner.scratch()
        #expect(mkfifo(directory.appendingPathComponent("fifo").path, 0o600) == 0)
        let result = try Self.shell("printf '{a=1;}' > fifo & exec \"$0\" get a fifo", in: directory)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "1\n")
    }

    // MARK: Text that needs a copy

    /// A 1.9 GB UTF-16 text file is under the input limit, but with the 2.85 GB its UTF-8
    /// copy could take it is not: refused before anything is copied.
    @Test func largeUTF16TextIsRefusedBeforeItIsCopied() throws {
        let directory = try CLIRunner.scratch()
        try Self.sparseFile("wide.strings", in: directory, bytes: 1_900_000_000, head: [0xFF, 0xFE, 0x28, 0x00])
        let result = try CLIRunner.run(["lint", "wide.strings"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderrText == "wide.strings: Reading this input needs up to 2849999997 bytes for its conversion from UTF-16 to UTF-8 beside its 1900000000, more than the input limit of 4294967296 bytes allows (PlistReadingOptions.maximumInputBytes).\n")
    }

    /// UTF-16 XML with a lone surrogate: the message names the code unit and its offset.
    @Test func utf16XMLWithALoneSurrogateIsReportedWhereItIs() throws {
        let directory = try CLIRunner.scratch()
        let prefix = Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><string>a".utf16)
        let units = prefix + [0xD800] + Array("b</string></plist>".utf16)
        try Data([0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: directory.appendingPathComponent("s.plist"))
        let result = try CLIRunner.run(["lint", "s.plist"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderrText == "s.plist: The XML text holds an unpaired UTF-16 surrogate 0xD800 at byte offset \(2 + 2 * prefix.count).\n")
    }

    // MARK: Edits deeper than the readers read

    /// `set` of a value 512 levels deep under the root dictionary makes 513 levels: refused
    /// with the key path, the file left as it was and still readable, in every format.
    @Test(arguments: [PlistFormat.binary, .xml, .json, .openStep])
    func setDeeperThanTheReadersReadIsRefused(format: PlistFormat) throws {
        let directory = try CLIRunner.scratch()
        let file = directory.appendingPathComponent("doc.plist")
        let original = try PlistValue.dictionary(["a": "x"]).encoded(as: format)
        try original.write(to: file)
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let result = try CLIRunner.run(["set", "b", "--json", deep, "doc.plist"], in: directory)
        #expect(result.status == 65)
        // The key path, 512 components, is shown by its ends.
        let path = "b" + String(repeating: ".0", count: 7) + "…" + Array(repeating: "0", count: 8).joined(separator: ".") + "' (512 components)"
        let writer = format == .binary ? "binary1" : format.plutilName
        #expect(result.stderrText == "Error: doc.plist: The value nests 513 levels deep, more than the 512 the \(writer) writer is allowed (PlistWritingOptions.maximumDepth) at key path '\(path).\n")
        #expect(try Data(contentsOf: file) == original)
        #expect(try CLIRunner.run(["lint", "doc.plist"], in: directory).status == 0)
    }
}
