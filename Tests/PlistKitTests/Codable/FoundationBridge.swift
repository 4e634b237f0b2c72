import Foundation
import PlistKit
import PlistKitFoundation

/// Moves values between PlistKit and Foundation through `PropertyListSerialization`, so that
/// PlistKit's coders can be compared with Foundation's on the same trees whatever formats
/// PlistKit's own readers and writers support.
enum FoundationBridge {
    /// The value as bytes Foundation wrote.
    static func bytes(_ value: PlistValue, format: PropertyListSerialization.PropertyListFormat = .binary) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: value.propertyListObject, format: format, options: 0)
    }

    /// The value Foundation reads from bytes.
    static func value(_ bytes: Data) throws -> PlistValue {
        try PlistValue(propertyList: PropertyListSerialization.propertyList(from: bytes, format: nil))
    }

    /// What Foundation's encoder makes of a model, as a value tree (binary keeps fractional
    /// seconds, which XML would drop).
    static func foundationTree<T: Encodable>(_ model: T, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> PlistValue {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        encoder.userInfo = userInfo
        return try value(encoder.encode(model))
    }

    /// Foundation's decoder reading a tree PlistKit made.
    static func foundationDecode<T: Decodable>(_ type: T.Type, from value: PlistValue, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> T {
        let decoder = PropertyListDecoder()
        decoder.userInfo = userInfo
        return try decoder.decode(type, from: bytes(value))
    }
}

/// A coding path as text: keys by name, indexes as numbers ("a.0.b").
func pathText(_ path: [any CodingKey]) -> String {
    path.map { key in key.intValue.map(String.init) ?? key.stringValue }.joined(separator: ".")
}
