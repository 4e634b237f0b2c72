import FoundationEssentials

/// The values of one domain file during a batch update (``PreferencesDomain/update(_:)``):
/// every change made here is written at once, under one lock, when the batch ends.
///
/// It holds only the domain's own values (not the global or registered ones), as they are in
/// the file when the lock is taken.
public struct PreferencesChanges: Sendable {
    /// The domain's values, in the file's order; new keys go at the end.
    public var values: PlistDictionary

    /// Creates a batch over `values`.
    public init(values: PlistDictionary) {
        self.values = values
    }

    /// The value stored for `key`; setting `nil` removes it.
    public subscript(key: String) -> PlistValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Stores `value` for `key`.
    public mutating func set(_ value: PlistValue, forKey key: String) {
        values[key] = value
    }

    /// Stores an integer.
    public mutating func set(_ value: Int, forKey key: String) {
        values[key] = PlistValue(value)
    }

    /// Stores a real.
    public mutating func set(_ value: Double, forKey key: String) {
        values[key] = .real(value)
    }

    /// Stores a boolean.
    public mutating func set(_ value: Bool, forKey key: String) {
        values[key] = .boolean(value)
    }

    /// Stores a string.
    public mutating func set(_ value: String, forKey key: String) {
        values[key] = .string(value)
    }

    /// Stores data.
    public mutating func set(_ value: Data, forKey key: String) {
        values[key] = .data(value)
    }

    /// Stores a date.
    public mutating func set(_ value: Date, forKey key: String) {
        values[key] = .date(value)
    }

    /// Stores a URL as UserDefaults' `setURL(_:forKey:)` does: archived to keyed-archive data
    /// (an `NSURL`), which ``PreferencesDomain/url(forKey:)`` reads back.
    ///
    /// - Throws: the archiver's errors.
    public mutating func set(_ value: URL, forKey key: String) throws {
        values[key] = .data(try KeyedArchiver.archivedData(withRootObject: value))
    }

    /// Stores a `Codable` value as the property-list value ``PlistEncoder`` makes of it (a
    /// struct becomes a dictionary), readable with ``PreferencesDomain/decode(_:forKey:)``.
    ///
    /// - Throws: `EncodingError` from the encoder.
    public mutating func set<Value: Encodable>(encoding value: Value, forKey key: String, encoder: PlistEncoder = PlistEncoder()) throws {
        values[key] = try encoder.encodeValue(value)
    }

    /// Stores an object as keyed-archive data, as apps store an `NSSecureCoding` object with
    /// `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)`; read it back with
    /// ``PreferencesDomain/unarchive(_:forKey:allowing:)``.
    ///
    /// - Throws: the archiver's errors.
    public mutating func set<Object: KeyedArchivable>(archiving object: Object, forKey key: String) throws {
        values[key] = .data(try KeyedArchiver.archivedData(withRootObject: object))
    }

    /// Removes the value for `key`; returns it, or `nil` when there was none.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> PlistValue? {
        values.removeValue(forKey: key)
    }
}
