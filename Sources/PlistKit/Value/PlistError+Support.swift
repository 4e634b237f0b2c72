extension PlistError {
    /// A read outside the input, as the readers report it: corrupt data at the read's offset.
    init(_ failure: ByteCursor.OutOfBounds) {
        self.init(.corruptData, failure.reason, at: .byteOffset(failure.offset))
    }

    /// Text that is not in the encoding its first bytes select, at the offending byte.
    init(_ failure: TextInput.MalformedText) {
        self.init(.corruptData, failure.reason, at: .byteOffset(failure.offset))
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
