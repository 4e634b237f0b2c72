#if os(macOS)
import Darwin
#endif

/// Which of a user's preference files a store's domains are: those for any host
/// (`DOMAIN.plist`), or the by-host ones of one host (`ByHost/DOMAIN.HOSTID.plist`), as
/// `defaults -currentHost` and `defaults -host NAME` choose them.
///
/// CFPreferences names a by-host file after the domain and a host identifier, in a `ByHost`
/// folder inside the preferences folder; the global domain's by-host file is
/// `ByHost/.GlobalPreferences.HOSTID.plist`. Apps read the current host's file before the
/// any-host one (see ``PreferencesDomain``'s search list).
public enum PreferencesHost: Hashable, Sendable {
    /// The files for any host: `DOMAIN.plist` in the preferences folder.
    case any
    /// This machine's by-host files: `ByHost/DOMAIN.HOSTID.plist` with
    /// ``currentIdentifier``.
    case current
    /// The by-host files of the host called `name` (`ByHost/DOMAIN.NAME.plist`), as
    /// `defaults -host NAME` names them.
    case named(String)

    /// The identifier this machine's by-host files carry, the one Foundation's preferences
    /// use on this system.
    ///
    /// On Linux it is empty, so the files are `ByHost/DOMAIN..plist`: swift-corelibs-foundation's
    /// CFPreferences (`_CFPreferencesGetByHostIdentifierString`) has no host identifier off
    /// Darwin and returns the empty string, and `UserDefaults` reads
    /// `~/.config/ByHost/.GlobalPreferences..plist`, not a file named after
    /// `/etc/machine-id`. On macOS it is the hardware UUID (`gethostuuid`), or, for a UUID of
    /// the compatible form `00000000-0000-1000-8000-…`, its last twelve digits in lowercase
    /// (the Ethernet address older systems used), as CFPreferences derives it.
    public static let currentIdentifier: String = {
        #if os(macOS)
        var uuid = [UInt8](repeating: 0, count: 16)
        var wait = timespec(tv_sec: 0, tv_nsec: 0)
        guard gethostuuid(&uuid, &wait) == 0 else { return "UnknownHostID" }
        let hex = uuid.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        let groups = [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }
        let text = groups.joined(separator: "-")
        if text.hasPrefix("00000000-0000-1000-8000-") { return groups[4].lowercased() }
        return text
        #else
        return ""
        #endif
    }()

    /// The identifier in the host's file names, or `nil` for ``any``.
    public var identifier: String? {
        switch self {
        case .any: return nil
        case .current: return Self.currentIdentifier
        case .named(let name): return name
        }
    }
}
