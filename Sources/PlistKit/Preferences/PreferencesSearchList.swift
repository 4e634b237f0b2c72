/// The places a domain's getters look for a key, in macOS's order: the domain's own file, then
/// the global domain's file (`NSGlobalDomain`, `.GlobalPreferences.plist`), then the values
/// registered with ``PreferencesDomain/register(_:)``.
///
/// UserDefaults' search list also holds domains this one leaves out, each for a reason:
/// forced (managed) preferences and the argument domain (`-key value` on the launching
/// process's command line) come first on macOS, the by-host (`-currentHost`) files and the
/// languages domain sit between the global domain and the registration domain, and
/// `/Library/Preferences` holds the any-user values. A store on Linux reads another
/// machine's files: none of those belong to the process that reads them. See
/// Docs/Preferences.md.
struct PreferencesSearchList: Sendable {
    /// The domain's own file first, then the global domain's (absent for the global domain
    /// itself).
    let files: [PreferencesFile]

    /// The first value stored for `key`, or the registered one.
    func value(forKey key: String, registered: PlistDictionary) throws -> PlistValue? {
        for file in files {
            if let value = try file.value(forKey: key) { return value }
        }
        return registered[key]
    }

    /// Every key of the search list with the value `value(forKey:registered:)` gives it:
    /// registered values overridden by the global domain, overridden by the domain.
    func mergedDictionary(registered: PlistDictionary) throws -> PlistDictionary {
        var merged = registered
        for file in files.reversed() {
            for (key, value) in try file.dictionary() ?? PlistDictionary() { merged[key] = value }
        }
        return merged
    }
}
