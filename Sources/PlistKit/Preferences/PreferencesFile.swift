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
/// Only a regular file is read or written (see ``PreferencesPathStatus``), and never one
/// larger than the readers' input limit.
///
/// Thread-safe: the cache is behind a mutex, which is never held during I/O.
final class PreferencesFile: Sendable {
    /// The file's path.
    let path: String
    /// The format a write gives the file when it creates it.
    let newFileFormat: PlistFormat
    /// The folder a write may create (with its parents, mode 0700) when it is missing: the
    /// store's own folder or its `ByHost` folder, as Foundation creates them. `nil` for a
    /// domain named by its path, whose folder is the user's to make.
    let creatableFolder: String?

    private enum Contents: Sendable {
        case decoded(PlistDictionary)
        case binary(BinaryPlistView, bytes: Data)
    }

    private struct Cached: Sendable {
        let identity: FileIdentity
        var contents: Contents
    }

    private let cache = Mutex<Cached?>(nil)

    /// New domain files are readable by their owner only, as macOS and Foundation create them.
    static let newFileMode: mode_t = 0o600

    init(path: String, newFileFormat: PlistFormat, creatableFolder: String?) {
        self.path = path
        self.newFileFormat = newFileFormat
        self.creatableFolder = creatableFolder
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
            if case .danglingLink(let target) = try PreferencesPathStatus(path: path) {
                throw PreferencesError(.unreadableFile, path: path, reason: "is a symbolic link to '\(target)', which does not exist")
            }
            return nil
        }
        if let cached = cache.withLock({ $0 }), cached.identity == identity {
            return (identity, cached.contents)
        }
        guard let bytes = try readBytes() else { return nil }
        let contents = try load(bytes)
        if try statFile() == identity {
            cache.withLock { $0 = Cached(identity: identity, contents: contents) }
        }
        return (identity, contents)
    }

    /// The file's bytes, or `nil` when it went away since it was looked at.
    private func readBytes() throws -> Data? {
        switch try PreferencesPathStatus(path: path) {
        case .absent:
            return nil
        case .danglingLink(let target):
            throw PreferencesError(.unreadableFile, path: path, reason: "is a symbolic link to '\(target)', which does not exist")
        case .notARegularFile(let kind):
            throw PreferencesError(.unreadableFile, path: path, reason: "cannot be read: it is \(kind), not a regular file")
        case .regularFile(let size):
            let limit = PlistReadingOptions().maximumInputBytes
            guard size <= limit else {
                throw PreferencesError(.limitExceeded, path: path, reason: "is \(size) bytes, more than the \(limit) a reader accepts (PlistReadingOptions.maximumInputBytes)")
            }
            do {
                return try FileReader.read(path, maximumBytes: limit)
            } catch {
                throw PreferencesError(.unreadableFile, path: path, reason: "cannot be read: \(error.systemMessage)")
            }
        }
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
        // Said plainly: an empty file is the commonest broken domain (a write cut short).
        guard !bytes.isEmpty else { throw PreferencesError(.corruptFile, path: path, reason: "is empty, not a property list") }
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
    /// read-modify-write under the lock, and writes the result in the file's own format
    /// (``newFileFormat`` for a new file, mode 0600) when it differs from what was read.
    ///
    /// - Throws: what `body` throws, ``PreferencesError`` when the file is corrupt, unreadable,
    ///   not a regular file, a link to nothing or in a folder that does not exist (the file is
    ///   then untouched), or when the result would nest deeper or hold more than a reader
    ///   accepts; the errors of ``LockedFileUpdate/update(_:newFileMode:_:)``; a value the
    ///   file's format cannot hold throws the writer's ``PlistError``.
    func update<R>(_ body: (inout PlistDictionary) throws -> R) throws -> R {
        try prepareForWriting()
        var result: R?
        try LockedFileUpdate.update(path, newFileMode: Self.newFileMode) { old in
            if old == nil, case .danglingLink(let target) = try PreferencesPathStatus(path: path) {
                throw danglingLink(target)
            }
            var (dictionary, format) = try old.map(decodeWholeDocument) ?? (PlistDictionary(), newFileFormat)
            let before = dictionary
            result = try body(&dictionary)
            guard dictionary != before || dictionary.keys != before.keys else { return nil }
            try checkReadable(dictionary)
            return try PlistValue.dictionary(dictionary).encoded(as: format)
        }
        // The next read stats the file and reads it again: caching `dictionary` here would
        // need the identity of the file as written, which another writer may already have
        // replaced once the lock is released.
        cache.withLock { $0 = nil }
        guard let result else { preconditionFailure("LockedFileUpdate ran no change") }
        return result
    }

    /// Removes the file, or the symbolic link that names it (never the file a link points
    /// to, which may be anywhere), under the lock of its folder; returns whether there was
    /// one. A file that cannot be read as a domain is not removed, as it is never
    /// overwritten.
    ///
    /// - Throws: ``PreferencesError`` as reads throw it (the file is then kept), or
    ///   ``FileOperationError`` when the folder cannot be locked or the name removed.
    func remove() throws -> Bool {
        defer { cache.withLock { $0 = nil } }
        guard try PreferencesPathStatus(path: path) != .absent else { return false }
        return try FileLock.withExclusiveLock(on: Self.folder(of: path)) {
            guard try dictionary() != nil else { return false }
            guard unlink(path) == 0 else {
                if errno == ENOENT { return false }
                throw FileOperationError.current(.remove, path)
            }
            return true
        }
    }

    // MARK: Checks

    /// Refuses, before anything is locked or written, a path a write must not go through
    /// (see ``PreferencesPathStatus``), and creates the store's folder when it is missing.
    private func prepareForWriting() throws {
        switch try PreferencesPathStatus(path: path) {
        case .regularFile:
            return
        case .danglingLink(let target):
            throw danglingLink(target)
        case .notARegularFile(let kind):
            throw PreferencesError(.unwritableFile, path: path, reason: "cannot be written: it is \(kind), not a regular file")
        case .absent:
            try createFolderIfMissing()
        }
    }

    private func danglingLink(_ target: String) -> PreferencesError {
        PreferencesError(
            .unwritableFile, path: path,
            reason: "is a symbolic link to '\(target)', which does not exist; writing would replace the link with a file")
    }

    /// Creates the store's folder (and `ByHost`) when missing, as Foundation does; any other
    /// missing folder is an error, so that a mistyped path makes no folders.
    private func createFolderIfMissing() throws {
        let folder = Self.folder(of: path)
        guard !FileManager.default.fileExists(atPath: folder) else { return }
        guard folder == creatableFolder else {
            throw PreferencesError(.unwritableFile, path: path, reason: "cannot be written: its folder '\(folder)' does not exist")
        }
        // Each missing folder is private, as `~/Library/Preferences` and Foundation's are.
        var missing: [String] = []
        var next = folder
        while !next.isEmpty, !FileManager.default.fileExists(atPath: next) {
            missing.append(next)
            next = Self.folder(of: next)
        }
        for folder in missing.reversed() {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            } catch {
                guard !FileManager.default.fileExists(atPath: folder) else { continue }
                throw PreferencesError(
                    .unwritableFile, path: path,
                    reason: "cannot be written: its folder '\(folder)' cannot be created: \(PreferencesPathStatus.reasonForFailure(opening: Self.folder(of: folder)))")
            }
        }
    }

    /// Refuses a dictionary the readers would refuse once written: nested deeper than their
    /// `maximumDepth` (512 levels), or, shared references expanded, holding more values or
    /// bytes than writing allows. The binary writer would write a deeper tree, and every read
    /// of the domain would fail afterwards.
    private func checkReadable(_ dictionary: PlistDictionary) throws {
        do {
            // The writing limits are the readers' (depth 512 among them), so what passes can
            // be read back.
            try ExpandedSizeCounter.check(.dictionary(dictionary), limits: PlistWritingOptions(), for: .binaryWriter)
        } catch {
            throw PreferencesError(.limitExceeded, path: path, reason: "cannot be written, and nothing was: \(error.description)", underlyingError: error)
        }
    }

    /// Refuses values that would exceed `limits` once their shared references are expanded,
    /// as printing or searching them would expand them.
    ///
    /// - Throws: ``PreferencesError`` with ``PreferencesError/Code/limitExceeded``.
    func checkExpandedSize(of values: PlistDictionary, limits: PlistWritingOptions) throws {
        do {
            try ExpandedSizeCounter.check(.dictionary(values), limits: limits, for: .textWriter("defaults"))
        } catch {
            throw PreferencesError(.limitExceeded, path: path, reason: "is too large to print or search: \(error.description)", underlyingError: error)
        }
    }

    /// The folder part of `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
