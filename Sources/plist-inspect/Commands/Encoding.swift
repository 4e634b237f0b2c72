import FoundationEssentials
import PlistKit

/// Writing a value in an ``OutputFormat`` through the library, with losses reported.
enum Encoding {
    /// The bytes of `value` in `format`, and the warnings the conversion produced.
    ///
    /// - Parameter sourceName: the input's file name, used by the literal writers to name the
    ///   variable (`items.json` gives `items`).
    /// - Throws: ``CommandError`` with exit 65 when the format cannot hold the value (or
    ///   strict writing refuses a loss).
    static func encode(
        _ value: PlistValue, as format: OutputFormat, options: PlistWritingOptions, sourceName: String
    ) throws -> (data: Data, warnings: [PlistWarning]) {
        do {
            switch format {
            case .plist(let plistFormat):
                return try value.encodedReportingLosses(as: plistFormat, options: options)
            case .swift, .objc:
                return try LiteralOutput.encode(value, objc: format == .objc, sourceName: sourceName, options: options)
            case .raw:
                return (raw(value, newline: true), [])
            }
        } catch {
            throw Failure.wrap(error, file: sourceName)
        }
    }

    /// Writes `value` in `format` to `output` in pieces, as ``PlistValue/write(as:options:acceptingLosses:releasingTree:to:)``
    /// does: `accept` sees the warnings first and may throw to refuse them, before anything
    /// is written. The tree is handed over: the binary writer frees it part by part as it
    /// goes, so pass a value nothing else holds, with `consume`.
    ///
    /// - Throws: as ``encode(_:as:options:sourceName:)``, or what `accept` or `output` throws.
    static func write(
        _ value: consuming PlistValue, as format: OutputFormat, options: PlistWritingOptions, sourceName: String,
        acceptingLosses accept: ([PlistWarning]) throws -> Void, to output: (Data) throws -> Void
    ) throws {
        guard case .plist(let plistFormat) = format else {
            let (data, warnings) = try encode(value, as: format, options: options, sourceName: sourceName)
            try accept(warnings)
            try output(data)
            return
        }
        do {
            try (consume value).write(as: plistFormat, options: options, acceptingLosses: accept, releasingTree: true, to: output)
        } catch {
            throw Failure.wrap(error, file: sourceName)
        }
    }

    /// `value` as `plutil -extract … raw` writes it, followed by a newline unless `newline`
    /// is false (`-n`).
    static func raw(_ value: PlistValue, newline: Bool) -> Data {
        Data((PlutilPrinter.rawText(of: value) + (newline ? "\n" : "")).utf8)
    }

    /// The warnings worth telling a person about: all but the reordering of dictionary keys,
    /// which no reader of a property list can observe (XML and OpenStep are always written
    /// sorted, as Apple's writers do; --keep-order keeps the order where the format allows).
    static func significant(_ warnings: [PlistWarning]) -> [PlistWarning] {
        warnings.filter { $0.kind != .keyOrderChanged }
    }

    /// Warning lines for stderr: `warning: FILE: At 'key': message`.
    static func warningText(_ warnings: [PlistWarning], file: String) -> String {
        warnings.map { "warning: \(FileIO.displayName(file)): \($0)\n" }.joined()
    }
}
