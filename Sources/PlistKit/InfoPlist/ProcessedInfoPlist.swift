/// What ``InfoPlistProcessor`` made: the Info.plist, the platform it was made for, and what
/// the build settings added, removed or could not fill in.
public struct ProcessedInfoPlist: Hashable, Sendable {
    /// The Info.plist Xcode would produce.
    public var value: PlistValue
    /// The platform it was made for, or `nil` when the settings name none.
    public var platform: InfoPlistPlatform?
    /// The keys the build settings gave (generated keys and platform entries), in the order
    /// they were made.
    public var generatedKeys: [String] = []
    /// What was removed because the platform does not read it, in words ("LSUIElement,
    /// which iOS does not read").
    public var removedEntries: [String] = []
    /// The references to settings that are not defined, left as written.
    public var undefinedSettings: [UndefinedBuildSetting] = []

    /// Creates a result.
    public init(value: PlistValue, platform: InfoPlistPlatform?) {
        self.value = value
        self.platform = platform
    }
}
