import Foundation
import PlistKit

/// An operation known by name before its data is made, so `--filter` and `--list` cost nothing.
struct PlannedOperation {
    let name: String
    let prepare: (Workload) throws -> BenchOperation
}

/// Every operation `plist-bench` knows. Other files add groups through ``Catalog/groups``.
enum Catalog {
    /// The operation groups, in the order they run.
    static func operations(for options: BenchOptions) -> [PlannedOperation] {
        if options.runsLadder { return LadderOperations.all(for: options) }
        let tracks = options.effectiveTrackCount
        var all: [PlannedOperation] = []
        for set in options.dataSets {
            all += formatOperations(
                label: set.label(tracks: tracks), key: set.name,
                value: { $0.library(set) }, object: { $0.libraryObject(set) },
                fileWritingOptions: set.fileWritingOptions)
        }
        all += formatOperations(
            label: "Info.plist", key: "info", repetitions: options.isQuick ? 200 : 1_000,
            value: { $0.infoPlist }, object: { $0.infoPlistObject })
        all += formatOperations(
            label: "nesting \(Workload.comparableDepth) deep", key: "nesting500", repetitions: 20,
            value: { $0.shallowNesting }, object: { $0.shallowNestingObject })
        all += formatOperations(
            label: "nesting \(Workload.deepDepth) deep", key: "nesting10000",
            value: { $0.deepNesting }, object: nil,
            readingOptions: Workload.deepReadingOptions,
            note: "PlistKit only (maximumDepth raised to \(Workload.deepDepth + 1)): Foundation's XML reader "
                + "refuses more than 512 levels and its binary writer overflows the stack (SIGSEGV) here")
        all += formatOperations(
            label: "\(options.isQuick ? 50 : 200) blobs of 256 KB", key: "blobs",
            value: { $0.blobs }, object: { $0.blobsObject })
        all += formatOperations(
            label: "\(options.isQuick ? 20_000 : 100_000) non-ASCII strings", key: "strings",
            value: { $0.strings }, object: { $0.stringsObject })
        all += ExtraOperations.all(for: options)
        all += PreferencesOperations.all(for: options)
        return all
    }

    /// Binary and XML decode and encode of one data set, PlistKit against
    /// `PropertyListSerialization`; both decoders read the same bytes (PlistKit's writer's).
    static func formatOperations(
        label: String, key: String, repetitions: Int = 1,
        value: @escaping (Workload) -> PlistValue,
        object: ((Workload) -> Any)?,
        readingOptions: PlistReadingOptions = PlistReadingOptions(),
        fileWritingOptions: PlistWritingOptions = Workload.writingOptions,
        note: String? = nil
    ) -> [PlannedOperation] {
        var result: [PlannedOperation] = []
        for format in [PlistFormat.binary, .xml] {
            let formatName = format == .binary ? "binary" : "XML"
            let foundationFormat: PropertyListSerialization.PropertyListFormat = format == .binary ? .binary : .xml
            result.append(PlannedOperation(name: "\(formatName) decode: \(label)") { workload in
                let data = try workload.encoded(key, format, options: fileWritingOptions) { value(workload) }
                let plistKit = BenchOperation.Side {
                    let decoded = try PlistValue(decoding: data, format: format, options: readingOptions)
                    return { Checksums.nodeCount(decoded) }
                }
                let foundation = object.map { _ in
                    BenchOperation.Side {
                        let decoded = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                        return { Checksums.nodeCount(foundation: decoded) }
                    }
                }
                return BenchOperation(
                    name: "\(formatName) decode: \(label)", bytes: data.count, repetitions: repetitions,
                    plistKit: plistKit, foundation: foundation, note: note)
            })
            result.append(PlannedOperation(name: "\(formatName) encode: \(label)") { workload in
                let tree = value(workload)
                let bytes = try workload.encoded(key, format, options: fileWritingOptions) { tree }.count
                let plistKit = BenchOperation.Side {
                    let data = try tree.encoded(as: format, options: Workload.writingOptions)
                    return { UInt64(data.count) }
                }
                let foundation = object.map { makeObject in
                    let foundationTree = makeObject(workload)
                    return BenchOperation.Side {
                        let data = try PropertyListSerialization.data(
                            fromPropertyList: foundationTree, format: foundationFormat, options: 0)
                        return { UInt64(data.count) }
                    }
                }
                return BenchOperation(
                    name: "\(formatName) encode: \(label)", bytes: bytes, repetitions: repetitions,
                    plistKit: plistKit, foundation: foundation, note: note)
            })
        }
        return result
    }
}
