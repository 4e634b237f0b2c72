#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's "C" numeric locale, so that printf's real formats and `strtod` use `.` as
/// the decimal separator whatever locale the host program set with `setlocale`.
enum CNumericLocale {
    /// A C locale handle shared by every thread: the one below is made once, never changed
    /// and never freed, which is what makes sharing it safe.
    private struct SharedLocale: @unchecked Sendable {
        let handle: locale_t?
    }

    /// A "C" locale for `LC_NUMERIC`, or `nil` when the C library cannot make one (then
    /// `uselocale(nil)` leaves the thread's locale as it is).
    private static let numeric = SharedLocale(handle: newlocale(Int32(1) << LC_NUMERIC, "C", nil))

    /// Runs `body` with the "C" numeric locale as the calling thread's locale.
    static func withCNumericLocale<T>(_ body: () throws -> T) rethrows -> T {
        let previous = uselocale(numeric.handle)
        defer { uselocale(previous) }
        return try body()
    }

    /// `real` formatted by printf's `format` (one real conversion, such as `"%f"` or
    /// `"%.16g"`) in the "C" locale: the texts plutil and NSNumber print.
    ///
    /// For printing one value at a time; the XML writer's `%.17g`, called for every real it
    /// writes, goes through a C helper instead (see `plistkit_format_real_17g`).
    static func format(_ real: Double, _ format: String) -> String {
        // 309 integer digits for the largest double, a sign, a point and the decimals asked.
        let capacity = 400
        var buffer = [CChar](repeating: 0, count: capacity)
        let count = withCNumericLocale {
            withVaList([real]) { vsnprintf(&buffer, capacity, format, $0) }
        }
        guard count > 0, count < buffer.count else { return real.description }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
