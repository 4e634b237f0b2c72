#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes a system call again for as long as a signal interrupts it, and returns its first
/// other result: the one place PlistKit retries after `EINTR`, so that a signal delivered to
/// the process never turns a read, write, open or lock into a failure. `package`, so that
/// plist-inspect's own system calls (waiting for Graphviz) retry the same way.
///
/// `call` reports failure as a negative result with the reason in `errno`, as `read`,
/// `write`, `open` and `flock` do; the result returned is negative only for a failure other
/// than an interruption, with `errno` still holding its reason.
package func retryingInterruptions<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}
