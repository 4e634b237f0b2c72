import FoundationEssentials
import PlistKit

/// macOS's `defaults` command lines over a folder of preferences domains:
/// `plist-inspect defaults [--directory DIR] read|read-type|write|delete|rename|domains|find|export|import …`.
///
/// Outputs, messages and statuses follow macOS's `defaults` for what it reports itself (a
/// missing domain or key: its sentence on standard error, exit 1), and the rest of
/// plist-inspect for usage errors (64), invalid domain files (65), unreadable input (66) and
/// unwritable files (74). Every format rule is PlistKit's (``DefaultsDescription``,
/// ``DefaultsValueArgument``); this parses arguments and composes library calls.
enum DefaultsCommand {
    static let spec = CommandSpec(
        name: "defaults",
        abstract: "Read and write preferences domains with macOS defaults(1) command lines.",
        discussion: """
          Verbs (DOMAIN is a domain name such as com.example.app, -g or NSGlobalDomain for
          the global domain, or the path of a file):
            read [DOMAIN [KEY]]               print every domain, a domain, or one value
            read-type DOMAIN KEY              print the value's type ('Type is integer')
            write DOMAIN KEY VALUE            write a value (see below)
            write DOMAIN '{ key = value; }'   replace the whole domain
            delete DOMAIN [KEY]               delete a domain or one key
            rename DOMAIN OLD NEW             rename a key
            domains                           list the domains
            find WORD                         list the domains whose names, keys or values contain WORD
            export DOMAIN PATH|-              save a domain (binary; '-': XML on standard output)
            import DOMAIN PATH|-              replace a domain with a property list (any format)
          VALUE is an old-style literal ('{ a = 1; b = (x, y); }', '<0a0b>', a string), or one of
          -string S, -data HEX, -int[eger] N, -float X, -bool[ean] true|false|yes|no, -date D,
          -array V…, -array-add V…, -dict K V…, -dict-add K V….
          -currentHost or -host NAME before the verb works on by-host domains instead
          (ByHost/DOMAIN.HOSTID.plist; on Linux Foundation's host id is empty: DOMAIN..plist).
          The folder is --directory, else $PLISTKIT_PREFERENCES, else the one Foundation's
          UserDefaults uses: ~/Library/Preferences on macOS, $XDG_CONFIG_HOME or ~/.config
          elsewhere. 'read' and 'find' print every readable domain and name each .plist file
          that is not one on standard error, then exit 65.
          """,
        arguments: [.init("defaults-argument", help: "A verb and its arguments, as macOS's defaults takes them.", variadic: true, optional: true)],
        options: [
            .init(["--directory"], value: "dir", help: "The folder of DOMAIN.plist files."),
            .init(["-currentHost"], help: "Use this host's by-host domains."),
            .init(["-host"], value: "name", help: "Use the by-host domains of the host NAME."),
        ])

    /// A failure macOS's `defaults` reports in its own words (no `Error:` prefix), exit 1.
    struct Message: Error {
        let text: String
    }

    /// A run that printed what it could but met files that are not usable domains: each
    /// was named on standard error; the status is 65.
    struct PartialFailure: Error {}

    static func main(_ words: [String]) -> ExitCode {
        do {
            return try run(words)
        } catch let message as Message {
            Console.shared.err(message.text + "\n")
            return .failure
        } catch is PartialFailure {
            return .dataError
        } catch {
            return RootCommand.report(failure(error))
        }
    }

    // MARK: - Dispatch

    private static func run(_ words: [String]) throws -> ExitCode {
        var words = words[...]
        var directory: String?
        var host = PreferencesHost.any
        while let first = words.first {
            if first == "--directory" {
                words.removeFirst()
                guard let value = words.popFirst() else { throw usage("Missing value for '--directory <dir>'.") }
                directory = value
            } else if first.hasPrefix("--directory=") {
                directory = String(words.removeFirst().dropFirst("--directory=".count))
            } else if first == "-currentHost" {
                words.removeFirst()
                host = .current
            } else if first == "-host" {
                words.removeFirst()
                guard let name = words.popFirst() else { throw usage("Missing value for '-host <name>'.") }
                guard !name.isEmpty, !name.contains("/"), !name.contains("\0") else {
                    throw usage("'\(StringEscaping.singleLine(name))' is not a host name: by-host files are named DOMAIN.HOST.plist.")
                }
                host = .named(name)
            } else {
                break
            }
        }
        guard let verb = words.popFirst() else { throw usage("Missing verb; use read, read-type, write, delete, rename, domains, find, export or import.") }
        if verb == "-h" || verb == "--help" || verb == "help" {
            Console.shared.out(HelpFormatter.help(spec))
            return .success
        }
        let store = (directory.map { PreferencesStore(directory: $0) } ?? PreferencesStore()).scoped(to: host)
        let arguments = Array(words)
        switch verb {
        case "read": try read(arguments, store)
        case "read-type": try readType(arguments, store)
        case "write": try write(arguments, store)
        case "delete", "remove": try delete(arguments, store)
        case "rename": try rename(arguments, store)
        case "domains": try domains(arguments, store)
        case "find": try find(arguments, store)
        case "export": try export(arguments, store)
        case "import": try importDomain(arguments, store)
        default: throw usage("Unknown verb '\(verb)'.")
        }
        return .success
    }

    // MARK: - Verbs

    private static func read(_ arguments: [String], _ store: PreferencesStore) throws {
        switch arguments.count {
        case 0:
            let listing = try store.storedDomains(limits: PlistWritingOptions())
            var all = PlistDictionary()
            for domain in listing.domains where !(domain.isGlobal && domain.values.isEmpty) {
                all[domain.name] = .dictionary(domain.values)
            }
            try output(.dictionary(all))
            try report(listing.failures)
        case 1:
            let (domain, name) = try resolve(arguments[0], store)
            let values = try domain.storedValues()
            guard !values.isEmpty else { throw Message(text: "Domain \(name) does not exist") }
            try output(.dictionary(values))
        case 2:
            try output(storedValue(arguments[1], in: arguments[0], store))
        default:
            throw usage("'read' takes at most a domain and a key.")
        }
    }

    private static func readType(_ arguments: [String], _ store: PreferencesStore) throws {
        guard arguments.count == 2 else { throw usage("'read-type' takes a domain and a key.") }
        let value = try storedValue(arguments[1], in: arguments[0], store)
        Console.shared.out(DefaultsDescription.typeLine(of: value) + "\n")
    }

    private static func storedValue(_ key: String, in domainArgument: String, _ store: PreferencesStore) throws -> PlistValue {
        let (domain, name) = try resolve(domainArgument, store)
        guard let value = try domain.storedValue(forKey: key) else {
            throw Message(text: "The domain/default pair of (\(name), \(key)) does not exist")
        }
        return value
    }

    private static func write(_ arguments: [String], _ store: PreferencesStore) throws {
        guard arguments.count >= 2 else { throw usage("'write' takes a domain and a key and value, or a domain and a dictionary.") }
        let (domain, _) = try resolve(arguments[0], store)
        if arguments.count == 2 {
            guard case .dictionary(let values) = try DefaultsValueArgument.value(parsing: arguments[1]) else {
                throw Message(text: "Rep argument is not a dictionary\nDefaults have not been changed.")
            }
            try domain.replaceStoredValues(with: values)
            return
        }
        let key = arguments[1]
        let rest = arguments[2...]
        let kind = rest[rest.startIndex]
        switch kind {
        case "-array", "-array-add":
            let elements = try values(rest.dropFirst())
            try domain.update { changes in
                var array: [PlistValue] = []
                if kind == "-array-add", let existing = changes[key] {
                    guard case .array(let old) = existing else {
                        throw Message(text: "Value for key \(key) is not an array; cannot append.  Leaving defaults unchanged.")
                    }
                    array = old
                }
                changes[key] = .array(array + elements)
            }
        case "-dict", "-dict-add":
            let entries = try pairs(rest.dropFirst())
            try domain.update { changes in
                var dictionary = PlistDictionary()
                if kind == "-dict-add", let existing = changes[key] {
                    guard case .dictionary(let old) = existing else {
                        throw Message(text: "Value for key \(key) is not a dictionary; cannot append.  Leaving defaults unchanged.")
                    }
                    dictionary = old
                }
                for (entryKey, value) in entries { dictionary[entryKey] = value }
                changes[key] = .dictionary(dictionary)
            }
        default:
            var words = rest
            let value = try self.value(&words)
            if let extra = words.first { throw Message(text: "Unexpected argument \(extra); leaving defaults unchanged.") }
            try domain.set(value, forKey: key)
        }
    }

    private static func delete(_ arguments: [String], _ store: PreferencesStore) throws {
        guard (1...2).contains(arguments.count) else { throw usage("'delete' takes a domain and at most a key.") }
        let (domain, name) = try resolve(arguments[0], store)
        let notFound = Message(text: "Domain (\(name)) not found.\nDefaults have not been changed.")
        if arguments.count == 1 {
            guard try domain.removeDomain() else { throw notFound }
            return
        }
        try domain.update { changes in
            guard changes.removeValue(forKey: arguments[1]) != nil else { throw notFound }
        }
    }

    private static func rename(_ arguments: [String], _ store: PreferencesStore) throws {
        guard arguments.count == 3 else { throw usage("'rename' takes a domain, a key and a new key.") }
        let (domain, name) = try resolve(arguments[0], store)
        let (old, new) = (arguments[1], arguments[2])
        try domain.update { changes in
            guard let value = changes.removeValue(forKey: old) else {
                throw Message(text: "Key \(old) does not exist in domain \(name); leaving defaults unchanged")
            }
            changes[new] = value
        }
    }

    private static func domains(_ arguments: [String], _ store: PreferencesStore) throws {
        guard arguments.isEmpty else { throw usage("'domains' takes no arguments.") }
        // Names come from file names, which may hold any character but `/`.
        Console.shared.out(try store.domainNames().map(StringEscaping.singleLine).joined(separator: ", ") + "\n")
    }

    private static func find(_ arguments: [String], _ store: PreferencesStore) throws {
        guard arguments.count == 1 else { throw usage("'find' takes one word.") }
        let result = try store.find(arguments[0])
        if result.matches.isEmpty {
            Console.shared.err("No domain, key, nor value containing '\(arguments[0])'\n")
        }
        for match in result.matches {
            let name = StringEscaping.singleLine(match.domain)
            Console.shared.out("Found \(match.matchCount) keys in domain '\(name)': \(try DefaultsDescription.text(of: .dictionary(match.values)))\n")
        }
        try report(result.failures)
    }

    /// Names each file that is not a usable domain on standard error, after what could be
    /// printed, and ends the run with status 65 when there was one.
    private static func report(_ failures: [PreferencesError]) throws {
        guard !failures.isEmpty else { return }
        for failure in failures {
            Console.shared.err("Error: \(StringEscaping.singleLine(failure.description))\n")
        }
        throw PartialFailure()
    }

    private static func export(_ arguments: [String], _ store: PreferencesStore) throws {
        guard arguments.count == 2 else { throw usage("'export' takes a domain and a path (or '-').") }
        let (domain, name) = try resolve(arguments[0], store)
        guard try domain.exists else { throw Message(text: "Domain \(name) does not exist") }
        let value = PlistValue.dictionary(try domain.storedValues())
        try FileIO.write(try value.encoded(as: arguments[1] == "-" ? .xml : .binary), to: arguments[1])
    }

    private static func importDomain(_ arguments: [String], _ store: PreferencesStore) throws {
        guard arguments.count == 2 else { throw usage("'import' takes a domain and a path (or '-').") }
        let (domain, _) = try resolve(arguments[0], store)
        let source = arguments[1]
        let value: PlistValue
        do {
            value = try PlistValue(decoding: try FileIO.read(source))
        } catch let error as PlistError {
            throw Failure.wrap(error, file: source)
        }
        guard case .dictionary(let values) = value else {
            throw Message(text: "Property list \(FileIO.displayName(source)) was not a dictionary\nDefaults have not been changed.")
        }
        try domain.replaceStoredValues(with: values)
    }

    // MARK: - Arguments

    /// The domain an argument names, and the name macOS's messages give it.
    private static func resolve(_ argument: String, _ store: PreferencesStore) throws -> (PreferencesDomain, String) {
        switch argument {
        case "-g", "-globalDomain":
            return (try store.globalDomain, "kCFPreferencesAnyApplication")
        case "-app":
            throw usage("'-app' is not supported: there are no applications to look a domain up in.")
        default:
            let domain = try store.domain(named: argument)
            return (domain, domain.isGlobal ? "kCFPreferencesAnyApplication" : argument)
        }
    }

    private static let compositeFlags: Set<String> = ["-array", "-array-add", "-dict", "-dict-add"]

    /// One value from the front of `words`: a type flag and its text, or a bare literal.
    private static func value(_ words: inout ArraySlice<String>) throws -> PlistValue {
        guard let word = words.popFirst() else { throw usage("Missing value.") }
        if compositeFlags.contains(word) {
            throw Message(text: "Cannot nest composite types (arrays and dictionaries); exiting")
        }
        guard let type = DefaultsValueArgument.ValueType(flag: word) else {
            return try DefaultsValueArgument.value(parsing: word)
        }
        guard let text = words.popFirst() else { throw usage("Missing value for '\(word)'.") }
        return try DefaultsValueArgument.value(text, as: type)
    }

    private static func values(_ words: ArraySlice<String>) throws -> [PlistValue] {
        var words = words
        var result: [PlistValue] = []
        while !words.isEmpty { result.append(try value(&words)) }
        return result
    }

    private static func pairs(_ words: ArraySlice<String>) throws -> [(String, PlistValue)] {
        var words = words
        var result: [(String, PlistValue)] = []
        while var key = words.popFirst() {
            if key == "-string" {
                guard let named = words.popFirst() else { throw usage("Missing value for '-string'.") }
                key = named
            } else if DefaultsValueArgument.ValueType(flag: key) != nil || compositeFlags.contains(key) {
                throw Message(text: "Dictionary keys must be strings")
            }
            guard !words.isEmpty else { throw Message(text: "Key \(key) lacks a corresponding value") }
            result.append((key, try value(&words)))
        }
        return result
    }

    // MARK: - Output and errors

    private static func output(_ value: PlistValue) throws {
        Console.shared.out(try DefaultsDescription.text(of: value) + "\n")
    }

    private static func usage(_ message: String) -> CommandError {
        CommandError.usage(message, spec)
    }

    private static func failure(_ error: Error) -> CommandError {
        switch error {
        case let error as CommandError:
            return error
        case let error as PreferencesError:
            let status: ExitCode
            switch error.code {
            case .corruptFile, .notADictionary, .limitExceeded: status = .dataError
            case .unreadableFile, .unreadableFolder: status = .noInput
            case .unwritableFile: status = .ioError
            case .invalidDomainName: return usage(StringEscaping.singleLine(error.description))
            }
            return CommandError(StringEscaping.singleLine(error.description), exitCode: status)
        case let error as FileOperationError:
            return CommandError(error.description, exitCode: .ioError)
        case let error as PlistError where error.code == .invalidArgument:
            return usage(error.description)
        default:
            return Failure.wrap(error)
        }
    }
}
