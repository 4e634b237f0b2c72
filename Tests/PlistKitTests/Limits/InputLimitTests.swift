import Foundation
import Testing
import PlistKit

/// Every way the library reads an input is bounded by `PlistReadingOptions.maximumInputBytes`:
/// regular files before they are mapped, pipes and devices as they are read (never past one
/// byte more than the limit), and text before the copy a conversion needs. Failures to read
/// name the system's reason, never a Foundation error.
@Suite struct InputLimitTests {
    private static let small = PlistReadingOptions(maximumInputBytes: 1 << 20)

    // MARK: Devices, pipes and files

    /// `/dev/zero` never ends: it is read to one byte past the limit, then refused.
    @Test func endlessDeviceIsRefusedOneBytePastTheLimit() {
        let error = #expect(throws: PlistError.self) {
            try PlistDocument(contentsOfFile: "/dev/zero", options: Self.small)
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.description == "Could not read '/dev/zero': It holds more than the input limit of 1048576 bytes (PlistReadingOptions.maximumInputBytes).")
    }

    /// The same through a file URL and through a keyed archive's reader.
    @Test func endlessDeviceIsRefusedByEveryFileReader() {
        let url = URL(fileURLWithPath: "/dev/zero")
        let value = #expect(throws: PlistError.self) { try PlistValue(contentsOf: url, options: Self.small) }
        #expect(value?.code == .limitExceeded)
        let archive = #expect(throws: KeyedArchiveError.self) { try KeyedArchive(contentsOf: url, options: Self.small) }
        #expect(archive?.code == .unreadableData)
        #expect((archive?.underlying as? PlistError)?.code == .limitExceeded)
    }

    /// A pipe holding more than the limit: the reader takes limit + 1 bytes, refuses, and leaves
    /// the rest unread (it never held more).
    @Test func pipeIsReadNoFurtherThanOneBytePastTheLimit() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let written = [UInt8](repeating: 0x20, count: 4096)
        #expect(write(ends[1], written, written.count) == written.count)
        close(ends[1])
        let error = #expect(throws: FileOperationError.self) {
            try FileReader.read(descriptor: ends[0], path: "<pipe>", maximumBytes: 1000)
        }
        #expect(error?.errorNumber == EFBIG)
        #expect(error?.description == "Could not read '<pipe>': It holds more than the input limit of 1000 bytes.")
        var rest = [UInt8](repeating: 0, count: 8192)
        #expect(read(ends[0], &rest, rest.count) == 4096 - 1001)
    }

    /// A pipe within the limit is read whole, to its end.
    @Test func pipeWithinTheLimitIsReadWhole() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = Array("{ a = 1; }".utf8)
        #expect(write(ends[1], text, text.count) == text.count)
        close(ends[1])
        let bytes = try FileReader.read(descriptor: ends[0], path: "<pipe>", maximumBytes: text.count)
        #expect(try PlistValue(decoding: bytes) == ["a": "1"])
    }

    /// A regular file's size is checked before anything is read or mapped: a sparse file of
    /// 5 GiB costs nothing to refuse.
    @Test func regularFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let path = try Self.sparseFile(bytes: 5 << 30)
        defer { unlink(path) }
        let error = #expect(throws: PlistError.self) { try PlistDocument(contentsOfFile: path) }
        #expect(error?.code == .limitExceeded)
        #expect(error?.description == "Could not read '\(path)': It is 5368709120 bytes, more than the input limit of 4294967296 bytes (PlistReadingOptions.maximumInputBytes).")
        let direct = #expect(throws: FileOperationError.self) { try FileReader.read(path, maximumBytes: 1 << 32) }
        #expect(direct?.errorNumber == EFBIG)
    }

    /// A file of `/proc` claims no size whatever it holds: it is read, not mapped.
    @Test func fileClaimingNoSizeIsReadToItsEnd() throws {
        let bytes = try FileReader.read("/proc/self/status", maximumBytes: 1 << 20)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Name:"))
    }

    /// A file that cannot be read says why, in the system's words.
    @Test func unreadableFilesNameTheSystemsReason() throws {
        let missing = #expect(throws: FileOperationError.self) { try PlistDocument(contentsOfFile: "/nonexistent/a.plist") }
        #expect(missing?.description == "Could not read '/nonexistent/a.plist': No such file or directory.")
        let directory = #expect(throws: FileOperationError.self) { try PlistDocument(contentsOfFile: "/tmp") }
        #expect(directory?.description == "Could not read '/tmp': It is a directory.")
        let archive = #expect(throws: FileOperationError.self) {
            try KeyedArchive(contentsOf: URL(fileURLWithPath: "/nonexistent/a.plist"))
        }
        #expect(archive?.errorNumber == ENOENT)
        let remote = #expect(throws: PlistError.self) { try PlistDocument(contentsOf: URL(string: "https://example.com/a.plist")!) }
        #expect(remote?.description == "Cannot read 'https://example.com/a.plist': it is not a file URL.")
    }

    // MARK: Copies of text

    /// UTF-16 text is converted into up to 1.5 times its size before it is read; input and
    /// copy together must fit the limit, which is checked before the copy is made.
    @Test(arguments: [PlistFormat.openStep, .json, .xml])
    func utf16TextIsRefusedWhenItsCopyWouldPassTheLimit(format: PlistFormat) throws {
        let text: String
        switch format {
        case .openStep: text = "{ key = value; }"
        case .json: text = "{\"key\":\"value\"}"
        default: text = "<plist><dict><key>key</key><string>value</string></dict></plist>"
        }
        let bytes = Data([0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let copy = (bytes.count - 2) / 2 * 3
        let error = #expect(throws: PlistError.self) {
            try PlistDocument(decoding: bytes, options: PlistReadingOptions(maximumInputBytes: bytes.count + copy - 1))
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.description == "Reading this input needs up to \(copy) bytes for its conversion from UTF-16 to UTF-8 beside its \(bytes.count), more than the input limit of \(bytes.count + copy - 1) bytes allows (PlistReadingOptions.maximumInputBytes).")
        let document = try PlistDocument(decoding: bytes, options: PlistReadingOptions(maximumInputBytes: bytes.count + copy))
        #expect(document.value == ["key": "value"])
        #expect(document.format == format)
    }

    /// UTF-32 text: up to its own size again.
    @Test func utf32TextCountsItsCopy() throws {
        let bytes = Data([0xFF, 0xFE, 0, 0] + Array("(a)".unicodeScalars).flatMap { [UInt8($0.value), 0, 0, 0] })
        let error = #expect(throws: PlistError.self) {
            try PlistDocument(decoding: bytes, options: PlistReadingOptions(maximumInputBytes: 2 * bytes.count - 5))
        }
        #expect(error?.reason.contains("conversion from UTF-32 to UTF-8") == true)
        #expect(try PlistValue(decoding: bytes, options: PlistReadingOptions(maximumInputBytes: 2 * bytes.count - 4)) == ["a"])
    }

    /// XML whose character data holds carriage returns is rewritten to keep them: the copy
    /// counts too, 17 bytes at most for each.
    @Test func xmlKeepingCarriageReturnsCountsItsCopy() throws {
        let bytes = Data("<plist><string>a\r\nb</string></plist>".utf8)
        let copy = bytes.count + 16
        let error = #expect(throws: PlistError.self) {
            try PlistDocument(decoding: bytes, options: PlistReadingOptions(maximumInputBytes: bytes.count + copy - 1))
        }
        #expect(error?.reason.contains("keeping its carriage returns") == true)
        let value = try PlistValue(decoding: bytes, options: PlistReadingOptions(maximumInputBytes: bytes.count + copy))
        #expect(value == "a\r\nb")
    }

    /// UTF-8 is read where it lies, a byte order mark skipped: nothing is copied, so input of
    /// exactly the limit reads.
    @Test(arguments: [PlistFormat.openStep, .json, .xml])
    func utf8TextNeedsNoRoomBeyondItself(format: PlistFormat) throws {
        let text = format == .xml ? "<plist><string>x</string></plist>" : format == .json ? "[\"x\"]" : "(x)"
        let bytes = Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        let document = try PlistDocument(decoding: bytes, options: PlistReadingOptions(maximumInputBytes: bytes.count))
        #expect(document.format == format)
    }

    // MARK: Detection

    /// UTF-16 XML holding a lone surrogate is detected as XML by what precedes it, and the
    /// reader names the code unit and where it is.
    @Test func utf16XMLWithALoneSurrogateSaysSoWithItsPosition() throws {
        let prefix = Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><string>a".utf16)
        let units = prefix + [0xD800] + Array("b</string></plist>".utf16)
        let bytes = Data([0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(PlistFormat(detecting: bytes) == .xml)
        let error = #expect(throws: PlistError.self) { try PlistValue(decoding: bytes) }
        #expect(error?.description == "The XML text holds an unpaired UTF-16 surrogate 0xD800 at byte offset \(2 + 2 * prefix.count).")
    }

    /// When the first character is the lone surrogate, there is nothing to detect a format by:
    /// the error still says what is wrong, and where.
    @Test func utf16TextStartingWithALoneSurrogateSaysSo() {
        let units: [UInt16] = [0xDC00] + Array("<plist/>".utf16)
        let bytes = Data([0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let error = #expect(throws: PlistError.self) { try PlistValue(decoding: bytes) }
        #expect(error?.code == .corruptData)
        #expect(error?.description == "The input text holds an unpaired UTF-16 surrogate 0xDC00 at byte offset 2.")
    }

    // MARK: Helpers

    /// A file of `bytes` zero bytes that takes no room on disk.
    static func sparseFile(bytes: Int) throws -> String {
        let path = NSTemporaryDirectory() + "plistkit-sparse-\(UUID().uuidString)"
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(ftruncate(descriptor, off_t(bytes)) == 0)
        return path
    }
}
