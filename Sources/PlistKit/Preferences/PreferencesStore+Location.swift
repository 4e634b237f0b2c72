import FoundationEssentials

extension PreferencesStore {
    /// Where a store is when no folder is given, and how it writes new files there.
    public struct Location: Hashable, Sendable {
        /// The folder.
        public let directory: String
        /// The format of the files it creates.
        public let newFileFormat: PlistFormat

        /// A location.
        public init(directory: String, newFileFormat: PlistFormat) {
            self.directory = directory
            self.newFileFormat = newFileFormat
        }
    }

    /// The folder a store uses when none is given, for `environment`, and the format it gives
    /// new files: `PLISTKIT_PREFERENCES` when set and not empty (binary files, as macOS
    /// writes them), else the folder Foundation's `UserDefaults` keeps its domains in on this
    /// system, so that a Swift program and `plist-inspect defaults` read and write the same
    /// files.
    ///
    /// - On macOS: `~/Library/Preferences` (binary files).
    /// - Elsewhere: swift-corelibs-foundation's folder, `$XDG_CONFIG_HOME` when it is an
    ///   absolute path and `$HOME/.config` otherwise (`/.config` when `HOME` is unset or
    ///   empty, as Foundation has it), with XML files, as Foundation writes them there
    ///   (CFPreferences' `__CFPreferencesShouldWriteXML`). `UserDefaults(suiteName:
    ///   "org.example.tool")` keeps its domain in `~/.config/org.example.tool.plist`,
    ///   `UserDefaults.standard` of a program `tool` in `~/.config/tool.plist`, and the global
    ///   domain in `~/.config/.GlobalPreferences.plist`.
    public static func defaultLocation(environment: [String: String]) -> Location {
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            return Location(directory: explicit, newFileFormat: .binary)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let base = home.hasSuffix("/") ? String(home.dropLast()) : home
        #if os(macOS)
        return Location(directory: base + "/Library/Preferences", newFileFormat: .binary)
        #else
        let configuration = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? base + "/.config"
        return Location(directory: configuration, newFileFormat: .xml)
        #endif
    }

    /// The folder a store uses when none is given, for `environment` (see
    /// ``defaultLocation(environment:)``).
    public static func defaultDirectory(environment: [String: String]) -> String {
        defaultLocation(environment: environment).directory
    }
}
