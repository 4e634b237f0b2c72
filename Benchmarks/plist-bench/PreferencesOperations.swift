import Foundation
import PlistKit

/// Preferences domains (`PreferencesDomain`) of 10, 1,000 and 100,000 keys in binary files:
/// reading one key, one write, and a batch of 100 writes under one lock. PlistKit only: on
/// Linux Foundation's `UserDefaults` keeps its own files and writes them when it chooses, so
/// there is nothing to compare with.
enum PreferencesOperations {
    static func all(for options: BenchOptions) -> [PlannedOperation] {
        var result: [PlannedOperation] = []
        for size in [10, 1_000, 100_000] {
            let repetitions = max(1, 1_000 / size)
            result.append(operation("preferences read one key: \(size) keys", size: size, repetitions: repetitions * 10) { domain, _ in
                // A new domain object each time: what one `defaults read` costs, from `stat` on.
                let fresh = try PreferencesStore(directory: URL(fileURLWithPath: domain.path).deletingLastPathComponent().path)
                    .domain(named: domain.name)
                return UInt64(try fresh.integer(forKey: "key\(size / 2)"))
            })
            result.append(operation("preferences write one key: \(size) keys", size: size, repetitions: repetitions) { domain, run in
                try domain.set(run, forKey: "counter")
                return 1
            })
            result.append(operation("preferences batch of 100 writes: \(size) keys", size: size, repetitions: repetitions) { domain, run in
                try domain.update { changes in
                    for i in 0..<100 { changes.set(run + i, forKey: "batch\(i)") }
                }
                return 100
            })
        }
        return result
    }

    /// An operation on a domain file of `size` keys, made fresh in a temporary folder; `body`
    /// gets the domain and a number that differs on every call, and returns a checksum.
    static func operation(
        _ name: String, size: Int, repetitions: Int, _ body: @escaping (PreferencesDomain, Int) throws -> UInt64
    ) -> PlannedOperation {
        PlannedOperation(name: name) { _ in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plist-bench-\(getpid())-preferences-\(size)")
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let domain = try PreferencesStore(directory: directory.path).domain(named: "com.example.bench")
            var values = PlistDictionary(minimumCapacity: size)
            for i in 0..<size { values["key\(i)"] = PlistValue(i) }
            try domain.replaceStoredValues(with: values)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: domain.path)).count
            var calls = 0
            return BenchOperation(
                name: name, bytes: bytes, repetitions: repetitions,
                plistKit: .init {
                    calls += 1
                    let checksum = try body(domain, calls)
                    return { checksum }
                },
                foundation: nil,
                note: "a binary domain file of \(bytes) bytes in \(directory.deletingLastPathComponent().path); writes include fsync")
        }
    }
}
