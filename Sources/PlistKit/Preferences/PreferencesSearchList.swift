/// The places a domain's getters look for a key, in CFPreferences' order: the current host's
/// by-host file of the domain (`ByHost/DOMAIN.HOSTID.plist`), the domain's own file, the
/// current host's by-host global domain, the global domain's file (`NSGlobalDomain`,
/// `.GlobalPreferences.plist`), then the values registered with
/// ``PreferencesDomain/register(_:)``.
///
/// UserDefaults' search list also holds domains this one leaves out, each for a reason:
/// forced (managed) preferences and the argument domain (`-key value` on the launching
/// process's command line) come first on macOS, the languages domain sits before the
/// registration domain, and the any-user folder (`/Library/Preferences`,
/// `/usr/local/etc` on Linux) holds values for every user. A store reads a folder of files,
/// often another machine's: none of those belong to it. See Docs/Preferences.md.
struct PreferencesSearchList: Sendable {
    /// The files, first to last (the domain's own and the global domain's, each after its
    /// current-host file).
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
