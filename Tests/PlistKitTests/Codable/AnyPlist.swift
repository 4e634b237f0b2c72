import Foundation
@testable import PlistKit

/// Any property-list value, decoded through the Codable API alone (containers first, then
/// scalars by trial), so that the decoder's paths can be compared on arbitrary trees.
indirect enum AnyPlist: Codable, Equatable {
    case null
    case string(String)
    case integer(Int64)
    case unsigned(UInt64)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case array([AnyPlist])
    case dictionary([String: AnyPlist])

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: PlistCodingKey.self) {
            var entries: [String: AnyPlist] = [:]
            for key in keyed.allKeys { entries[key.stringValue] = try keyed.decode(AnyPlist.self, forKey: key) }
            self = .dictionary(entries)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [AnyPlist] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(AnyPlist.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let value = try? single.decode(Bool.self) { self = .boolean(value) }
        else if let value = try? single.decode(Date.self) { self = .date(value) }
        else if let value = try? single.decode(Data.self) { self = .data(value) }
        else if let value = try? single.decode(String.self) { self = .string(value) }
        else if let value = try? single.decode(Int64.self) { self = .integer(value) }
        else if let value = try? single.decode(UInt64.self) { self = .unsigned(value) }
        else { self = .real(try single.decode(Double.self)) }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .dictionary(let entries):
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            for (key, value) in entries { try container.encode(value, forKey: PlistCodingKey(stringValue: key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .string(let v):
            var container = encoder.singleValueContainer()
            try container.encode(v)
        case .integer(let v):
            var container = encoder.singleValueContainer()
            try container.encode(v)
        case .unsigned(let v):
            var container = encoder.singleValueContainer()
            try container.encode(v)
        case .real(let v):
            var container = encoder.singleValueContainer()
            try container.encode(v)
        case .boolean(let v):
            var container = encoder.singleValueContainer()
            try container.encode(v)
        case .date(let v):
            var container = encoder.singleValueContainer()
            try container.encode(v)
        case .data(let v):
            var container = encoder.singleValueContainer()
            try container.encode(v)
        }
    }

    /// What decoding `value` must give, computed from the tree directly (integers only from
    /// integers: decode with ``PlistDecoder/RealToIntegerStrategy/never``).
    init?(expecting value: PlistValue) {
        switch value {
        case .string(let v): self = v == "$null" ? .null : .string(v)
        case .integer(let v):
            if let signed = v.int64Value { self = .integer(signed) } else if let unsigned = v.uint64Value { self = .unsigned(unsigned) } else { return nil }
        case .real(let v): self = .real(v)
        case .boolean(let v): self = .boolean(v)
        case .date(let v): self = .date(v)
        case .data(let v): self = .data(v)
        case .array(let v):
            var elements: [AnyPlist] = []
            for element in v {
                guard let converted = AnyPlist(expecting: element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        case .dictionary(let v):
            var entries: [String: AnyPlist] = [:]
            for (key, element) in v {
                guard let converted = AnyPlist(expecting: element) else { return nil }
                entries[key] = converted
            }
            self = .dictionary(entries)
        case .uid: return nil
        }
    }

    static func == (a: AnyPlist, b: AnyPlist) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.string(x), .string(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.unsigned(x), .unsigned(y)): return x == y
        case let (.real(x), .real(y)): return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        case let (.boolean(x), .boolean(y)): return x == y
        case let (.date(x), .date(y)): return x == y
        case let (.data(x), .data(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.dictionary(x), .dictionary(y)): return x == y
        default: return false
        }
    }
}
