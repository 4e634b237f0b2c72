import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs work that may blow up (exhaust memory, spin forever) in a forked child with a memory
/// cap and a deadline, so a test can observe "the library tried to expand 2⁶⁰ values" as a
/// failure instead of losing the whole test process to it.
///
/// The child only runs `body` and exits with its status, without returning to Swift Testing.
/// Forking a multi-threaded process copies only the calling thread; callers do their setup
/// (reading the input, which instantiates the types involved) before calling, so the child
/// needs little beyond the allocator, which glibc keeps usable after `fork`.
enum IsolatedRun {
    enum Outcome: Equatable, CustomStringConvertible {
        /// The child exited with this status (the value `body` returned).
        case exited(Int32)
        /// The child died of this signal (a trap, or the memory cap turning into a failed
        /// allocation and a trap).
        case signaled(Int32)
        /// The child was still running at the deadline and was killed.
        case timedOut
        /// `fork` failed.
        case notStarted

        var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .signaled(let signal): return "died of signal \(signal)"
            case .timedOut: return "was still running at the deadline"
            case .notStarted: return "could not be started"
            }
        }
    }

    /// Forks, lets the child's address space grow by at most `memoryLimit` bytes, runs `body`
    /// there and waits up to `seconds` for it, forking anew up to `attempts` times.
    ///
    /// A child forked while another thread of the test process held one of the Swift
    /// runtime's locks (its metadata or conformance caches) waits for that lock forever: the
    /// thread that would release it was not copied. So a child still running at the deadline
    /// is killed and the work forked again; only a child that runs out of time on every
    /// attempt counts as timed out.
    static func run(seconds: Double, memoryLimit: Int = 2 << 30, attempts: Int = 2, _ body: () -> Int32) -> Outcome {
        var outcome = Outcome.notStarted
        for _ in 0..<max(attempts, 1) {
            outcome = runOnce(seconds: seconds, memoryLimit: memoryLimit, body)
            guard outcome == .timedOut else { return outcome }
        }
        return outcome
    }

    /// One fork of ``run(seconds:memoryLimit:attempts:_:)``.
    private static func runOnce(seconds: Double, memoryLimit: Int, _ body: () -> Int32) -> Outcome {
        fflush(nil)
        let child = fork()
        if child == 0 {
            // The cap is the child's current address-space size plus the allowance, not an
            // absolute figure: under AddressSanitizer the process has already reserved terabytes
            // of shadow memory, and an absolute 2 GiB cap makes ASan's own next mmap fail.
            let cap = rlim_t(currentAddressSpaceBytes() + memoryLimit)
            var limit = rlimit(rlim_cur: cap, rlim_max: cap)
            setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
            _exit(body())
        }
        guard child > 0 else { return .notStarted }
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let waited = waitpid(child, &status, WNOHANG)
            if waited == child {
                // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (macros).
                let signal = status & 0x7F
                return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
            }
            usleep(20_000)
        }
        kill(child, SIGKILL)
        waitpid(child, &status, 0)
        return .timedOut
    }

    /// The calling process's virtual memory size, from the first field of `/proc/self/statm`
    /// (in pages); 0 when it cannot be read, which makes the cap absolute.
    private static func currentAddressSpaceBytes() -> Int {
        // Read with plain file descriptors: the forked child should not need Foundation.
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        var pages = 0
        for byte in buffer.prefix(count) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            pages = pages * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
