import FoundationEssentials

/// Where the bytes of a binary plist are: in memory, or in a file mapped read-only (whose
/// pages the kernel loads as they are read and may drop again, so a large file is never
/// copied into the process's own memory).
enum BinaryPlistSource: Sendable {
    case bytes(Data)
    case mapped(MappedFile)

    /// Lends `body` a cursor over the bytes, with reads past their end turned into
    /// ``PlistError``s.
    ///
    /// - Throws: what `body` throws.
    func withCursor<R>(_ body: (consuming ByteCursor) throws -> R) throws -> R {
        try PlistError.reportingReadFailures {
            switch self {
            case .bytes(let data): return try ByteCursor.withBytes(of: data, body)
            case .mapped(let file): return try file.withCursor(body)
            }
        }
    }
}
