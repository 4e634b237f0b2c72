import Foundation
import PlistKit

/// Reading one key path from a binary music library: PlistKit's lazy ``BinaryPlistView``
/// (which decodes only the containers on the path) against decoding the whole file first.
enum KeyPathOperations {
    static func all(for options: BenchOptions) -> [PlannedOperation] {
        options.dataSets.flatMap { operations(set: $0, tracks: options.effectiveTrackCount) }
    }

    /// The three key-path comparisons on one library.
    static func operations(set: LibraryDataSet, tracks: Int) -> [PlannedOperation] {
        let probe = set.probeTrackID(tracks: tracks)
        let path = PlistKeyPath(components: ["Tracks", probe, "Name"])
        func lookup(_ value: PlistValue) -> UInt64 {
            UInt64(value[keyPath: path]?.string?.utf8.count ?? 0)
        }
        let label = set.label(tracks: tracks)
        let versusFoundation = "key path: view vs Foundation full decode: \(label)"
        let versusEager = "key path: view vs PlistKit full decode: \(label)"
        let mapped = "key path: mapped view vs PlistKit file decode: \(label)"
        return [
            PlannedOperation(name: versusFoundation) { workload in
                let data = try workload.encodedLibrary(set, .binary)
                return BenchOperation(
                    name: versusFoundation, bytes: data.count,
                    plistKit: .init {
                        let value = try BinaryPlistView(bytes: data).value(at: path)
                        return { UInt64(value.string?.utf8.count ?? 0) }
                    },
                    foundation: .init {
                        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                        let name = ((object as? [String: Any])?["Tracks"] as? [String: Any])?[probe] as? [String: Any]
                        return { UInt64((name?["Name"] as? String)?.utf8.count ?? 0) }
                    },
                    note: "reads \(path) from the \(data.count)-byte binary file in memory")
            },
            PlannedOperation(name: versusEager) { workload in
                let data = try workload.encodedLibrary(set, .binary)
                return BenchOperation(
                    name: versusEager, bytes: data.count,
                    plistKit: .init {
                        let value = try BinaryPlistView(bytes: data).value(at: path)
                        return { UInt64(value.string?.utf8.count ?? 0) }
                    },
                    foundation: .init {
                        let value = try PlistValue(decoding: data, format: .binary)
                        return { lookup(value) }
                    },
                    note: "the Foundation column is PlistKit's own eager reader here: decode everything, then look up")
            },
            PlannedOperation(name: mapped) { workload in
                let data = try workload.encodedLibrary(set, .binary)
                let url = FileManager.default.temporaryDirectory
                    .appendingPathComponent("plist-bench-\(getpid())-\(set.name).bplist")
                try data.write(to: url)
                return BenchOperation(
                    name: mapped, bytes: data.count,
                    plistKit: .init {
                        let value = try BinaryPlistView(contentsOf: url).value(at: path)
                        return { UInt64(value.string?.utf8.count ?? 0) }
                    },
                    foundation: .init {
                        let value = try PlistValue(decoding: try Data(contentsOf: url), format: .binary)
                        return { lookup(value) }
                    },
                    note: "the Foundation column is PlistKit's eager reader after reading the file; the view maps the file")
            },
        ]
    }
}
