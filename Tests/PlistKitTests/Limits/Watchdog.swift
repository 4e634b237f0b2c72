import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs work that must finish quickly, on its own thread, and reports whether it did, so a
/// test of a resource limit fails (instead of hanging the suite) when the library tries to do
/// the exponential work the limit should refuse.
enum Watchdog {
    /// The outcome of guarded work.
    enum Outcome<T> {
        case finished(Result<T, any Error>, seconds: Double)
        /// The work did not finish in time; its thread is left running (it cannot be stopped
        /// from outside), so callers keep such work CPU-bound and bounded in memory.
        case timedOut
    }

    /// Runs `work` on a thread with a 64 MiB stack and waits up to `seconds` for it.
    static func run<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () throws -> T) -> Outcome<T> {
        let box = WatchdogBox<T>()
        let thread = Thread {
            let start = Date()
            let result = Result { try work() }
            box.outcome = .finished(result, seconds: Date().timeIntervalSince(start))
            box.done.signal()
        }
        thread.stackSize = 64 << 20
        thread.start()
        guard box.done.wait(timeout: .now() + seconds) == .success else { return .timedOut }
        return box.outcome
    }

    /// The process's peak resident memory so far, in bytes (`getrusage`'s `ru_maxrss`, which
    /// Linux reports in kilobytes). It only grows, so a test compares it before and after.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }
}

/// The hand-off between the guarded thread and the waiting test; the semaphore orders the
/// write of `outcome` before its read.
private final class WatchdogBox<T>: @unchecked Sendable {
    var outcome: Watchdog.Outcome<T> = .timedOut
    let done = DispatchSemaphore(value: 0)
}
