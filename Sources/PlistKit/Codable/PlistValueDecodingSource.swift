import FoundationEssentials

/// Decoding from a value tree already in memory.
struct PlistValueDecodingSource: PlistDecodingSource {
    func item(_ node: PlistValue) -> PlistDecodingItem<PlistDictionary, [PlistValue]> {
        switch node {
        case .string(let v): return .string(v)
        case .integer(let v): return .integer(v)
        case .real(let v): return .real(v)
        case .boolean(let v): return .boolean(v)
        case .date(let v): return .date(v)
        case .data(let v): return .data(v)
        case .uid(let v): return .uid(v)
        case .array(let v): return .array(v)
        case .dictionary(let v): return .dictionary(v)
        }
    }
}
