#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Synchronization

/// One domain's file on disk: its contents, read again only when `stat` says the file changed,
/// and its read-modify-writes under ``LockedFileUpdate``.
///
/// A binary file is kept as a ``BinaryPlistView`` until something needs the whole dictionary,
/// so reading one key of a large domain decodes only that key's value (and scans the keys).
/// Other formats are decoded whole.
///
/// Thread-safe: the cache is behind a mutex, which is never held during I/O.
final class PreferencesFile: Sendable {
    /// The file's path.
    let path: String

    private enum Contents: Sendable {
        case decoded(PlistDictionary)
        case binary(BinaryPlistView, bytes: Data)
    }

    private struct Cached: Sendable {
        let identity: FileIdentity
        var contents: Contents
    }

    private let cache = Mutex<Cached?>(nil)

    /// New domain files are binary, as macOS writes them.
    static let newFileFormat = PlistFormat.binary
    /// New domain files are readable by their owner only, as macOS creates them.
    static let newFileMode: mode_t = 0o600

    init(path: String) {
        self.path = path
    }

    // MARK: Reading

    /// Whether the file exists.
    var exists: Bool {
        get throws { try FileIdentity(path: path) != nil }
    }

    /// The value stored for `key` in this file, or `nil` (also when there is no file).
    ///
    /// - Throws: ``PreferencesError`` for a file that cannot be read or is corrupt where the
    ///   lookup goes.
    func value(forKey key: String) throws -> PlistValue? {
        switch try currentContents() {
        case nil:
            return nil
        case .decoded(let dictionary):
            return dictionary[key]
        case .binary(let view, _):
            do {
                return try view.value(at: PlistKeyPath(components: [key]))
            } catch let error as PlistError where error.code == .keyPathNotFound {
                return nil
            } catch let error as PlistError {
                throw corrupt(error)
            }
        }
    }

    /// The whole dictionary, or `nil` when there is no file.
    ///
    /// - Throws: ``PreferencesError`` for a file that cannot be read or is corrupt.
    func dictionary() throws -> PlistDictionary? {
        guard let (identity, contents) = try currentContentsWithIdentity() else { return nil }
        switch contents {
        case .decoded(let dictionary):
            return dictionary
        case .binary(_, let bytes):
            let dictionary = try decodeWhole(bytes)
            cache.withLock { cached in
                if cached?.identity == identity { cached?.contents = .decoded(dictionary) }
            }
            return dictionary
        }
    }

    private func currentContents() throws -> Contents? {
        try currentContentsWithIdentity()?.contents
    }

    /// The cached contents when the file has not changed since they were read, otherwise the
    /// file read again (and cached when it did not change while being read).
    private func currentContentsWithIdentity() throws -> (identity: FileIdentity, contents: Contents)? {
        guard let identity = try statFile() else {
            cache.withLock { $0 = nil }
            return nil
        }
        if let cached = cache.withLock({ $0 }), cached.identity == identity {
            return (identity, cached.contents)
        }
        let bytes: Data
        do {
            bytes = try FileReader.read(path, maximumBytes: PlistReadingOptions().maximumInputBytes)
        } catch {
            throw PreferencesError(.unreadableFile, path: path, reason: "cannot be read: \(error.systemMessage)")
        }
        let contents = try load(bytes)
        if try statFile() == identity {
            cache.withLock { $0 = Cached(identity: identity, contents: contents) }
        }
        return (identity, contents)
    }

    private func statFile() throws -> FileIdentity? {
        do {
            return try FileIdentity(path: path)
        } catch {
            throw PreferencesError(.unreadableFile, path: path, reason: "cannot be read: \(error.systemMessage)")
        }
    }

    private func load(_ bytes: Data) throws -> Contents {
        guard PlistFormat(detecting: bytes) == .binary else { return .decoded(try decodeWhole(bytes)) }
        do {
            let view = try BinaryPlistView(bytes: bytes)
            let kind = try view.kind(at: .root)
            guard kind == .dictionary else { throw notADictionary(kind) }
            return .binary(view, bytes: bytes)
        } catch let error as PlistError {
            throw corrupt(error)
        }
    }

    /// The dictionary of a domain file's bytes, with the file's format.
    private func decodeWholeDocument(_ bytes: Data) throws -> (PlistDictionary, PlistFormat) {
        let document: PlistDocument
        do {
            document = try PlistDocument(decoding: bytes)
        } catch let error as PlistError {
            throw corrupt(error)
        }
        guard case .dictionary(let dictionary) = document.value else { throw notADictionary(document.value.kind) }
        return (dictionary, document.format)
    }

    private func decodeWhole(_ bytes: Data) throws -> PlistDictionary {
        try decodeWholeDocument(bytes).0
    }

    private func corrupt(_ error: PlistError) -> PreferencesError {
        PreferencesError(.corruptFile, path: path, reason: "is not a valid property list: \(error.description)", underlyingError: error)
    }

    private func notADictionary(_ kind: PlistValue.Kind) -> PreferencesError {
        let article = kind == .array ? "an" : "a"
        return PreferencesError(.notADictionary, path: path, reason: "holds \(article) \(kind.rawValue) at its root, not a dictionary")
    }

    // MARK: Writing

    /// Applies `body` to the file's dictionary (empty when there is no file) in one
    /// read-modify-write under the lock, and writes the result in the file's own format (binary
    /// for a new file, mode 0600) when it differs from what was read.
    ///
    /// - Throws: what `body` throws, ``PreferencesError`` when the file is corrupt or
    ///   unreadable (the file is then untouched), or the errors of
    ///   ``LockedFileUpdate/update(_:newFileMode:_:)``; a value the file's format cannot hold
    ///   throws the writer's ``PlistError``.
    func update<R>(_ body: (inout PlistDictionary) throws -> R) throws -> R {
        try createDirectoryIfMissing()
        var result: R?
        try LockedFileUpdate.update(path, newFileMode: Self.newFileMode) { old in
            var (dictionary, format) = try old.map(decodeWholeDocument) ?? (PlistDictionary(), Self.newFileFormat)
            let before = dictionary
            result = try body(&dictionary)
            guard dictionary != before || dictionary.keys != before.keys else { return nil }
            return try PlistValue.dictionary(dictionary).encoded(as: format)
        }
        // The next read stats the file and reads it again: caching `dictionary` here would
        // need the identity of the file as written, which another writer may already have
        // replaced once the lock is released.
        cache.withLock { $0 = nil }
        guard let result else { preconditionFailure("LockedFileUpdate ran no change") }
        return result
    }

    /// Removes the file under the lock; returns whether there was one.
    func remove() throws -> Bool {
        defer { cache.withLock { $0 = nil } }
        return try LockedFileUpdate.remove(path)
    }

    /// A store's directory may not exist yet (the XDG fallback); it is made private, as
    /// `~/Library/Preferences` is.
    private func createDirectoryIfMissing() throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard !FileManager.default.fileExists(atPath: directory) else { return }
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}
