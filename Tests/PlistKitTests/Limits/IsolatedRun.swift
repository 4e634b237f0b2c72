import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Work that may blow up (run away with the processor, exhaust memory, trap), run in a process
/// of its own so that a test observes "the library tried to expand 2⁶⁰ values" as a failure
/// instead of losing the test process to it.
///
/// The process is a Swift Testing exit test: `#expect(processExitsWith:)` spawns the test
/// binary afresh and runs only the closure there (never a fork of the multi-threaded test
/// process, whose copy could inherit a runtime lock no thread releases). Inside the closure,
/// ``run(seconds:memoryLimit:_:)`` caps that process and runs the work:
///
///     @Test func refusesTheBomb() async throws {
///         let bytes = B.referenceBomb(levels: 60).bytes
///         // The child sees only what the capture list names (Codable values).
///         await #expect(processExitsWith: .exitCode(10)) { [bytes = bytes as Data] in
///             IsolatedRun.run(seconds: 20) {
///                 (try? PlistValue(decoding: bytes).encoded(as: .xml)) == nil ? 10 : 11
///             }
///         }
///     }
///
/// A child that runs away ends by ``cpuLimitSignal`` after `seconds` of its own processor
/// time, however loaded the machine; the parent waits for it without a clock.
enum IsolatedRun {
    /// The signal a child gets when it has used the processor time it was given (Linux sends
    /// it at the soft limit, SIGKILL one second later).
    static let cpuLimitSignal = SIGXCPU

    /// Caps the calling process, an exit test's child, at `seconds` more processor time than it
    /// has used and `memoryLimit` more address space than it holds, runs `body` on a thread
    /// with a 64 MiB stack (deep nesting recurses), and exits with the status `body` returns.
    ///
    /// Under AddressSanitizer the address-space cap is relative too (ASan has reserved
    /// terabytes of shadow memory already), but an allocation past it is ASan's report and a
    /// nonzero exit rather than a trap: the tests that use it expect the library's own limits
    /// to refuse long before, which holds either way.
    static func run(seconds: Double, memoryLimit: Int = 2 << 30, _ body: @escaping () -> Int32) -> Never {
        precondition(
            ExitTest.current != nil,
            "IsolatedRun.run caps and ends the process it runs in: call it only inside #expect(processExitsWith:)")
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
        let cpu = rlim_t(processorSecondsUsed() + Int(seconds.rounded(.up)))
        var cpuLimit = rlimit(rlim_cur: cpu, rlim_max: cpu + 1)
        setrlimit(Int32(RLIMIT_CPU.rawValue), &cpuLimit)
        let cap = rlim_t(currentAddressSpaceBytes() + memoryLimit)
        var memory = rlimit(rlim_cur: cap, rlim_max: cap)
        setrlimit(Int32(RLIMIT_AS.rawValue), &memory)
        let status = LargeStack.run(body)
        fflush(nil)
        _exit(status)
    }

    /// The process's peak resident memory so far, in bytes (`getrusage`'s `ru_maxrss`, which
    /// Linux reports in kilobytes). It only grows; in an exit test's child nothing else runs,
    /// so its growth over some work is that work's.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    /// The processor seconds (user and system, rounded up) the process has used.
    private static func processorSecondsUsed() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1
    }

    /// The calling process's virtual memory size, from the first field of `/proc/self/statm`
    /// (in pages); 0 when it cannot be read, which makes the cap absolute.
    private static func currentAddressSpaceBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
