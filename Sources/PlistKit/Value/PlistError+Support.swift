import FoundationEssentials

extension PlistError {
    /// A read outside the input, as the readers report it: corrupt data at the read's offset.
    init(_ failure: ByteCursor.OutOfBounds) {
        self.init(.corruptData, failure.reason, at: .byteOffset(failure.offset))
    }

    /// Text that is not in the encoding its first bytes select, at the offending byte.
    init(_ failure: TextInput.MalformedText) {
        self.init(.corruptData, failure.reason, at: .byteOffset(failure.offset))
    }

    /// Reads an input file through ``FileReader``, whose refusal of an input past the limit
    /// becomes ``PlistError/Code/limitExceeded``, as bytes past the limit are whatever their
    /// source; the file system's other errors are thrown as they are.
    static func reportingInputLimit<R>(_ body: () throws(FileOperationError) -> R) throws -> R {
        do {
            return try body()
        } catch where FileReader.isOverLimit(error) {
            throw overInputLimit(error)
        }
    }

    /// The refusal of an input past ``PlistReadingOptions/maximumInputBytes``, from the file
    /// layer's, which names no option.
    private static func overInputLimit(_ error: FileOperationError) -> PlistError {
        PlistError(.limitExceeded, "\(error.description.dropLast()) (PlistReadingOptions.maximumInputBytes)")
    }

    /// Maps the file at `path` for a reader (``MappedFile``): an input past `maximumBytes`
    /// becomes ``PlistError/Code/limitExceeded``, any other failure (no such file, not a
    /// regular file) ``PlistError/Code/invalidArgument`` with the system's reason.
    static func mapping(_ path: String, maximumBytes: Int) throws -> MappedFile {
        do {
            return try MappedFile(path: path, maximumBytes: maximumBytes)
        } catch where FileReader.isOverLimit(error) {
            throw overInputLimit(error)
        } catch {
            throw PlistError(.invalidArgument, String(error.description.dropLast()))
        }
    }

    /// The refusal of a URL that names no file: PlistKit reads files, pipes and devices, and
    /// fetches nothing from a network.
    static func notAFileURL(_ url: URL) -> PlistError {
        PlistError(.invalidArgument, "Cannot read '\(url)': it is not a file URL")
    }

    /// Runs a text reader's parse over its input as UTF-8 (see
    /// ``TextInput/withUTF8(of:formatName:_:)``), reporting the base layer's failures as
    /// ``reportingReadFailures(_:)`` does: how every reader of a text format that parses from
    /// a cursor begins.
    static func readingText<R>(_ bytes: Data, formatName: String, _ parse: (consuming ByteCursor) throws -> R) throws -> R {
        try reportingReadFailures { try TextInput.withUTF8(of: bytes, formatName: formatName, parse) }
    }

    /// Runs a reader's work over the base layer (``ByteCursor``, ``TextInput``), whose errors
    /// know nothing of the value model, and reports their failures as ``PlistError``s.
    static func reportingReadFailures<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let failure as ByteCursor.OutOfBounds {
            throw PlistError(failure)
        } catch let failure as TextInput.MalformedText {
            throw PlistError(failure)
        }
    }
}

extension PlistError.Location {
    /// A line and column from ``TextInput/lineAndColumn(of:in:)``.
    static func line(_ position: (line: Int, column: Int)) -> PlistError.Location {
        .line(position.line, column: position.column)
    }
}
