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
}
