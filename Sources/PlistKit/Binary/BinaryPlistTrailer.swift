import FoundationEssentials

/// The header check and the 32-byte trailer of a binary plist, validated.
///
/// Layout of the trailer (the file's last 32 bytes): 5 unused bytes, a sort-version byte, the
/// byte size of each offset-table entry, the byte size of each object reference, then three
/// big-endian 64-bit numbers: the object count, the index of the top object and the file
/// offset of the offset table.
///
/// Once ``read(from:)`` returns, every field is in range and every entry of the offset table
/// points into the object table (`8 ..< offsetTableOffset`), so the decoders may rely on them
/// without further checks. The rules are those of CoreFoundation's
/// `__CFBinaryPlistGetTopLevelInfo`, plus the few stricter ones Docs/BinaryFormat.md lists.
struct BinaryPlistTrailer: Sendable, Hashable {
    /// Bytes per offset-table entry, 1 through 8.
    let offsetIntSize: Int
    /// Bytes per object reference in arrays, sets and dictionaries, 1 through 8.
    let objectRefSize: Int
    /// The number of objects (and offset-table entries), at least 1.
    let objectCount: Int
    /// The index of the root object, below ``objectCount``.
    let topObject: Int
    /// The file offset of the offset table; objects occupy `8 ..< offsetTableOffset`.
    let offsetTableOffset: Int

    /// The trailer's size in bytes.
    static let size = 32
    /// Header (8) + at least one object byte + trailer (32), as CoreFoundation requires.
    static let minimumFileSize = 8 + 1 + 32

    /// Checks the header, reads and validates the trailer, and (when `checkingOffsets`) checks
    /// every offset-table entry. ``offset(of:in:)`` checks each entry it reads in any case; the
    /// eager reader scans them all up front as CoreFoundation does, the lazy view only the
    /// ones it follows, so that opening a large file costs O(1).
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/unsupportedFormat`` for `bplist1x`
    ///   (the newer variant Apple never documented), otherwise
    ///   ``PlistError/Code/corruptData`` with the byte offset of the field at fault.
    /// Complexity: O(n) in the number of objects when `checkingOffsets`, O(1) otherwise.
    static func read(from cursor: borrowing ByteCursor, checkingOffsets: Bool = true) throws -> BinaryPlistTrailer {
        let length = cursor.count
        let magic: [UInt8] = Array("bplist".utf8)
        guard length >= 8, cursor.hasBytes(magic, at: 0) else {
            throw PlistError(.corruptData, "The input does not start with the binary plist header 'bplist'", at: .byteOffset(0))
        }
        let major = try cursor.peekByte(at: 6)
        let minor = try cursor.peekByte(at: 7)
        let version = String(decoding: [major, minor], as: UTF8.self)
        if major == UInt8(ascii: "1") {
            throw PlistError(
                .unsupportedFormat,
                "The binary plist version 'bplist\(version)' is not supported (only bplist00 is)", at: .byteOffset(6))
        }
        // CoreFoundation has accepted any 'bplist0?' since Mac OS X 10.6; so do we.
        guard major == UInt8(ascii: "0") else {
            throw PlistError(.corruptData, "Unknown binary plist version 'bplist\(version)'", at: .byteOffset(6))
        }
        guard length >= minimumFileSize else {
            throw PlistError(
                .corruptData,
                "The input is \(length) bytes, too short for a binary plist (at least \(minimumFileSize) are needed): it looks truncated",
                at: .byteOffset(length))
        }
        let start = length - size
        let offsetIntSize = Int(try cursor.peekByte(at: start + 6))
        let objectRefSize = Int(try cursor.peekByte(at: start + 7))
        let rawCount = try cursor.peekUInt(at: start + 8, size: 8)
        let rawTop = try cursor.peekUInt(at: start + 16, size: 8)
        let rawTable = try cursor.peekUInt(at: start + 24, size: 8)

        // A trailer starts with 5 unused bytes that writers leave zero; other bytes there
        // mean the file does not end where it was written to end.
        var startsLikeTrailer = true
        for offset in 0..<5 where try cursor.peekByte(at: start + offset) != 0 { startsLikeTrailer = false }
        func fail(_ field: Int, _ reason: String) -> PlistError {
            let hint = startsLikeTrailer ? "" : "; the last 32 bytes are not a trailer: the file looks truncated"
            return PlistError(.corruptData, reason + hint, at: .byteOffset(start + field))
        }
        // 1 through 8 bytes: CoreFoundation only requires at least 1 and silently uses the
        // last 8 bytes of anything longer; no writer produces more than 8.
        guard (1...8).contains(offsetIntSize) else {
            throw fail(6, "The trailer's offset size is \(offsetIntSize) bytes (1 through 8 are valid)")
        }
        guard (1...8).contains(objectRefSize) else {
            throw fail(7, "The trailer's object reference size is \(objectRefSize) bytes (1 through 8 are valid)")
        }
        guard rawCount >= 1 else { throw fail(8, "The trailer's object count is 0") }
        guard let objectCount = Int(exactly: rawCount), rawCount <= UInt64(Int64.max) else {
            throw fail(8, "The trailer's object count \(rawCount) is too large")
        }
        guard rawTop < rawCount else {
            throw fail(16, "The trailer's top object \(rawTop) is not below the object count \(rawCount)")
        }
        let topObject = Int(rawTop)
        guard let tableOffset = Int(exactly: rawTable), tableOffset >= 9 else {
            throw fail(24, "The trailer's offset table offset \(rawTable) does not leave room for the header and one object")
        }
        guard tableOffset < start else {
            throw fail(24, "The trailer's offset table offset \(rawTable) is not before the trailer at byte \(start)")
        }
        let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: offsetIntSize)
        guard !overflow, tableSize == start - tableOffset else {
            throw fail(
                8,
                "The offset table of \(rawCount) entries of \(offsetIntSize) bytes at byte \(tableOffset) does not end where the trailer begins (byte \(start))")
        }
        // A reference must be able to name every object, and an offset must be able to reach
        // the offset table: CoreFoundation rejects files where they cannot.
        if objectRefSize < 8, UInt64(objectCount) >= UInt64(1) << (8 * objectRefSize) {
            throw fail(7, "Object references of \(objectRefSize) bytes cannot name all \(objectCount) objects")
        }
        if offsetIntSize < 8, UInt64(tableOffset) >= UInt64(1) << (8 * offsetIntSize) {
            throw fail(6, "Offsets of \(offsetIntSize) bytes cannot reach the offset table at byte \(tableOffset)")
        }
        let trailer = BinaryPlistTrailer(
            offsetIntSize: offsetIntSize, objectRefSize: objectRefSize, objectCount: objectCount,
            topObject: topObject, offsetTableOffset: tableOffset)
        // Every object must start inside the object table: after the 8-byte header and before
        // the offset table. (CoreFoundation checks the upper bound for every entry here and the
        // lower bound when an object is read.)
        if checkingOffsets {
            for index in 0..<objectCount { _ = try trailer.offset(of: index, in: cursor) }
        }
        return trailer
    }

    /// The byte offset of object `index` (below ``objectCount``: the table's size was checked
    /// without overflow), checked to lie inside the object table.
    @inline(__always)
    func offset(of index: Int, in cursor: borrowing ByteCursor) throws -> Int {
        let entry = offsetTableOffset + index * offsetIntSize
        let offset = try cursor.peekUInt(at: entry, size: offsetIntSize)
        guard offset >= 8, offset < UInt64(offsetTableOffset) else {
            throw PlistError(
                .corruptData,
                offset < 8
                    ? "Object \(index) has offset \(offset), inside the 8-byte header"
                    : "Object \(index) has offset \(offset), at or past the offset table at byte \(offsetTableOffset)",
                at: .byteOffset(entry))
        }
        return Int(offset)
    }
}
