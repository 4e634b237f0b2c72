import FoundationEssentials

/// What expanding the build settings in a property list gave: the expanded value, each change
/// as a replacement in the original, and the references left as they were.
public struct BuildSettingExpansion: Hashable, Sendable {
    /// The property list with its keys and strings expanded. Dictionaries keep their key
    /// order; an expanded key keeps its entry's place.
    public var value: PlistValue
    /// Each string and key the expansion changed, in document order, as replacements whose
    /// paths name values of the original (``PlistValue/replacing(_:)`` of the original gives
    /// ``value``). Empty when the original shares subtrees (a binary plist's shared
    /// references), whose changes only ``value`` gives.
    public var replacements: [PlistTextReplacement]
    /// The references to undefined settings left as they are, when the expander keeps them
    /// (``BuildSettingExpander/keepsUndefinedReferences``); empty otherwise.
    public var undefinedSettings: [UndefinedBuildSetting]

    /// Whether the expansion changed anything.
    public var changesValue: Bool

    /// Creates a result; `changesValue` defaults to whether there are replacements.
    public init(value: PlistValue, replacements: [PlistTextReplacement], undefinedSettings: [UndefinedBuildSetting], changesValue: Bool? = nil) {
        self.value = value
        self.replacements = replacements
        self.undefinedSettings = undefinedSettings
        self.changesValue = changesValue ?? !replacements.isEmpty
    }
}

/// What expanding the build settings in a file gave: its new bytes, in its own format.
public struct BuildSettingDocumentExpansion: Hashable, Sendable {
    /// The file's new bytes (the old ones when nothing changed).
    public var data: Data
    /// The file's format, which the new bytes keep.
    public var format: PlistFormat
    /// The expansion of the file's value.
    public var expansion: BuildSettingExpansion
    /// Why a text file was written whole by the format's writer rather than spliced, or `nil`
    /// when it was spliced, unchanged, binary, or the caller asked for the whole rewrite.
    public var rewriteReason: String?

    /// Creates a result.
    public init(data: Data, format: PlistFormat, expansion: BuildSettingExpansion, rewriteReason: String? = nil) {
        self.data = data
        self.format = format
        self.expansion = expansion
        self.rewriteReason = rewriteReason
    }
}
