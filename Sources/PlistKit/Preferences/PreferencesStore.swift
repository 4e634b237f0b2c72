import FoundationEssentials

/// A folder of preferences domains: `DOMAIN.plist` files, with the global domain in
/// `.GlobalPreferences.plist` and by-host domains in `ByHost/`, as `~/Library/Preferences`
/// holds them on a Mac and `~/.config` holds Foundation's on Linux.
///
/// ```swift
/// let store = PreferencesStore()                      // where UserDefaults keeps its domains
/// let tool = try store.domain(named: "org.example.tool")
/// let size = try tool.integer(forKey: "Size")
/// let backup = PreferencesStore(directory: "/backup/Users/ann/Library/Preferences")
/// ```
///
/// Where the folder is when none is given: `PLISTKIT_PREFERENCES` when it is set, else the
/// folder Foundation's `UserDefaults` uses on this system (see
/// ``defaultLocation(environment:)``), created on the first write with mode 0700.
public struct PreferencesStore: Sendable {
    /// The global domain's name.
    public static let globalDomainName = "NSGlobalDomain"
    /// The name macOS's `defaults` shows for the global domain in `find` and `read` of every
    /// domain.
    public static let globalDomainDisplayName = "Apple Global Domain"
    /// The global domain's file name.
    public static let globalDomainFileName = ".GlobalPreferences.plist"
    /// The folder, inside the store's, of the by-host domains.
    public static let byHostFolderName = "ByHost"
    /// The environment variable that names the store's folder.
    public static let environmentVariable = "PLISTKIT_PREFERENCES"

    /// The global domain's file name without `.plist`.
    static let globalDomainStem = ".GlobalPreferences"

    /// The folder.
    public let directory: String
    /// Whose files the domains are: any host's (`DOMAIN.plist`), or one host's by-host files
    /// (`ByHost/DOMAIN.HOSTID.plist`).
    public let host: PreferencesHost
    /// The format of the files this store creates (a file keeps its format once it exists).
    public let newFileFormat: PlistFormat

    /// A store in `directory`, for `host`'s files, creating files in `newFileFormat` (binary,
    /// as macOS writes them, unless told otherwise).
    public init(directory: String, host: PreferencesHost = .any, newFileFormat: PlistFormat = .binary) {
        self.directory = directory
        self.host = host
        self.newFileFormat = newFileFormat
    }

    /// A store in the folder the environment names, or Foundation's (see
    /// ``defaultLocation(environment:)``).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, host: PreferencesHost = .any) {
        let location = Self.defaultLocation(environment: environment)
        self.init(directory: location.directory, host: host, newFileFormat: location.newFileFormat)
    }

    /// The same folder, for `host`'s files.
    public func scoped(to host: PreferencesHost) -> PreferencesStore {
        PreferencesStore(directory: directory, host: host, newFileFormat: newFileFormat)
    }

    /// Whether `name` names the global domain (`NSGlobalDomain`, or `Apple Global Domain` as
    /// `defaults` also accepts).
    public static func isGlobalDomainName(_ name: String) -> Bool {
        name == globalDomainName || name == globalDomainDisplayName
    }

    // MARK: Domains

    /// The domain called `name`: a domain name (`com.example.app`, read from
    /// `DIRECTORY/com.example.app.plist`, or `DIRECTORY/ByHost/com.example.app.HOSTID.plist`
    /// for a host's store), the global domain's name, or, as `defaults` accepts, the path of
    /// a file (any name with a `/`; `.plist` is added unless the path ends with it).
    ///
    /// Its getters look, as `UserDefaults` does, in this host's by-host file of the domain,
    /// the domain's file, this host's by-host global domain and the global domain (a host's
    /// store: the domain's and the global domain's files of that host).
    ///
    /// - Throws: ``PreferencesError`` with ``PreferencesError/Code/invalidDomainName`` for an
    ///   empty name, a name or host holding a NUL character, or a host name holding a `/`.
    public func domain(named name: String) throws -> PreferencesDomain {
        guard !name.isEmpty, !name.contains("\0") else {
            throw PreferencesError(.invalidDomainName, path: directory, reason: "cannot hold a domain named '\(name)'")
        }
        if let identifier = host.identifier, identifier.contains("/") || identifier.contains("\0") {
            throw PreferencesError(.invalidDomainName, path: directory, reason: "cannot hold the by-host files of a host named '\(identifier)'")
        }
        let isGlobal = Self.isGlobalDomainName(name)
        let isPath = !isGlobal && name.contains("/")
        let own = file(ofDomain: name)
        // UserDefaults' order: each domain's current-host file before its any-host file, the
        // app's domain before the global domain.
        let byHost = scoped(to: .current)
        var searchList: [PreferencesFile] = []
        if host == .any, !isPath { searchList.append(byHost.file(ofDomain: name)) }
        searchList.append(own)
        if !isGlobal {
            if host == .any { searchList.append(byHost.file(ofDomain: Self.globalDomainName)) }
            searchList.append(file(ofDomain: Self.globalDomainName))
        }
        return PreferencesDomain(name: isGlobal ? Self.globalDomainName : name, file: own, searchList: searchList, isGlobal: isGlobal)
    }

    /// The global domain.
    ///
    /// - Throws: ``PreferencesError`` with ``PreferencesError/Code/invalidDomainName`` for a
    ///   host name holding a `/` or a NUL character.
    public var globalDomain: PreferencesDomain {
        get throws { try domain(named: Self.globalDomainName) }
    }

    /// The path of the file that holds the domain called `name`.
    public func path(ofDomain name: String) -> String {
        if !Self.isGlobalDomainName(name), name.contains("/") {
            return name.hasSuffix(".plist") ? name : name + ".plist"
        }
        let stem = Self.isGlobalDomainName(name) ? Self.globalDomainStem : name
        return "\(domainFolder)/\(stem)\(fileSuffix)"
    }

    /// The folder that holds this store's domain files: the store's, or its `ByHost` folder.
    var domainFolder: String {
        host == .any ? directory : "\(directory)/\(Self.byHostFolderName)"
    }

    /// What follows a domain's name in its file name: `.plist`, or `.HOSTID.plist`.
    private var fileSuffix: String {
        host.identifier.map { ".\($0).plist" } ?? ".plist"
    }

    private func file(ofDomain name: String) -> PreferencesFile {
        let path = path(ofDomain: name)
        let isInStore = Self.isGlobalDomainName(name) || !name.contains("/")
        return PreferencesFile(path: path, newFileFormat: newFileFormat, creatableFolder: isInStore ? domainFolder : nil)
    }

    // MARK: Listing

    /// One domain of the folder and its values.
    public struct StoredDomain: Sendable {
        /// The domain's name (``PreferencesStore/globalDomainDisplayName`` for the global
        /// domain).
        public let name: String
        /// Its values.
        public let values: PlistDictionary
        /// Whether this is the global domain.
        public let isGlobal: Bool
    }

    /// The domains of the folder, and its `.plist` files that are not usable domains.
    public struct Listing: Sendable {
        /// The global domain when it has a file, then the others in ``domainNames()``
        /// order.
        public var domains: [StoredDomain] = []
        /// Each `.plist` file that is not a usable domain (not a property list, empty, not a
        /// dictionary, unreadable, or past the limits asked for), with the error reading it
        /// gave: one bad file hides none of the others.
        public var failures: [PreferencesError] = []
    }

    /// Every domain of the folder with its values: the files named `NAME.plist` (this host's
    /// `NAME.HOSTID.plist` in `ByHost/` for a host's store) that are property lists with a
    /// dictionary root, the global domain first. In a shared folder such as `~/.config`, other
    /// `.plist` files are not domains; each is reported in ``Listing/failures``.
    ///
    /// - Parameter limits: when given, a domain whose values exceed these limits once their
    ///   shared references are expanded (as printing or searching it would expand them) is
    ///   reported as a failure with ``PreferencesError/Code/limitExceeded`` instead.
    /// - Throws: ``PreferencesError`` with ``PreferencesError/Code/unreadableFolder`` when
    ///   the folder exists but cannot be listed.
    /// - Complexity: reads every `.plist` file of the folder.
    public func storedDomains(limits: PlistWritingOptions? = nil) throws -> Listing {
        var listing = Listing()
        let global = path(ofDomain: Self.globalDomainName)
        let candidates = [(Self.globalDomainDisplayName, global)] + (try fileNames().map { ($0, "\(domainFolder)/\($0)\(fileSuffix)") })
        for (index, (name, path)) in candidates.enumerated() {
            let file = PreferencesFile(path: path, newFileFormat: newFileFormat, creatableFolder: nil)
            do {
                guard let values = try file.dictionary() else { continue }
                if let limits { try file.checkExpandedSize(of: values, limits: limits) }
                listing.domains.append(StoredDomain(name: name, values: values, isGlobal: index == 0))
            } catch let error as PreferencesError {
                listing.failures.append(error)
            }
        }
        return listing
    }

    /// The names of the domains in the folder, in UTF-16 order, without the global domain:
    /// ``storedDomains(limits:)``'s, so only files that are property lists with a dictionary
    /// root; none when the folder does not exist.
    ///
    /// - Throws: ``PreferencesError`` with ``PreferencesError/Code/unreadableFolder`` when
    ///   the folder exists but cannot be listed.
    public func domainNames() throws -> [String] {
        try storedDomains().domains.filter { !$0.isGlobal }.map(\.name)
    }

    /// The domain names the folder's file names give (`NAME.plist`, or `NAME.HOSTID.plist`
    /// in `ByHost/`), without the global domain's and hidden files, in UTF-16 order.
    private func fileNames() throws -> [String] {
        let folder = domainFolder
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            switch try? PreferencesPathStatus(path: folder) {
            case .absent?, .danglingLink?:
                return []
            case .regularFile?:
                throw PreferencesError(.unreadableFolder, path: folder, reason: "cannot be listed: it is a file, not a folder")
            default:
                throw PreferencesError(.unreadableFolder, path: folder, reason: "cannot be listed: \(PreferencesPathStatus.reasonForFailure(opening: folder))")
            }
        }
        // Compared by scalars: a name's last character may combine with the suffix's first.
        let suffix = Array(fileSuffix.unicodeScalars)
        let names = entries.compactMap { entry -> String? in
            let scalars = Array(entry.unicodeScalars)
            guard scalars.count > suffix.count, scalars.first != ".",
                  scalars.suffix(suffix.count).elementsEqual(suffix) else { return nil }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: scalars.dropLast(suffix.count))
            return String(name)
        }
        return names.sorted(by: PlistDictionary.keyPrecedes)
    }

    // MARK: Searching

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

    /// What ``find(_:limits:)`` found, and the files it could not search.
    public struct SearchResult: Sendable {
        /// The domains that contain the word, in ``storedDomains(limits:)`` order.
        public let matches: [SearchMatch]
        /// The `.plist` files that are not usable domains (see ``Listing/failures``).
        public let failures: [PreferencesError]
    }

    /// The domains whose name, keys or string values contain `word`, ignoring case: the
    /// global domain, then the others in ``domainNames()`` order. A file that is not a usable
    /// domain, or whose values exceed `limits` once their shared references are expanded,
    /// is reported in ``SearchResult/failures`` and the search goes on.
    ///
    /// - Throws: ``PreferencesError`` with ``PreferencesError/Code/unreadableFolder`` when
    ///   the folder exists but cannot be listed.
    /// - Complexity: O(expanded size of the domains), which `limits` bounds per domain.
    public func find(_ word: String, limits: PlistWritingOptions = PlistWritingOptions()) throws -> SearchResult {
        let listing = try storedDomains(limits: limits)
        let needle = word.lowercased()
        func contains(_ text: String) -> Bool { text.lowercased().contains(needle) }
        // The values were read from a file, so they nest at most the reader's 512 levels, and
        // the limits bound the occurrences this visits.
        func count(_ value: PlistValue) -> Int {
            switch value {
            case .string(let string): return contains(string) ? 1 : 0
            case .array(let elements): return elements.reduce(0) { $0 + count($1) }
            case .dictionary(let dictionary):
                return dictionary.reduce(0) { $0 + (contains($1.key) ? 1 : 0) + count($1.value) }
            default: return 0
            }
        }
        let matches = listing.domains.compactMap { domain -> SearchMatch? in
            let total = (contains(domain.name) ? 1 : 0) + count(.dictionary(domain.values))
            return total > 0 ? SearchMatch(domain: domain.name, matchCount: total, values: domain.values) : nil
        }
        return SearchResult(matches: matches, failures: listing.failures)
    }
}
