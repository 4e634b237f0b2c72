/// An error reading an Info.plist or expanding the build settings in a property list.
///
/// Like ``PlistError`` it says what was found and where, in a full sentence
/// (``description``), and carries the same facts in fields for programs: a ``Code``, a
/// location (a key path in the property list, or a line of a settings file) and, for
/// undefined settings, every reference that named one.
public struct InfoPlistError: LocatedError {
    /// The kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The root of the property list is not a dictionary, as an Info.plist's is.
        case notADictionary
        /// References name build settings that are not defined (see ``undefinedSettings``).
        case undefinedBuildSetting
        /// A build setting's value refers back to the setting itself, directly or through
        /// others.
        case buildSettingCycle
        /// References nest deeper than ``BuildSettingExpander/maximumDepth``, in a string or
        /// through settings whose values refer to others.
        case expansionTooDeep
        /// An expansion gives a string longer than ``BuildSettingExpander/maximumLength``, or
        /// all strings together longer than ``BuildSettingExpander/maximumTotalLength``.
        case expansionTooLong
        /// A reference names a modifier (`$(NAME:modifier)`) PlistKit does not know.
        case unknownModifier
        /// An expanded key is already a key of its dictionary.
        case duplicateKey
        /// A settings definition or a line of a settings file is not `NAME = value`.
        case invalidSetting
        /// A key the build settings generate holds a value of a kind that does not merge with
        /// the source Info.plist's (an array onto a string).
        case conflictingValue
    }

    /// The kind of failure.
    public let code: Code
    /// What was found, as a sentence fragment without the location (no final period).
    public let reason: String
    /// Where: a key path in the property list, or a line of a settings file.
    public let location: PlistError.Location?
    /// For ``Code/undefinedBuildSetting``: every reference to an undefined setting, in the
    /// order the expansion met them.
    public let undefinedSettings: [UndefinedBuildSetting]

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - reason: What was found, without the location and without a final period.
    ///   - location: Where it was found.
    ///   - undefinedSettings: The references to undefined settings, for
    ///     ``Code/undefinedBuildSetting``.
    public init(_ code: Code, _ reason: String, at location: PlistError.Location? = nil, undefinedSettings: [UndefinedBuildSetting] = []) {
        self.code = code
        self.reason = reason
        self.location = location
        self.undefinedSettings = undefinedSettings
    }

    /// The error for references to undefined settings: one sentence naming each with its key
    /// path, such as "The build setting 'PRODUCT_NAME' is not defined (at key path
    /// 'CFBundleName')".
    static func undefined(_ references: [UndefinedBuildSetting]) -> InfoPlistError {
        let reason = references.count == 1
            ? references[0].description
            : "\(references.count) references name build settings that are not defined: "
                + references.map { "'\($0.name)' (\($0.place))" }.joined(separator: ", ")
        return InfoPlistError(.undefinedBuildSetting, reason, undefinedSettings: references)
    }
}

/// A reference to a build setting that is not defined, and where it was met.
public struct UndefinedBuildSetting: Hashable, Sendable, CustomStringConvertible {
    /// The setting's name (`PRODUCT_NAME`).
    public let name: String
    /// The string or key holding the reference, in the property list.
    public let keyPath: PlistKeyPath
    /// Whether the reference is in the key at ``keyPath`` rather than in its value.
    public let isInKey: Bool
    /// The settings whose values led to the reference, outermost first: empty when the
    /// property list names the setting itself, `["PRODUCT_BUNDLE_IDENTIFIER"]` when that
    /// setting's value does.
    public let through: [String]

    /// Creates the record of one reference.
    public init(name: String, keyPath: PlistKeyPath, isInKey: Bool = false, through: [String] = []) {
        self.name = name
        self.keyPath = keyPath
        self.isInKey = isInKey
        self.through = through
    }

    /// "The build setting 'NAME' is not defined (through A, at key path 'x')".
    public var description: String {
        "The build setting '\(name)' is not defined (\(place))"
    }

    /// Where the reference is: "through A → B, in the key at key path 'x'".
    var place: String {
        var place = isInKey ? "in the key at " : "at "
        place += keyPath.isEmpty ? "the root" : "key path '\(keyPath)'"
        return through.isEmpty ? place : "through \(through.joined(separator: " → ")), \(place)"
    }
}
