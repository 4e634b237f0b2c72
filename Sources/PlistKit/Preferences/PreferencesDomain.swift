import FoundationEssentials
import Synchronization

/// One preferences domain (an app's `com.example.app.plist`, or the global domain), read and
/// written as UserDefaults reads and writes it.
///
/// ```swift
/// let store = PreferencesStore()
/// let app = try store.domain(named: "com.example.app")
/// app.register(["LaunchCount": 0, "Theme": "light"])
/// try app.set(try app.integer(forKey: "LaunchCount") + 1, forKey: "LaunchCount")
/// let theme = try app.string(forKey: "Theme")            // the file's, the global domain's, or "light"
/// try app.update { changes in                             // many changes, one lock, one write
///     changes.set("dark", forKey: "Theme")
///     changes.removeValue(forKey: "LastError")
/// }
/// ```
///
/// **Getters** follow UserDefaults: they look in this host's by-host file of the domain, the
/// domain's file, this host's by-host global domain, the global domain's file, then in the
/// registered values (``PreferencesSearchList`` says what macOS's search
/// list holds besides), and convert as UserDefaults does: ``integer(forKey:)`` is 0 when absent
/// and reads a numeric string, ``bool(forKey:)`` reads "YES", "true" and "1", ``string(forKey:)``
/// gives numbers as text, ``url(forKey:)`` reads a path string or archived URL data. The
/// `stored…` getters read this domain's file alone, as the `defaults` command does.
///
/// **Reads** see other processes' writes: each one `stat`s the file and reads it again only
/// when it changed. Reading one key of a binary file decodes only that key's value.
///
/// **Writes** are each one read-modify-write under an advisory lock, written atomically
/// (``LockedFileUpdate``), so concurrent writers in several processes lose nothing; ``update(_:)``
/// makes many changes under one lock and one write. A file keeps its format and permission
/// bits; a new file is binary with mode 0600. A corrupt or unreadable file makes reads and
/// writes throw ``PreferencesError`` and is never reset.
///
/// A domain is `Sendable`: one instance may be used from several threads at once.
public final class PreferencesDomain: Sendable {
    /// The domain's name as given (`com.example.app`, `NSGlobalDomain`, or a path).
    public let name: String
    /// The path of the domain's file.
    public let path: String
    /// Whether this is the global domain.
    public let isGlobal: Bool

    private let file: PreferencesFile
    private let searchList: PreferencesSearchList
    private let registered = Mutex(PlistDictionary())

    /// A domain stored in `file`, whose getters look in `searchList` (which holds `file`).
    init(name: String, file: PreferencesFile, searchList: [PreferencesFile], isGlobal: Bool) {
        self.name = name
        self.path = file.path
        self.isGlobal = isGlobal
        self.file = file
        self.searchList = PreferencesSearchList(files: searchList)
    }

    // MARK: Registration

    /// Adds fallback values, consulted after this domain and the global domain, as
    /// `register(defaults:)` does; a key registered again takes the new value. Registered
    /// values live in this object only and are never written.
    public func register(_ defaults: PlistDictionary) {
        registered.withLock { values in
            for (key, value) in defaults { values[key] = value }
        }
    }

    /// The values registered so far.
    public var registeredValues: PlistDictionary {
        registered.withLock { $0 }
    }

    // MARK: Search-list getters

    /// The value for `key` from the search list (this domain's by-host and any-host files, the
    /// global domain's, the registered values), or `nil`.
    ///
    /// - Throws: ``PreferencesError`` when a file on the way cannot be read or is corrupt.
    public func value(forKey key: String) throws -> PlistValue? {
        try searchList.value(forKey: key, registered: registeredValues)
    }

    /// The value as an integer: 0 when absent or not convertible; reals truncate, booleans
    /// are 1 or 0, strings give their leading integer (see ``PreferencesCoercion``).
    public func integer(forKey key: String) throws -> Int {
        PreferencesCoercion.integer(try value(forKey: key))
    }

    /// The value as a real: 0 when absent or not convertible; strings give their leading number.
    public func double(forKey key: String) throws -> Double {
        PreferencesCoercion.double(try value(forKey: key))
    }

    /// The value as a boolean: `false` when absent; numbers are true unless 0; the strings
    /// "true" and "YES" (any case) and strings with a non-zero leading integer are true.
    public func bool(forKey key: String) throws -> Bool {
        PreferencesCoercion.bool(try value(forKey: key))
    }

    /// The value as a string: strings, and numbers and booleans as their text (`"5"`,
    /// `"1.5"`, `"1"`); `nil` for anything else.
    public func string(forKey key: String) throws -> String? {
        PreferencesCoercion.string(try value(forKey: key))
    }

    /// The value when it is an array.
    public func array(forKey key: String) throws -> [PlistValue]? {
        try value(forKey: key)?.array
    }

    /// The value when it is a dictionary.
    public func dictionary(forKey key: String) throws -> PlistDictionary? {
        try value(forKey: key)?.dictionary
    }

    /// The value when it is data.
    public func data(forKey key: String) throws -> Data? {
        try value(forKey: key)?.data
    }

    /// The value when it is a date.
    public func date(forKey key: String) throws -> Date? {
        try value(forKey: key)?.date
    }

    /// The value as a URL, as `url(forKey:)` reads it: keyed-archive data holding an `NSURL`
    /// (what ``set(_:forKey:)-(URL,_)`` stores) is unarchived; a string is a file path, `~`
    /// expanded to the home directory. `nil` for anything else, and for data that is not an
    /// archived URL.
    public func url(forKey key: String) throws -> URL? {
        switch try value(forKey: key) {
        case .data(let bytes)?:
            return try? KeyedUnarchiver.unarchivedObject(ofClass: URL.self, from: bytes)
        case .string(let path)?:
            return URL(fileURLWithPath: Self.expandingTilde(path))
        default:
            return nil
        }
    }

    /// Decodes a `Codable` value stored with ``set(encoding:forKey:encoder:)``, or stored as
    /// property-list data (what apps store with `PropertyListEncoder().encode(…)`), or `nil`
    /// when the key is absent.
    ///
    /// - Throws: `DecodingError` when the value does not decode as `type`.
    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String, decoder: PlistDecoder = PlistDecoder()) throws -> Value? {
        switch try value(forKey: key) {
        case nil: return nil
        case .data(let bytes)?: return try decoder.decode(type, from: bytes)
        case let value?: return try decoder.decode(type, from: value)
        }
    }

    /// Unarchives an object stored as keyed-archive data (by ``set(archiving:forKey:)``, or by
    /// `NSKeyedArchiver` on a Mac), allowing only the classes `type` reads and those of
    /// `additionalTypes` (its fields' types) anywhere in the archive; `nil` when the key is
    /// absent.
    ///
    /// - Throws: ``KeyedArchiveError`` when the value is not an archive, holds a class outside
    ///   the allow-list, or does not decode as `type`.
    public func unarchive<Object: KeyedArchivable>(
        _ type: Object.Type, forKey key: String, allowing additionalTypes: [any KeyedArchivable.Type] = []
    ) throws -> Object? {
        guard let value = try value(forKey: key) else { return nil }
        guard case .data(let bytes) = value else {
            throw KeyedArchiveError(.typeMismatch, "The value for '\(key)' is \(value.kind.nameWithArticle), not keyed-archive data", keyPath: [key])
        }
        return try KeyedUnarchiver.unarchivedObject(ofClass: type, from: bytes, additionalTypes: additionalTypes)
    }

    /// Every key of the search list with the value ``value(forKey:)`` gives it, as
    /// `dictionaryRepresentation()`.
    public func dictionaryRepresentation() throws -> PlistDictionary {
        try searchList.mergedDictionary(registered: registeredValues)
    }

    // MARK: This domain's file

    /// Whether the domain's file exists.
    public var exists: Bool {
        get throws { try file.exists }
    }

    /// The value stored for `key` in this domain's file, without the global or registered
    /// values (what `defaults read DOMAIN KEY` shows).
    public func storedValue(forKey key: String) throws -> PlistValue? {
        try file.value(forKey: key)
    }

    /// The whole domain, as its file holds it (empty when there is no file): UserDefaults'
    /// `persistentDomain(forName:)`.
    public func storedValues() throws -> PlistDictionary {
        try file.dictionary() ?? PlistDictionary()
    }

    // MARK: Writing

    /// Applies `body` to the domain's stored values in one read-modify-write: one lock, one
    /// atomic write (none when nothing changed).
    ///
    /// - Throws: what `body` throws (nothing is written then), ``PreferencesError`` for a
    ///   corrupt or unreadable file, ``PlistError`` when the file's format cannot hold a value
    ///   (an XML file and a UID), ``FileOperationError`` when the file cannot be locked or
    ///   written.
    @discardableResult
    public func update<R>(_ body: (inout PreferencesChanges) throws -> R) throws -> R {
        try file.update { values in
            var changes = PreferencesChanges(values: values)
            defer { values = changes.values }
            return try body(&changes)
        }
    }

    /// Stores `value` for `key`.
    public func set(_ value: PlistValue, forKey key: String) throws {
        try update { $0.set(value, forKey: key) }
    }

    /// Stores an integer.
    public func set(_ value: Int, forKey key: String) throws {
        try update { $0.set(value, forKey: key) }
    }

    /// Stores a real.
    public func set(_ value: Double, forKey key: String) throws {
        try update { $0.set(value, forKey: key) }
    }

    /// Stores a boolean.
    public func set(_ value: Bool, forKey key: String) throws {
        try update { $0.set(value, forKey: key) }
    }

    /// Stores a string.
    public func set(_ value: String, forKey key: String) throws {
        try update { $0.set(value, forKey: key) }
    }

    /// Stores data.
    public func set(_ value: Data, forKey key: String) throws {
        try update { $0.set(value, forKey: key) }
    }

    /// Stores a date.
    public func set(_ value: Date, forKey key: String) throws {
        try update { $0.set(value, forKey: key) }
    }

    /// Stores a URL, archived as `setURL(_:forKey:)` does (see ``PreferencesChanges/set(_:forKey:)-(URL,_)``).
    public func set(_ value: URL, forKey key: String) throws {
        try update { try $0.set(value, forKey: key) }
    }

    /// Stores a `Codable` value as a property-list value (see
    /// ``PreferencesChanges/set(encoding:forKey:encoder:)``).
    public func set<Value: Encodable>(encoding value: Value, forKey key: String, encoder: PlistEncoder = PlistEncoder()) throws {
        try update { try $0.set(encoding: value, forKey: key, encoder: encoder) }
    }

    /// Stores an object as keyed-archive data (see ``PreferencesChanges/set(archiving:forKey:)``).
    public func set<Object: KeyedArchivable>(archiving object: Object, forKey key: String) throws {
        try update { try $0.set(archiving: object, forKey: key) }
    }

    /// Removes the value stored for `key`; returns it, or `nil` when there was none (the file
    /// is then not written).
    @discardableResult
    public func removeValue(forKey key: String) throws -> PlistValue? {
        try update { $0.removeValue(forKey: key) }
    }

    /// Replaces all of the domain's values with `values`, as `setPersistentDomain(_:forName:)`.
    public func replaceStoredValues(with values: PlistDictionary) throws {
        try update { $0.values = values }
    }

    /// Removes the domain's file, as `removePersistentDomain(forName:)`; returns whether there
    /// was one. When the domain's name is a symbolic link, the link is removed, not the file it
    /// points to.
    ///
    /// - Throws: ``PreferencesError`` for a file that cannot be read as a domain (corrupt, not
    ///   a dictionary, not a regular file, a link to nothing), which is then kept;
    ///   ``FileOperationError`` when the folder cannot be locked or the name removed.
    @discardableResult
    public func removeDomain() throws -> Bool {
        try file.remove()
    }

    private static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/"
        return home + path.dropFirst()
    }
}
