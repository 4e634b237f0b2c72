import FoundationEssentials

/// A lazy, read-only view of a binary property list: reads one key path, or lists one
/// container, without decoding the rest of the file.
///
/// Opening a view validates the header and the trailer (as
/// ``PlistValue/init(decoding:format:options:)`` does) in constant time; each lookup then reads only the
/// containers on its path and the objects it returns, with the eager reader's checks and
/// errors for everything it touches (references, counts, extents, cycles on the path, depth,
/// non-string keys, text encodings). Objects it does not touch are not checked, so a file the
/// eager reader rejects for a fault elsewhere can still answer lookups that avoid the fault.
///
/// ```swift
/// let view = try BinaryPlistView(contentsOf: URL(fileURLWithPath: "Library.plist"))
/// let name = try view.value(at: "Tracks.1234.Name")
/// ```
///
/// Key paths follow ``PlistKeyPath``: dictionary keys, decimal array indices. A set (which the
/// readers turn into an array) is indexed like an array. Dictionary keys compare as Swift
/// strings (canonical equivalence) and a repeated key resolves to its last value, as in the
/// eager reader.
public struct BinaryPlistView: Sendable {
    /// One entry of a container: its position, its key (dictionaries only) and its type.
    public struct Child: Hashable, Sendable {
        /// The position among the container's entries (for a dictionary, in the order of its
        /// distinct keys).
        public let index: Int
        /// The key, or `nil` for an array element.
        public let key: String?
        /// The type of the value.
        public let kind: PlistValue.Kind
    }

    private let storage: BinaryPlistSource
    private let trailer: BinaryPlistTrailer
    /// The limits every lookup applies (depth, object count).
    public let options: PlistReadingOptions

    /// Creates a view of binary plist bytes.
    ///
    /// - Throws: ``PlistError`` as the eager reader does for a bad header, trailer or offset
    ///   table (``PlistError/Code/corruptData``, ``PlistError/Code/unsupportedFormat``), or
    ///   ``PlistError/Code/limitExceeded`` when the input is larger than `options` allow.
    /// Complexity: O(1): offset-table entries are checked as lookups follow them.
    public init(bytes: Data, options: PlistReadingOptions = PlistReadingOptions()) throws {
        guard bytes.count <= options.maximumInputBytes else {
            throw PlistError(.limitExceeded, "The input is \(bytes.count) bytes, more than the limit of \(options.maximumInputBytes)")
        }
        self.storage = .bytes(bytes)
        self.options = options
        self.trailer = try PlistError.reportingReadFailures {
            try ByteCursor.withBytes(of: bytes) { try BinaryPlistTrailer.read(from: $0, checkingOffsets: false) }
        }
    }

    /// Creates a view of a binary plist file, memory-mapped rather than read, so that only the
    /// pages a lookup touches are loaded.
    ///
    /// - Throws: ``PlistError`` with ``PlistError/Code/invalidArgument`` when the URL is not a
    ///   file URL or the file cannot be opened or mapped (or is not a regular file), or the
    ///   errors of ``init(bytes:options:)``.
    /// Complexity: O(1) besides the mapping: offset-table entries are checked as lookups
    /// follow them.
    public init(contentsOf url: URL, options: PlistReadingOptions = PlistReadingOptions()) throws {
        guard url.isFileURL else {
            throw PlistError(.invalidArgument, "Cannot map '\(url)': it is not a file URL")
        }
        try self.init(contentsOfFile: url.path, options: options)
    }

    /// Creates a view of the binary plist file at `path`, as ``init(contentsOf:options:)``
    /// does, without making a `URL` (see ``PlistDocument/init(contentsOfFile:format:options:)``).
    ///
    /// - Throws: as ``init(contentsOf:options:)``.
    public init(contentsOfFile path: String, options: PlistReadingOptions = PlistReadingOptions()) throws {
        let file = try PlistError.mapping(path, maximumBytes: options.maximumInputBytes)
        self.storage = .mapped(file)
        self.options = options
        self.trailer = try PlistError.reportingReadFailures {
            try file.withCursor { try BinaryPlistTrailer.read(from: $0, checkingOffsets: false) }
        }
    }

    /// The number of objects the file declares.
    public var objectCount: Int { trailer.objectCount }

    // MARK: Lookups

    /// The value at `path`, decoding only the objects on the path and the value itself.
    ///
    /// - Throws: ``PlistError``: ``PlistError/Code/keyPathNotFound`` or
    ///   ``PlistError/Code/keyPathTypeMismatch`` as ``PlistValue/value(at:)`` throws them, or
    ///   the eager reader's errors for malformed objects it reads.
    /// Complexity: O(k + m): the entries of the containers on the path plus the size of the
    /// value returned.
    public func value(at path: PlistKeyPath) throws -> PlistValue {
        try withDecoder { decoder in
            let (index, ancestors) = try resolve(path, with: &decoder)
            for ancestor in ancestors { decoder.markInProgress(ancestor) }
            return try decoder.decode(index, depth: ancestors.count + 1)
        }
    }

    /// The type of the value at `path`, reading only its header (and a scalar's bytes, to
    /// validate them).
    ///
    /// - Throws: as ``value(at:)``.
    public func kind(at path: PlistKeyPath) throws -> PlistValue.Kind {
        try withDecoder { decoder in
            let (index, ancestors) = try resolve(path, with: &decoder)
            return try kind(of: index, depth: ancestors.count + 1, with: &decoder)
        }
    }

    /// The number of entries of the array or dictionary at `path` (distinct keys for a
    /// dictionary).
    ///
    /// - Throws: ``PlistError/Code/keyPathTypeMismatch`` when the value is not a container,
    ///   or the errors of ``value(at:)``.
    /// Complexity: O(1) for an array, O(n) in the keys for a dictionary.
    public func count(at path: PlistKeyPath) throws -> Int {
        try withDecoder { decoder in
            let (index, ancestors) = try resolve(path, with: &decoder)
            let container = try open(index, depth: ancestors.count + 1, path: path, with: &decoder)
            return container.isDictionary ? try distinctKeys(of: container, with: &decoder).count : container.count
        }
    }

    /// The keys of the dictionary at `path`, in file order (a repeated key once, where it
    /// first appears), decoding no value.
    ///
    /// - Throws: ``PlistError/Code/keyPathTypeMismatch`` when the value is not a dictionary,
    ///   or the errors of ``value(at:)``.
    /// Complexity: O(n) in the keys.
    public func keys(at path: PlistKeyPath) throws -> [String] {
        try withDecoder { decoder in
            let (index, ancestors) = try resolve(path, with: &decoder)
            let container = try open(index, depth: ancestors.count + 1, path: path, with: &decoder)
            guard container.isDictionary else {
                // A set reads as an array, so it is reported as one, as the eager reader would see it.
                throw PlistError(.keyPathTypeMismatch, "Expected a dictionary, found array", at: .keyPath(path))
            }
            return try distinctKeys(of: container, with: &decoder).map(\.key)
        }
    }

    /// The entries of the array or dictionary at `path`, with their keys and types, decoding
    /// no value (only each value's marker byte is read).
    ///
    /// - Throws: ``PlistError/Code/keyPathTypeMismatch`` when the value is not a container,
    ///   or the errors of ``value(at:)``.
    /// Complexity: O(n) in the entries.
    public func children(at path: PlistKeyPath) throws -> [Child] {
        try withDecoder { decoder in
            let (index, ancestors) = try resolve(path, with: &decoder)
            let depth = ancestors.count + 1
            let container = try open(index, depth: depth, path: path, with: &decoder)
            var result: [Child] = []
            result.reserveCapacity(container.count)
            if container.isDictionary {
                for (position, (key, valueIndex)) in try distinctKeys(of: container, with: &decoder).enumerated() {
                    result.append(Child(index: position, key: key, kind: try kind(of: valueIndex, depth: depth + 1, with: &decoder)))
                }
            } else {
                for position in 0..<container.count {
                    let child = try decoder.valueObject(position, of: container)
                    result.append(Child(index: position, key: nil, kind: try kind(of: child, depth: depth + 1, with: &decoder)))
                }
            }
            return result
        }
    }

    // MARK: Walking

    private func withDecoder<R>(_ body: (inout BinaryPlistDecoder) throws -> R) throws -> R {
        let options = self.options
        let trailer = self.trailer
        func run(_ cursor: consuming ByteCursor) throws -> R {
            var decoder = try BinaryPlistDecoder(cursor: cursor, trailer: trailer, options: options, dense: false)
            return try body(&decoder)
        }
        return try storage.withCursor(run)
    }

    /// Reads and checks the header of object `index` as a container, or returns `nil` when it
    /// is not one.
    private func container(_ index: Int, depth: Int, with decoder: inout BinaryPlistDecoder) throws -> BinaryPlistContainer? {
        guard let container = try decoder.container(index) else { return nil }
        guard depth <= options.maximumDepth else {
            throw decoder.error("Containers are nested deeper than the limit of \(options.maximumDepth) levels", object: index, at: container.offset, code: .limitExceeded)
        }
        return container
    }

    private func open(_ index: Int, depth: Int, path: PlistKeyPath, with decoder: inout BinaryPlistDecoder) throws -> BinaryPlistContainer {
        guard let container = try container(index, depth: depth, with: &decoder) else {
            let kind = try self.kind(of: index, depth: depth, with: &decoder)
            throw PlistError(.keyPathTypeMismatch, "Expected an array or a dictionary, found \(kind.rawValue)", at: .keyPath(path))
        }
        return container
    }

    /// The type of object `index`; scalars are decoded (cheaply) so that malformed ones fail
    /// as they would in the eager reader.
    private func kind(of index: Int, depth: Int, with decoder: inout BinaryPlistDecoder) throws -> PlistValue.Kind {
        if let container = try container(index, depth: depth, with: &decoder) {
            return container.isDictionary ? .dictionary : .array
        }
        return try decoder.decode(index, depth: depth).kind
    }

    /// A dictionary's distinct keys in first-appearance order, each with the object index of
    /// its last value.
    private func distinctKeys(of container: BinaryPlistContainer, with decoder: inout BinaryPlistDecoder) throws -> [(key: String, value: Int)] {
        var result: [(key: String, value: Int)] = []
        result.reserveCapacity(container.count)
        var positions: [String: Int] = [:]
        for i in 0..<container.count {
            let keyIndex = try decoder.keyObject(i, of: container)
            let valueIndex = try decoder.valueObject(i, of: container)
            let key = try decoder.key(keyIndex)
            if let existing = positions[key] {
                result[existing].value = valueIndex
            } else {
                positions[key] = result.count
                result.append((key, valueIndex))
            }
        }
        return result
    }

    /// Follows `path` from the top object; returns the object it names and the containers
    /// passed through (root first).
    private func resolve(_ path: PlistKeyPath, with decoder: inout BinaryPlistDecoder) throws -> (index: Int, ancestors: [Int]) {
        var current = trailer.topObject
        var ancestors: [Int] = []
        ancestors.reserveCapacity(path.components.count)
        for (depth, component) in path.components.enumerated() {
            let here = PlistKeyPath(components: Array(path.components.prefix(depth + 1)))
            guard let container = try container(current, depth: depth + 1, with: &decoder) else {
                let kind = try self.kind(of: current, depth: depth + 1, with: &decoder)
                throw PlistError(.keyPathTypeMismatch, "Cannot look up '\(component)' in \(kind.nameWithArticle)", at: .keyPath(here.parent))
            }
            if ancestors.contains(current) {
                throw decoder.error("Object \(current) contains itself (a reference cycle)", object: current, at: container.offset)
            }
            ancestors.append(current)
            if container.isDictionary {
                guard let found = try lookUp(component, in: container, with: &decoder) else {
                    throw PlistError(.keyPathNotFound, "No value for key '\(component)'", at: .keyPath(here))
                }
                current = found
            } else {
                guard let index = Int(component), index >= 0, component.allSatisfy(\.isASCII) else {
                    throw PlistError(.keyPathTypeMismatch, "'\(component)' is not an array index", at: .keyPath(here))
                }
                guard index < container.count else {
                    throw PlistError(.keyPathNotFound, "Index \(index) is beyond the end of an array of \(container.count) elements", at: .keyPath(here))
                }
                current = try decoder.valueObject(index, of: container)
            }
        }
        if ancestors.contains(current) {
            let (_, offset) = try decoder.header(of: current)
            throw decoder.error("Object \(current) contains itself (a reference cycle)", object: current, at: offset)
        }
        return (current, ancestors)
    }

    /// The object index of the last value whose key equals `wanted`, or `nil`. ASCII keys
    /// stored as ASCII are compared byte for byte (equal ASCII strings have equal bytes); any
    /// other pairing is decoded and compared as Swift strings.
    ///
    /// The keys are searched from the last: a repeated key's last value is the one readers
    /// keep, so the first match from the end is the answer and the keys before it need not be
    /// read (on average half of a large dictionary).
    private func lookUp(_ wanted: String, in container: BinaryPlistContainer, with decoder: inout BinaryPlistDecoder) throws -> Int? {
        let wantedBytes = Array(wanted.utf8)
        let wantedIsASCII = wantedBytes.allSatisfy { $0 < 0x80 }
        for i in stride(from: container.count - 1, through: 0, by: -1) {
            let keyIndex = try decoder.keyObject(i, of: container)
            let (marker, offset) = try decoder.header(of: keyIndex)
            let matches: Bool
            if wantedIsASCII, marker >> 4 == 0x5 {
                let (length, start) = try decoder.count(nibble: marker & 0x0F, after: offset + 1, object: keyIndex, at: offset)
                try decoder.checkExtent(length, width: 1, from: start, what: "An ASCII string", object: keyIndex, at: offset)
                matches = length == wantedBytes.count && decoder.cursor.hasBytes(wantedBytes, at: start)
            } else {
                matches = try decoder.key(keyIndex) == wanted
            }
            if matches {
                return try decoder.valueObject(i, of: container)
            }
        }
        return nil
    }
}
