/// How many bytes each object occupies in the object table: what the size map counts.
extension BinaryPlistDecoder {
    /// How long object `index` is and what it is: its length in bytes (marker, any count,
    /// payload or references), its type, and for a container its header.
    ///
    /// - Throws: ``PlistError/Code/corruptData`` for a marker that is no object, or a length
    ///   that runs past the object table.
    mutating func extent(of index: Int) throws -> (length: Int, kind: PlistValue.Kind, container: BinaryPlistContainer?) {
        let (marker, offset) = try header(of: index)
        let nibble = marker & 0x0F
        let fixed: (length: Int, kind: PlistValue.Kind)?
        switch marker >> 4 {
        case 0x0 where marker == 0x08 || marker == 0x09: fixed = (1, .boolean)
        case 0x1 where nibble <= 4: fixed = (1 + (1 << Int(nibble)), .integer)
        case 0x2 where nibble == 2 || nibble == 3: fixed = (1 + (1 << Int(nibble)), .real)
        case 0x3 where marker == 0x33: fixed = (9, .date)
        case 0x8: fixed = (2 + Int(nibble), .uid)
        default: fixed = nil
        }
        if let (length, kind) = fixed {
            try checkExtent(1, width: length, from: offset, what: "An object", object: index, at: offset)
            return (length, kind, nil)
        }
        let kind: PlistValue.Kind
        let width: Int
        switch marker >> 4 {
        case 0x4: (kind, width) = (.data, 1)
        case 0x5: (kind, width) = (.string, 1)
        case 0x6: (kind, width) = (.string, 2)
        case 0xA, 0xC, 0xD:
            let container = try self.container(index, marker: marker, at: offset)
            return (end(of: container) - offset, container.isDictionary ? .dictionary : .array, container)
        default:
            throw error("Invalid object marker 0x\(hexByte(marker))", object: index, at: offset)
        }
        let (count, start) = try self.count(nibble: nibble, after: offset + 1, object: index, at: offset)
        try checkExtent(count, width: width, from: start, what: kind == .data ? "Data" : "A string", object: index, at: offset)
        return (start - offset + count * width, kind, nil)
    }
}
