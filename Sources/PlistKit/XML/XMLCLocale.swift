#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's "C" numeric locale, so that `%.17g` and `strtod` use `.` as the decimal
/// separator whatever locale the host program set with `setlocale`.
enum XMLCLocale {
    /// A "C" locale for `LC_NUMERIC`, or `nil` when the C library cannot make one (then
    /// `uselocale(nil)` leaves the thread's locale as it is).
    nonisolated(unsafe) static let numeric: locale_t? = newlocale(Int32(1) << LC_NUMERIC, "C", nil)

    /// Runs `body` with the "C" numeric locale as the calling thread's locale.
    static func withCNumericLocale<T>(_ body: () throws -> T) rethrows -> T {
        let previous = uselocale(numeric)
        defer { uselocale(previous) }
        return try body()
    }
}
