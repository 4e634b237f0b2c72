import FoundationEssentials
import PlistKit

/// Swift and Objective-C literal output, as `plutil -convert swift|objc` writes it, through
/// PlistKit's ``PlistLiteralWriter``.
enum LiteralConversion {
    /// The name plutil writes in `/// Generated from NAME`: the file's last path component,
    /// or `-` for standard input.
    static func sourceName(for file: String) -> String {
        file == "-" ? "-" : FileIO.fileName(of: file)
    }

    /// The literal source for `value`.
    ///
    /// - Throws: ``PlistError`` with the key path of a value the language cannot hold (a UID;
    ///   a date or data in Objective-C).
    static func encode(
        _ value: PlistValue, objc: Bool, sourceName file: String, options: PlistWritingOptions
    ) throws -> (data: Data, warnings: [PlistWarning]) {
        let writer = PlistLiteralWriter(language: objc ? .objectiveC : .swift, sourceName: sourceName(for: file), limits: options)
        return (Data(try writer.source(for: value).utf8), [])
    }

    /// The Objective-C header and implementation `plutil -convert objc -header` writes:
    /// `(header, implementation)`, the implementation importing `headerFileName`.
    ///
    /// - Throws: as ``encode(_:objc:sourceName:options:)``.
    static func objectiveCPair(_ value: PlistValue, file: String, headerFileName: String) throws -> (header: Data, implementation: Data) {
        let writer = PlistLiteralWriter(language: .objectiveC, sourceName: sourceName(for: file))
        return (
            Data(try writer.objectiveCHeader(for: value).utf8),
            Data(try writer.objectiveCImplementation(for: value, headerFileName: headerFileName).utf8)
        )
    }

    /// The file extension plutil gives literal output: `swift`, or `m` for Objective-C.
    static func fileExtension(objc: Bool) -> String { objc ? "m" : "swift" }
}
