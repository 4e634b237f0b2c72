import Foundation
@testable import PlistKit

/// The write targets of Docs/Formats.md's loss table: a format with writing options, and how
/// to read what was written back.
struct ConversionTarget: Hashable, CustomStringConvertible, Sendable {
    let name: String
    let format: PlistFormat
    let writing: PlistWritingOptions
    let reading: PlistReadingOptions

    var description: String { name }

    static let all: [ConversionTarget] = [
        ConversionTarget(name: "xml", format: .xml, writing: PlistWritingOptions(), reading: PlistReadingOptions()),
        ConversionTarget(name: "binary", format: .binary, writing: PlistWritingOptions(), reading: PlistReadingOptions()),
        ConversionTarget(name: "json", format: .json, writing: PlistWritingOptions(), reading: PlistReadingOptions()),
        ConversionTarget(
            name: "json tagged", format: .json, writing: PlistWritingOptions(jsonStyle: .tagged),
            reading: PlistReadingOptions(readsTaggedJSON: true)),
        ConversionTarget(name: "openstep", format: .openStep, writing: PlistWritingOptions(), reading: PlistReadingOptions()),
        ConversionTarget(
            name: "openstep gnustep", format: .openStep, writing: PlistWritingOptions(writesGNUstepTypedValues: true),
            reading: PlistReadingOptions()),
        ConversionTarget(
            name: "strings", format: .openStep, writing: PlistWritingOptions(writesStringsFile: true),
            reading: PlistReadingOptions()),
    ]

    static func named(_ name: String) -> ConversionTarget? { all.first { $0.name == name } }

    /// Writes and reads back `value`, with the warnings of the write.
    func roundTrip(_ value: PlistValue) throws -> (value: PlistValue, warnings: [PlistWarning]) {
        let (data, warnings) = try value.encodedReportingLosses(as: format, options: writing)
        return (try PlistValue(decoding: data, format: format, options: reading), warnings)
    }
}
