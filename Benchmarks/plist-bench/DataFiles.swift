import Foundation
import PlistKit

/// Writes the generated inputs as files, for tools outside the process (libplist's
/// `plistutil`, see Benchmarks/compare-libplist.sh).
enum DataFiles {
    /// Writes `SET.xml` and `SET.bplist` for each selected music library (`library`,
    /// `library-intl`), then `blobs.xml`, `blobs.bplist`, `strings.xml` and `strings.bplist`,
    /// into `directory` (created if needed), with PlistKit's writers.
    ///
    /// - Returns: one line per file: its name and size.
    /// - Throws: the writer's ``PlistError`` or the file system's error.
    static func write(workload: Workload, to directory: String) throws -> [String] {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if workload.options.runsLadder { return try writeLadder(workload: workload, to: folder) }
        var lines: [String] = []
        let sets: [(String, PlistWritingOptions, () -> PlistValue)] = workload.options.dataSets.map { set in
            (set.name, set.fileWritingOptions, { workload.library(set) })
        } + [
            ("blobs", Workload.writingOptions, { workload.blobs }),
            ("strings", Workload.writingOptions, { workload.strings }),
        ]
        for (name, options, value) in sets {
            for (format, fileExtension) in [(PlistFormat.xml, "xml"), (.binary, "bplist")] {
                let data = try workload.encoded(name, format, options: options, value)
                let url = folder.appendingPathComponent("\(name).\(fileExtension)")
                try data.write(to: url)
                lines.append("\(url.path)\t\(data.count)")
            }
        }
        return lines
    }

    /// Writes `RUNG.xml` and `RUNG.bplist` for each rung of the size ladder, and `ladder.tsv`:
    /// one line a rung, tab-separated: its name, the documents a timed run handles, and the
    /// components of its lookup key path (what compare-libplist.sh hands the C peers).
    static func writeLadder(workload: Workload, to folder: URL) throws -> [String] {
        var lines: [String] = []
        var manifest = ""
        for rung in LadderRung.all(trackCounts: LadderOperations.trackCounts(workload.options)) {
            let input = try LadderOperations.Input(rung, workload)
            for (data, fileExtension) in [(input.xml, "xml"), (input.binary, "bplist")] {
                let url = folder.appendingPathComponent("\(rung.name).\(fileExtension)")
                try data.write(to: url)
                lines.append("\(url.path)\t\(data.count)")
            }
            manifest += ([rung.name, String(input.documents)] + rung.lookupPath).joined(separator: "\t") + "\n"
        }
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("ladder.tsv"))
        return lines
    }
}
