import FoundationEssentials
import PlistKit

/// Writing a value in an ``OutputFormat`` through the library, with losses reported.
enum Encoding {
    /// The bytes of `value` in `format`, and the warnings the conversion produced.
    ///
    /// - Parameters:
    ///   - sourceName: the input's file name, used by the literal writers to name the
    ///     variable (`items.json` gives `items`).
    ///   - path: where `value` sits in its file, which key paths in errors and warnings
    ///     start from (`get` writes one value of a file).
    /// - Throws: ``CommandError`` with exit 65 when the format cannot hold the value (or
    ///   strict writing refuses a loss).
    static func encode(
        _ value: PlistValue, as format: OutputFormat, options: PlistWritingOptions, sourceName: String, at path: PlistKeyPath = .root
    ) throws -> (data: Data, warnings: [PlistWarning]) {
        func rebased(_ inner: PlistKeyPath) -> PlistKeyPath { PlistKeyPath(components: path.components + inner.components) }
        do {
            switch format {
            case .plist(let plistFormat):
                let (data, warnings) = try value.encodedReportingLosses(as: plistFormat, options: options)
                return (data, warnings.map { PlistWarning($0.kind, at: rebased($0.keyPath), $0.message) })
            case .swift, .objc:
                return try LiteralConversion.encode(value, objc: format == .objc, sourceName: sourceName, options: options)
            case .raw:
                return (raw(value, newline: true), [])
            }
        } catch let error as PlistError {
            guard case .keyPath(let inner) = error.location, !path.isEmpty else { throw Failure.wrap(error, file: sourceName) }
            throw Failure.wrap(PlistError(error.code, error.reason, at: .keyPath(rebased(inner))), file: sourceName)
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

    /// Warnings for the dictionaries of `value`, read from JSON without `--tagged`, that have
    /// the shape of a tagged object (`{"$date": "…"}`): they stay dictionaries, which is
    /// seldom what was meant.
    static func taggedLookingObjects(in value: PlistValue) -> [PlistWarning] {
        var warnings: [PlistWarning] = []
        var pending: [(PlistKeyPath, PlistValue)] = [(.root, value)]
        while let (path, value) = pending.popLast() {
            switch value {
            case .dictionary(let dictionary):
                if dictionary.count == 1, let key = dictionary.keys.first, ["$date", "$data", "$real", "CF$UID"].contains(key) {
                    warnings.append(
                        PlistWarning(.typeChanged, at: path, "the dictionary looks like tagged JSON ('\(key)'); --tagged reads it as the value it stands for"))
                }
                for (key, child) in dictionary { pending.append((path.appending(key), child)) }
            case .array(let elements):
                for (index, child) in elements.enumerated() { pending.append((path.appending(index: index), child)) }
            default:
                break
            }
        }
        return warnings.reversed()
    }

    /// Warning lines for stderr: `warning: FILE: At 'key': message`.
    static func warningText(_ warnings: [PlistWarning], file: String) -> String {
        // A loop, not `map` and `joined()`: joining looks up the collection's associated types
        // at run time, a scan of every conformance in the binary, on every file's success path.
        var text = ""
        for warning in warnings { text += "warning: \(FileIO.displayName(file)): \(warning)\n" }
        return text
    }
}
