import Foundation

/// The machine the figures come from, printed with them.
struct MachineInfo: Encodable {
    let processors: Int
    let cpuModel: String
    let memoryGigabytes: Double
    let date: String

    static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let formatter = ISO8601DateFormatter()
        return MachineInfo(
            processors: ProcessInfo.processInfo.activeProcessorCount,
            cpuModel: model,
            memoryGigabytes: (Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824 * 10).rounded() / 10,
            date: formatter.string(from: Date()))
    }
}

/// Prints results as a table for people or JSON for programs.
enum Report {
    static func header(machine: MachineInfo, options: BenchOptions) -> String {
        """
        plist-bench: PlistKit vs Foundation (PropertyListSerialization and friends), same process, same data
        machine: \(machine.processors) processors, \(machine.cpuModel), \(machine.memoryGigabytes) GB; \(machine.date)
        mode: \(options.isQuick ? "quick" : "full"), \(options.dataSets.map(\.name).joined(separator: " and ")) of \(options.effectiveTrackCount) tracks, up to \(options.effectiveIterations) timed runs per side (budget \(Int(options.budgetSeconds)) s per side per operation), medians shown
        times are per document (size ×N: N documents a timed run); speedup = Foundation's median / PlistKit's; memory = peak RSS added by one run, each side in its own forked child

        """
    }

    static func tableHeader() -> String {
        row("operation", "size", "PlistKit", "MB/s", "Foundation", "MB/s", "speedup", "peak mem PK / F", "runs", "checksum")
            + "\n" + String(repeating: "-", count: 180)
    }

    static func line(_ result: OperationResult) -> String {
        if let skipped = result.skipped {
            return row(result.name, "-", "skipped: \(skipped)", "", "", "", "", "", "", "")
        }
        let mine = result.plistKit
        let theirs = result.foundation
        let memory: String
        switch (mine.peakMemoryBytes, theirs?.peakMemoryBytes) {
        case let (a?, b?): memory = "\(size(a)) / \(size(b))" + (result.memoryRatio.map { " (\(fixed($0, 2))×)" } ?? "")
        case let (a?, nil): memory = size(a)
        default: memory = "-"
        }
        let checksum: String
        if let theirs, theirs.error == nil, mine.error == nil {
            checksum = mine.checksum == theirs.checksum ? "\(mine.checksum) both" : "\(mine.checksum) / \(theirs.checksum)"
        } else {
            checksum = "\(mine.checksum)"
        }
        var text = row(
            result.name,
            size(result.bytes) + (result.repetitions > 1 ? " ×\(result.repetitions)" : ""),
            mine.error.map { "error: \($0)" } ?? duration(mine.median.map { $0 / Double(result.repetitions) }),
            rate(result.megabytesPerSecond(mine.median)),
            theirs.map { $0.error.map { "error: \($0)" } ?? duration($0.median.map { $0 / Double(result.repetitions) }) } ?? "n/a",
            theirs == nil ? "" : rate(result.megabytesPerSecond(theirs?.median)),
            result.speedup.map { "\(fixed($0, 1))×" } ?? "-",
            memory,
            "\(mine.seconds.count)/\(theirs.map { String($0.seconds.count) } ?? "-")",
            checksum)
        if let note = result.note { text += "\n    note: \(note)" }
        return text
    }

    static func json(machine: MachineInfo, options: BenchOptions, results: [OperationResult]) -> String {
        struct Document: Encodable {
            let machine: MachineInfo
            let mode: String
            let tracks: Int
            let dataSets: [String]
            let iterations: Int
            let results: [OperationResult]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let document = Document(
            machine: machine, mode: options.isQuick ? "quick" : "full", tracks: options.effectiveTrackCount,
            dataSets: options.dataSets.map(\.name), iterations: options.effectiveIterations, results: results)
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func row(_ columns: String...) -> String {
        let widths = [58, 12, 12, 9, 12, 9, 9, 30, 6, 0]
        return zip(columns, widths).map { column, width in
            column.count >= width ? column + " " : column + String(repeating: " ", count: width - column.count)
        }.joined()
    }

    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "-" }
        if seconds >= 1 { return "\(fixed(seconds, 2)) s" }
        if seconds >= 0.001 { return "\(fixed(seconds * 1e3, 1)) ms" }
        return "\(fixed(seconds * 1e6, 1)) µs"
    }

    static func rate(_ megabytesPerSecond: Double?) -> String {
        guard let megabytesPerSecond else { return "-" }
        return fixed(megabytesPerSecond, megabytesPerSecond >= 100 ? 0 : 1)
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return "\(fixed(Double(bytes) / 1e6, 1)) MB" }
        if bytes >= 1_000 { return "\(fixed(Double(bytes) / 1e3, 1)) KB" }
        return "\(bytes) B"
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
