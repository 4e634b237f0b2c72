import FoundationEssentials

/// Decoding objects that are not containers, and dictionary keys.
extension BinaryPlistDecoder {
    /// Decodes a non-container object (its slot already counted).
    mutating func scalar(_ index: Int, marker: UInt8, offset: Int) throws -> PlistValue {
        let nibble = marker & 0x0F
        // Objects are covered once, at their first read: fixed-size scalars are re-read at every
        // reference, and a streaming read (which keeps no values) decodes the others again too.
        let isFirstRead = objects.slot(index) == BinaryPlistDecodedObjects.notSeen
        let counted = BinaryPlistDecodedObjects.countedScalar
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08, 0x09:
                if isFirstRead { try objects.cover(1, object: index, at: offset) }
                objects.setSlot(index, counted)
                return .boolean(marker == 0x09)
            case 0x00:
                throw error("Null object (marker 0x00), which bplist00 does not define and a property list cannot hold", object: index, at: offset)
            case 0x0F:
                throw error("Fill byte (marker 0x0F) where an object should start", object: index, at: offset)
            default:
                throw error("Invalid object marker 0x\(hexByte(marker))", object: index, at: offset)
            }
        case 0x1:
            let integer = try integer(marker: marker, object: index, at: offset)
            if isFirstRead { try objects.cover(1 + (1 << Int(nibble)), object: index, at: offset) }
            objects.setSlot(index, counted)
            return .integer(integer)
        case 0x2:
            objects.setSlot(index, counted)
            switch nibble {
            case 2:
                try checkExtent(1, width: 4, from: offset + 1, what: "A 4-byte real", object: index, at: offset)
                try cursor.seek(to: offset + 1)
                let value = try cursor.readFloat()
                if isFirstRead { try objects.cover(5, object: index, at: offset) }
                try warn(.float32Widened, "a 32-bit real (\(value)) was widened to 64 bits and will be written back as 64 bits")
                return .real(Double(value))
            case 3:
                try checkExtent(1, width: 8, from: offset + 1, what: "An 8-byte real", object: index, at: offset)
                try cursor.seek(to: offset + 1)
                if isFirstRead { try objects.cover(9, object: index, at: offset) }
                return .real(try cursor.readDouble())
            default:
                throw error("Real of 2^\(nibble) bytes (only 4 and 8 are defined)", object: index, at: offset)
            }
        case 0x3:
            guard marker == 0x33 else {
                throw error("Invalid date marker 0x\(hexByte(marker)) (only 0x33 is defined)", object: index, at: offset)
            }
            objects.setSlot(index, counted)
            try checkExtent(1, width: 8, from: offset + 1, what: "A date", object: index, at: offset)
            try cursor.seek(to: offset + 1)
            if isFirstRead { try objects.cover(9, object: index, at: offset) }
            return .date(Date(timeIntervalSinceReferenceDate: try cursor.readDouble()))
        case 0x4:
            let count = try items(of: index, at: offset, nibble: nibble, width: 1, what: "Data", isFirstRead: isFirstRead)
            return objects.remember(index, .data(try cursor.readData(count: count)))
        case 0x5:
            let count = try items(of: index, at: offset, nibble: nibble, width: 1, what: "An ASCII string", isFirstRead: isFirstRead)
            return objects.remember(index, .string(try cursor.readASCIIString(count: count)))
        case 0x6:
            let count = try items(of: index, at: offset, nibble: nibble, width: 2, what: "A UTF-16 string", isFirstRead: isFirstRead)
            var bad = 0
            guard let text = try cursor.readUTF16BEString(count: count, badOffset: &bad) else {
                let unit = try cursor.peekUInt(at: bad, size: 2)
                throw error("A UTF-16 string holds the unpaired surrogate 0x\(hexWord(unit)) at byte \(bad)", object: index, at: offset)
            }
            return objects.remember(index, .string(text))
        case 0x8:
            objects.setSlot(index, counted)
            // CoreFoundation reads nnnn+1 bytes (1 through 16) and requires the value to fit in
            // 32 bits; longer forms must therefore start with zero bytes.
            let size = Int(nibble) + 1
            try checkExtent(1, width: size, from: offset + 1, what: "A UID", object: index, at: offset)
            var value: UInt64 = 0
            for i in 0..<size {
                value = value << 8 | UInt64(try cursor.peekByte(at: offset + 1 + i))
                guard value <= UInt64(UInt32.max) else {
                    throw error("A UID of \(size) bytes holds a value above \(UInt32.max)", object: index, at: offset)
                }
            }
            if isFirstRead { try objects.cover(1 + size, object: index, at: offset) }
            return .uid(UInt32(value))
        default:
            throw error("Invalid object marker 0x\(hexByte(marker))", object: index, at: offset)
        }
    }

    /// The number of items of data or string object `index` (at byte `offset`, the low nibble
    /// of its marker `nibble`), each `width` bytes: checks that they end before the offset
    /// table (`what` names the object in the error), covers the object at its first read, and
    /// leaves the cursor at the first item.
    private mutating func items(
        of index: Int, at offset: Int, nibble: UInt8, width: Int, what: StaticString, isFirstRead: Bool
    ) throws -> Int {
        let (count, start) = try self.count(nibble: nibble, after: offset + 1, object: index, at: offset)
        try checkExtent(count, width: width, from: start, what: what, object: index, at: offset)
        if isFirstRead { try objects.cover(start - offset + width * count, object: index, at: offset) }
        try cursor.seek(to: start)
        return count
    }

    /// Reads an integer object: 1-, 2- and 4-byte integers are unsigned, 8-byte ones signed
    /// (two's complement), and 16-byte ones a signed 128-bit value that must fit
    /// `Int64.min ... UInt64.max`.
    mutating func integer(marker: UInt8, object index: Int, at offset: Int) throws -> PlistInteger {
        let nibble = marker & 0x0F
        guard nibble <= 4 else {
            throw error("Integer of 2^\(nibble) bytes (only 1, 2, 4, 8 and 16 are defined)", object: index, at: offset)
        }
        let size = 1 << Int(nibble)
        try checkExtent(1, width: size, from: offset + 1, what: "An integer", object: index, at: offset)
        switch size {
        case 8:
            return PlistInteger(Int64(bitPattern: try cursor.peekUInt(at: offset + 1, size: 8)))
        case 16:
            let high = try cursor.peekUInt(at: offset + 1, size: 8)
            let low = try cursor.peekUInt(at: offset + 9, size: 8)
            if high == 0 { return PlistInteger(low) }
            if high == UInt64.max, low > UInt64(Int64.max) { return PlistInteger(Int64(bitPattern: low)) }
            throw error(
                "A 16-byte integer (high bytes 0x\(String(high, radix: 16))) is outside Int64.min...UInt64.max",
                object: index, at: offset)
        default:
            return PlistInteger(try cursor.peekUInt(at: offset + 1, size: size))
        }
    }

    // MARK: Keys

    /// Decodes object `index` as a dictionary key, which must be a string.
    mutating func key(_ index: Int) throws -> String {
        let state = objects.slot(index)
        if state >= 0, case .string(let text) = objects.value(in: state) { return text }
        let (marker, offset) = try header(of: index)
        guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
            throw error(
                "A dictionary key is not a string (marker 0x\(hexByte(marker))); property list keys must be strings",
                object: index, at: offset)
        }
        try objects.count(index, state: state, at: offset)
        guard case .string(let text) = try scalar(index, marker: marker, offset: offset) else {
            throw error("A dictionary key is not a string", object: index, at: offset)
        }
        return text
    }
}
