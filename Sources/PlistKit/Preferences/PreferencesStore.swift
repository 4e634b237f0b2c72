#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// A folder of preferences domains: `DOMAIN.plist` files, with the global domain in
/// `.GlobalPreferences.plist`, as `~/Library/Preferences` holds them on a Mac.
///
/// ```swift
/// let store = PreferencesStore(directory: "/backup/Users/ann/Library/Preferences")
/// let dock = try store.domain(named: "com.apple.dock")
/// let size = try dock.integer(forKey: "tilesize")
/// ```
///
/// Where the folder is when none is given: `PLISTKIT_PREFERENCES` when it is set, else
/// `~/Library/Preferences` when that folder exists, else `$XDG_CONFIG_HOME/plistkit/preferences`
/// (`~/.config/plistkit/preferences` when `XDG_CONFIG_HOME` is unset), created on the first
/// write with mode 0700.
public struct PreferencesStore: Sendable {
    /// The global domain's name.
    public static let globalDomainName = "NSGlobalDomain"
    /// The name macOS's `defaults` shows for the global domain in `find` and `read` of every
    /// domain.
    public static let globalDomainDisplayName = "Apple Global Domain"
    /// The global domain's file name.
    public static let globalDomainFileName = ".GlobalPreferences.plist"
    /// The environment variable that names the store's folder.
    public static let environmentVariable = "PLISTKIT_PREFERENCES"

    /// The folder.
    public let directory: String

    /// A store in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// A store in the folder the environment names (see above).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: Self.defaultDirectory(environment: environment))
    }

    /// The folder a store uses when none is given, for `environment`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let explicit = environment[environmentVariable], !explicit.isEmpty { return explicit }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let library = home + "/Library/Preferences"
        var info = stat()
        if stat(library, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return library }
        let configuration = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return configuration + "/plistkit/preferences"
    }

    /// Whether `name` names the global domain (`NSGlobalDomain`, or `Apple Global Domain` as
    /// `defaults` also accepts).
    public static func isGlobalDomainName(_ name: String) -> Bool {
        name == globalDomainName || name == globalDomainDisplayName
    }

    /// The domain called `name`: a domain name (`com.example.app`, read from
    /// `DIRECTORY/com.example.app.plist`), the global domain's name, or, as `defaults`
    /// accepts, the path of a file (any name with a `/`; `.plist` is added unless the path
    /// ends with it).
    ///
    /// - Throws: ``PreferencesError`` with ``PreferencesError/Code/invalidDomainName`` for an
    ///   empty name.
    public func domain(named name: String) throws -> PreferencesDomain {
        guard !name.isEmpty else {
            throw PreferencesError(.invalidDomainName, path: directory, reason: "cannot hold a domain without a name")
        }
        if Self.isGlobalDomainName(name) { return globalDomain }
        let globalFile = PreferencesFile(path: globalPath)
        return PreferencesDomain(name: name, path: path(ofDomain: name), isGlobal: false, globalFile: globalFile)
    }

    /// The global domain.
    public var globalDomain: PreferencesDomain {
        PreferencesDomain(name: Self.globalDomainName, path: globalPath, isGlobal: true, globalFile: nil)
    }

    /// The path of the file that holds the domain called `name`.
    public func path(ofDomain name: String) -> String {
        if Self.isGlobalDomainName(name) { return globalPath }
        if name.contains("/") { return name.hasSuffix(".plist") ? name : name + ".plist" }
        return "\(directory)/\(name).plist"
    }

    private var globalPath: String { "\(directory)/\(Self.globalDomainFileName)" }

    /// The names of the domains in the folder (each `NAME.plist` but the global domain's), in
    /// UTF-16 order; none when the folder does not exist.
    ///
    /// - Throws: the file manager's error when the folder cannot be listed.
    public func domainNames() throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".plist") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(".plist".count)) }
        return names.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
    }

    /// What `defaults find WORD` reports for one domain.
    public struct SearchMatch: Sendable {
        /// The domain's name (``PreferencesStore/globalDomainDisplayName`` for the global domain).
        public let domain: String
        /// How many of the domain's name, keys and string values (nested ones included)
        /// contain the word.
        public let matchCount: Int
        /// The domain's values.
        public let values: PlistDictionary
    }

    /// The domains whose name, keys or string values contain `word`, ignoring case: the
    /// global domain, then the others in ``domainNames()`` order.
    ///
    /// - Throws: ``PreferencesError`` for a domain file that cannot be read (the search
    ///   stops there).
    public func find(_ word: String) throws -> [SearchMatch] {
        let needle = word.lowercased()
        func contains(_ text: String) -> Bool { text.lowercased().contains(needle) }
        func count(_ value: PlistValue) -> Int {
            switch value {
            case .string(let string): return contains(string) ? 1 : 0
            case .array(let elements): return elements.reduce(0) { $0 + count($1) }
            case .dictionary(let dictionary):
                return dictionary.reduce(0) { $0 + (contains($1.key) ? 1 : 0) + count($1.value) }
            default: return 0
            }
        }
        var matches: [SearchMatch] = []
        let domains = [(Self.globalDomainDisplayName, globalDomain)] + (try domainNames().map { ($0, try domain(named: $0)) })
        for (name, domain) in domains {
            let values = try domain.storedValues()
            let total = (contains(name) ? 1 : 0) + count(.dictionary(values))
            if total > 0 { matches.append(SearchMatch(domain: name, matchCount: total, values: values)) }
        }
        return matches
    }
}
