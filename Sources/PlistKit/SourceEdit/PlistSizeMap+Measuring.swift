import FoundationEssentials

extension PlistSizeMap {
    /// Measures where the bytes of a property-list file go (see ``PlistSizeMap``).
    ///
    /// The bytes are first read whole by the format's reader, under `options`' limits, so a
    /// file any reader refuses fails here with the same error; then a binary file's objects
    /// are walked once each, and a text file's values are found by the layout scanners that
    /// surgical edits use.
    ///
    /// ```swift
    /// let map = try PlistSizeMap(measuring: bytes)
    /// assert(map.nodes[PlistSizeMap.rootID].bytes + map.overhead.map(\.bytes).reduce(0, +) == bytes.count)
    /// ```
    ///
    /// - Parameter format: The format, or `nil` to detect it.
    /// - Throws: ``PlistError``: the reader's errors, ``PlistError/Code/unknownFormat``, or
    ///   ``PlistError/Code/unsupportedFormat`` for a text whose layout cannot be measured
    ///   (UTF-32, a dictionary that repeats a key).
    /// - Complexity: O(n) in the size of the input.
    public init(measuring bytes: Data, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        guard bytes.count <= options.maximumInputBytes else {
            throw PlistError(.limitExceeded, "The input is \(bytes.count) bytes, more than the limit of \(options.maximumInputBytes)")
        }
        guard let resolved = format ?? PlistFormat(detecting: bytes) else {
            throw PlistError(.unknownFormat, "The input is not in any property-list format PlistKit reads", at: .byteOffset(0))
        }
        if resolved == .binary {
            self = try BinaryPlistSizeMeasure.sizeMap(of: bytes, options: options)
        } else {
            let document = try PlistDocument(decoding: bytes, format: resolved, options: options)
            self = try SourceSizeMeasure.sizeMap(of: bytes, format: resolved, value: document.value)
        }
    }

    /// Measures the file at `path`, memory-mapped rather than read when it is a regular file,
    /// as ``init(measuring:format:options:)`` measures bytes.
    ///
    /// - Throws: the file system's error when the file cannot be read; otherwise as
    ///   ``init(measuring:format:options:)``.
    public init(contentsOfFile path: String, format: PlistFormat? = nil, options: PlistReadingOptions = PlistReadingOptions()) throws {
        if let file = try? MappedFile(path: path, maximumBytes: .max), file.count > 0 {
            try self.init(measuring: file.data, format: format, options: options)
        } else {
            try self.init(measuring: Data(contentsOf: URL(fileURLWithPath: path)), format: format, options: options)
        }
    }
}
