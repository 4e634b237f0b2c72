import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Timing and memory measurement of one side of an operation.
struct SideResult: Encodable {
    /// Wall-clock seconds of each timed run (each run repeats the work `repetitions` times).
    var seconds: [Double] = []
    /// The checksum of the last run.
    var checksum: UInt64 = 0
    /// The peak resident memory the operation added, in bytes, measured in a forked child.
    var peakMemoryBytes: Int?
    /// The error the side threw, if it did.
    var error: String?

    /// The median of `seconds`.
    var median: Double? {
        guard !seconds.isEmpty else { return nil }
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

enum Measurement {
    /// The current monotonic time in seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Runs `side` `repetitions` times, timed, and returns the seconds and the sum of the
    /// checksums. Every result stays alive until the clock stops: the checksums are computed
    /// and the results freed after it, so freeing is not timed (for either side).
    static func time(_ side: BenchOperation.Side, repetitions: Int) throws -> (Double, UInt64) {
        var finishes: [() -> UInt64] = []
        finishes.reserveCapacity(repetitions)
        let start = now()
        for _ in 0..<repetitions {
            finishes.append(try side.run())
        }
        let elapsed = now() - start
        return (elapsed, finishes.reduce(0) { $0 &+ $1() })
    }

    /// The peak resident memory that one run of `side` adds, measured in a forked child.
    ///
    /// Why a child: `getrusage`'s `ru_maxrss` only ever grows, so in one process the first
    /// operation's peak hides every later one, and freed memory kept by the allocator makes
    /// deltas meaningless. The child starts with the parent's memory (the input already
    /// resident), clears its high-water mark (Linux: `5` to `/proc/self/clear_refs` resets
    /// `VmHWM` to the current RSS), runs the operation once and reports `VmHWM` minus the RSS
    /// it had before: the operation's own peak, including its output and garbage.
    /// Returns `nil` where `/proc` is not available.
    ///
    /// With `warmUp`, the child first runs the operation once and hands the freed heap back to
    /// the kernel (`malloc_trim`), so the pages of code and libraries the first run faults in
    /// (about 3 MB here) are not counted as the operation's memory. Small operations need it;
    /// for operations that take seconds it would double a long run for a few MB.
    static func peakMemory(of side: BenchOperation.Side, warmUp: Bool) -> Int? {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return nil }
        fflush(nil)
        let child = fork()
        if child == 0 {
            close(descriptors[0])
            var report: Int64 = -1
            if warmUp, let finish = try? side.run() {
                _ = finish()
            }
            _ = glibcMallocTrim(0)
            if resetHighWaterMark(), let before = statusKilobytes("VmRSS") {
                if let finish = try? side.run() {
                    _ = finish()
                    if let peak = statusKilobytes("VmHWM") { report = Int64(max(0, peak - before)) * 1024 }
                }
            }
            _ = withUnsafeBytes(of: &report) { write(descriptors[1], $0.baseAddress, 8) }
            _exit(0)
        }
        close(descriptors[1])
        defer { close(descriptors[0]) }
        guard child > 0 else { return nil }
        var report: Int64 = -1
        let got = withUnsafeMutableBytes(of: &report) { read(descriptors[0], $0.baseAddress, 8) }
        var status: Int32 = 0
        waitpid(child, &status, 0)
        return got == 8 && report >= 0 ? Int(report) : nil
    }

    private static func resetHighWaterMark() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
    }

    /// A `kB` field of `/proc/self/status`, such as `VmRSS` or `VmHWM`.
    private static func statusKilobytes(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(digits)
        }
        return nil
    }
}

/// glibc's `malloc_trim` (declared in <malloc.h>, which the Glibc module does not export):
/// returns free heap pages to the kernel so they stop counting as resident.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
