import Foundation

/// The measured result of one operation.
struct OperationResult: Encodable {
    let name: String
    let bytes: Int
    let repetitions: Int
    var plistKit = SideResult()
    var foundation: SideResult?
    var note: String?
    /// Why the operation could not run at all (its data could not be prepared).
    var skipped: String?

    /// Foundation's median time over PlistKit's: how many times faster PlistKit is.
    var speedup: Double? {
        guard let mine = plistKit.median, let theirs = foundation?.median, mine > 0 else { return nil }
        return theirs / mine
    }

    /// PlistKit's peak memory over Foundation's.
    var memoryRatio: Double? {
        guard let mine = plistKit.peakMemoryBytes, let theirs = foundation?.peakMemoryBytes, theirs > 0 else { return nil }
        return Double(mine) / Double(theirs)
    }

    /// Megabytes (10⁶ bytes) per second for a median time.
    func megabytesPerSecond(_ seconds: Double?) -> Double? {
        guard let seconds, seconds > 0 else { return nil }
        return Double(bytes) * Double(repetitions) / 1e6 / seconds
    }

    enum CodingKeys: String, CodingKey {
        case name, bytes, repetitions, plistKit, foundation, note, skipped
        case plistKitMedianSeconds, foundationMedianSeconds, speedup, memoryRatio
        case plistKitMegabytesPerSecond, foundationMegabytesPerSecond
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(repetitions, forKey: .repetitions)
        try container.encode(plistKit, forKey: .plistKit)
        try container.encodeIfPresent(foundation, forKey: .foundation)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(skipped, forKey: .skipped)
        try container.encodeIfPresent(plistKit.median, forKey: .plistKitMedianSeconds)
        try container.encodeIfPresent(foundation?.median, forKey: .foundationMedianSeconds)
        try container.encodeIfPresent(speedup, forKey: .speedup)
        try container.encodeIfPresent(memoryRatio, forKey: .memoryRatio)
        try container.encodeIfPresent(megabytesPerSecond(plistKit.median), forKey: .plistKitMegabytesPerSecond)
        try container.encodeIfPresent(megabytesPerSecond(foundation?.median), forKey: .foundationMegabytesPerSecond)
    }
}

/// Runs operations: both sides alternately (PlistKit first on even iterations, Foundation
/// first on odd ones, so neither always runs on a cold or warm cache), then one forked run
/// per side for memory.
struct Runner {
    let options: BenchOptions

    /// Operations faster than this get a warm-up run before their memory is measured.
    static let warmUpBelowSeconds = 2.0

    func run(_ planned: PlannedOperation, workload: Workload, progress: (String) -> Void) -> OperationResult {
        var operation: BenchOperation
        do {
            operation = try planned.prepare(workload)
        } catch {
            var result = OperationResult(name: planned.name, bytes: 0, repetitions: 0)
            result.skipped = "\(error)"
            return result
        }
        if options.runsOnlyPlistKit {
            operation = BenchOperation(
                name: operation.name, bytes: operation.bytes, repetitions: operation.repetitions,
                plistKit: operation.plistKit, foundation: nil, note: operation.note)
        }
        var result = OperationResult(
            name: operation.name, bytes: operation.bytes, repetitions: operation.repetitions,
            foundation: operation.foundation.map { _ in SideResult() }, note: operation.note)
        var spent = (plistKit: 0.0, foundation: 0.0)
        for iteration in 0..<options.effectiveIterations {
            let order = iteration % 2 == 0 ? [true, false] : [false, true]
            for isPlistKit in order {
                if isPlistKit {
                    guard result.plistKit.error == nil, spent.plistKit < options.budgetSeconds || result.plistKit.seconds.isEmpty else { continue }
                    progress("\(operation.name): PlistKit run \(iteration + 1)")
                    measure(operation.plistKit, repetitions: operation.repetitions, into: &result.plistKit, spent: &spent.plistKit)
                } else if let foundation = operation.foundation, var side = result.foundation {
                    guard side.error == nil, spent.foundation < options.budgetSeconds || side.seconds.isEmpty else { continue }
                    progress("\(operation.name): Foundation run \(iteration + 1)")
                    measure(foundation, repetitions: operation.repetitions, into: &side, spent: &spent.foundation)
                    result.foundation = side
                }
            }
        }
        if options.measuresMemory {
            if result.plistKit.error == nil {
                progress("\(operation.name): PlistKit memory")
                result.plistKit.peakMemoryBytes = Measurement.peakMemory(
                    of: operation.plistKit, warmUp: (result.plistKit.median ?? 0) < Self.warmUpBelowSeconds)
            }
            if let foundation = operation.foundation, result.foundation?.error == nil {
                progress("\(operation.name): Foundation memory")
                let median = result.foundation?.median ?? 0
                result.foundation?.peakMemoryBytes = Measurement.peakMemory(
                    of: foundation, warmUp: median < Self.warmUpBelowSeconds)
            }
        }
        return result
    }

    private func measure(_ side: BenchOperation.Side, repetitions: Int, into result: inout SideResult, spent: inout Double) {
        do {
            let (seconds, checksum) = try Measurement.time(side, repetitions: repetitions)
            result.seconds.append(seconds)
            result.checksum = checksum
            spent += seconds
        } catch {
            result.error = "\(error)"
        }
    }
}
