import Foundation
import Testing
@testable import PlistKit

/// Encodes a value tree through every way Codable offers to build one: keyed, nested keyed
/// and unkeyed containers, super encoders (named and not), single values, repeated keys
/// and containers asked for twice, chosen from the tree's shape so each run is replayable.
struct CodableReplay: Encodable, CustomStringConvertible, CustomDebugStringConvertible {
    var value: PlistValue
    /// Picks among the ways of writing a child; varied by position.
    var style: Int

    /// Described without its contents: errors quote the top-level value, and describing a
    /// `Date` that is not finite traps in Foundation.
    var description: String { "CodableReplay(style: \(style))" }
    var debugDescription: String { description }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .dictionary(let dictionary):
            var container = encoder.container(keyedBy: PlistCodingKey.self)
            for (offset, (key, child)) in zip(dictionary.keys, dictionary.values).enumerated() {
                try encodeEntry(child, key: PlistCodingKey(stringValue: key), in: &container, way: (style + offset) % 7)
            }
            if style % 5 == 1, let first = dictionary.keys.first {
                // A key encoded again: the finished dictionary keeps its first position
                // and this last value.
                try container.encode("again", forKey: PlistCodingKey(stringValue: first))
            }
            if style % 4 == 2 {
                // A second keyed container from the same encoder adds to the same
                // dictionary.
                var more = encoder.container(keyedBy: PlistCodingKey.self)
                try more.encode(style, forKey: PlistCodingKey(stringValue: "added \(style)"))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for (offset, element) in elements.enumerated() {
                let child = CodableReplay(value: element, style: style + offset + 1)
                switch (style + offset) % 5 {
                case 0 where element.isContainer:
                    try child.encode(to: container.superEncoder())
                case 1 where element.dictionary != nil:
                    let nested = container.nestedContainer(keyedBy: PlistCodingKey.self)
                    try child.fill(nested)
                default:
                    try container.encode(child)
                }
            }
        case .string(let text): var single = encoder.singleValueContainer(); try single.encode(text)
        case .integer(let integer):
            var single = encoder.singleValueContainer()
            if let signed = integer.int64Value { try single.encode(signed) } else { try single.encode(integer.uint64Value ?? 0) }
        case .real(let real): var single = encoder.singleValueContainer(); try single.encode(real)
        case .boolean(let flag): var single = encoder.singleValueContainer(); try single.encode(flag)
        case .date(let date): var single = encoder.singleValueContainer(); try single.encode(date)
        case .data(let data): var single = encoder.singleValueContainer(); try single.encode(data)
        case .uid(let uid): var single = encoder.singleValueContainer(); try single.encode(uid)
        }
    }

    /// Writes a dictionary's entries into a keyed container made by the caller.
    func fill(_ container: KeyedEncodingContainer<PlistCodingKey>) throws {
        var container = container
        guard case .dictionary(let dictionary) = value else { return }
        for (offset, (key, child)) in zip(dictionary.keys, dictionary.values).enumerated() {
            try encodeEntry(child, key: PlistCodingKey(stringValue: key), in: &container, way: (style + offset) % 7)
        }
    }

    private func encodeEntry(
        _ child: PlistValue, key: PlistCodingKey, in container: inout KeyedEncodingContainer<PlistCodingKey>, way: Int
    ) throws {
        let replay = CodableReplay(value: child, style: style &+ way &+ 3)
        switch (way, child) {
        case (0, .dictionary):
            try replay.fill(container.nestedContainer(keyedBy: PlistCodingKey.self, forKey: key))
        case (1, .array(let elements)):
            var nested = container.nestedUnkeyedContainer(forKey: key)
            for element in elements { try nested.encode(CodableReplay(value: element, style: style + 1)) }
        case (2, _):
            try replay.encode(to: container.superEncoder(forKey: key))
        case (3, .string(let text)):
            try container.encode(text, forKey: key)
        case (4, .integer(let integer)) where integer.int64Value != nil:
            try container.encode(integer.int64Value ?? 0, forKey: key)
        case (5, .data(let data)):
            try container.encode(data, forKey: key)
        default:
            try container.encode(replay, forKey: key)
        }
        if way == 6, style % 3 == 0 {
            // An unnamed super encoder that encodes nothing: an empty dictionary under
            // "super".
            _ = container.superEncoder()
        }
    }
}
