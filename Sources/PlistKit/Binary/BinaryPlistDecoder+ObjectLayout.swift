import FoundationEssentials

/// Reading the layout of objects: where an object starts and what its marker is, the length
/// after a marker, the extent of its items, the references of containers. Every offset is
/// checked against the object table's end, so a fault is reported at the object it belongs to.
extension BinaryPlistDecoder {
    /// An error at object `index`, byte `offset`.
    func error(_ reason: String, object index: Int, at offset: Int, code: PlistError.Code = .corruptData) -> PlistError {
        PlistError(code, reason, at: .object(index: index, byteOffset: offset))
    }

    /// The marker byte and byte offset of object `index` (below the object count).
    mutating func header(of index: Int) throws -> (marker: UInt8, offset: Int) {
        let offset = try trailer.offset(of: index, in: cursor)
        return (try cursor.peekByte(at: offset), offset)
    }

    /// The length that follows a marker whose low nibble is `nibble` (0xF: an integer object
    /// follows with the real count) and the offset of the first byte after it.
    mutating func count(nibble: UInt8, after position: Int, object index: Int, at offset: Int) throws -> (count: Int, next: Int) {
        guard nibble == 0xF else { return (Int(nibble), position) }
        let end = trailer.offsetTableOffset
        guard position < end else {
            throw error("The count of an object runs into the offset table", object: index, at: offset)
        }
        let intMarker = try cursor.peekByte(at: position)
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw error(
                "The count of an object should be an integer of 1 to 8 bytes, found marker 0x\(hexByte(intMarker))",
                object: index, at: offset)
        }
        let size = 1 << Int(intMarker & 0x0F)
        guard size <= end - position - 1 else {
            throw error("The \(size)-byte count of an object runs into the offset table", object: index, at: offset)
        }
        let raw = try cursor.peekUInt(at: position + 1, size: size)
        guard raw <= UInt64(Int64.max) else {
            throw error("The count \(Int64(bitPattern: raw)) of an object is negative", object: index, at: offset)
        }
        return (Int(raw), position + 1 + size)
    }

    /// The header of container `index` (an array, set or dictionary: its marker is `marker`,
    /// its byte offset `offset`), its references checked to end before the offset table.
    mutating func container(_ index: Int, marker: UInt8, at offset: Int) throws -> BinaryPlistContainer {
        let kind = marker >> 4
        let isDictionary = kind == 0xD
        let (count, start) = try self.count(nibble: marker & 0x0F, after: offset + 1, object: index, at: offset)
        let (refCount, overflow) = count.multipliedReportingOverflow(by: isDictionary ? 2 : 1)
        guard !overflow else {
            throw error("A dictionary claims \(count) entries, more than can exist", object: index, at: offset)
        }
        let what: StaticString = isDictionary ? "A dictionary" : (kind == 0xC ? "A set" : "An array")
        try checkExtent(refCount, width: trailer.objectRefSize, from: start, what: what, object: index, at: offset)
        return BinaryPlistContainer(
            index: index, offset: offset, isDictionary: isDictionary, count: count,
            references: start, values: isDictionary ? start + count * trailer.objectRefSize : start)
    }

    /// The header of object `index` when it is a container, or `nil` for any other object.
    mutating func container(_ index: Int) throws -> BinaryPlistContainer? {
        let (marker, offset) = try header(of: index)
        guard BinaryPlistContainer.isContainer(marker: marker) else { return nil }
        return try container(index, marker: marker, at: offset)
    }

    /// The byte offset just past the last reference of `container`.
    func end(of container: BinaryPlistContainer) -> Int {
        container.values + container.count * trailer.objectRefSize  // checked by container(_:marker:at:)
    }

    /// Checks that `count` items of `width` bytes starting at `start` end before the offset
    /// table, without overflow. `what` names the object in the error: static text, which
    /// costs no reference counting on the way in (this runs for every object read).
    func checkExtent(_ count: Int, width: Int, from start: Int, what: StaticString, object index: Int, at offset: Int) throws {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: width)
        guard !overflow, bytes <= trailer.offsetTableOffset - start else {
            throw error("\(what) claims \(count) items of \(width) bytes, more than the \(trailer.offsetTableOffset - start) bytes left before the offset table", object: index, at: offset)
        }
    }

    /// The object index stored in the reference at `position`.
    @inline(__always)
    mutating func reference(at position: Int, object index: Int, at offset: Int) throws -> Int {
        let ref = try cursor.peekUInt(at: position, size: trailer.objectRefSize)
        guard ref < UInt64(trailer.objectCount) else {
            throw error("A reference at byte \(position) names object \(ref), but there are only \(trailer.objectCount) objects", object: index, at: offset)
        }
        return Int(ref)
    }

    /// The object index of the key at `position` (below the count) of dictionary `container`.
    @inline(__always)
    mutating func keyObject(_ position: Int, of container: BinaryPlistContainer) throws -> Int {
        try reference(at: container.references + position * trailer.objectRefSize, object: container.index, at: container.offset)
    }

    /// The object index of the value (element) at `position` (below the count) of `container`.
    @inline(__always)
    mutating func valueObject(_ position: Int, of container: BinaryPlistContainer) throws -> Int {
        try reference(at: container.values + position * trailer.objectRefSize, object: container.index, at: container.offset)
    }

    /// Two uppercase hexadecimal digits.
    func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// At least four uppercase hexadecimal digits.
    func hexWord(_ word: UInt64) -> String {
        let digits = String(word, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
