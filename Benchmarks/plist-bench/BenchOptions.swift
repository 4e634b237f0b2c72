/// The command line of `plist-bench`.
struct BenchOptions {
    /// Smaller data (libraries of 5,000 tracks instead of 50,000) and fewer iterations.
    var isQuick = false
    /// Print one JSON document instead of the table.
    var printsJSON = false
    /// Run only operations whose name contains one of these substrings (case-insensitive).
    var filters: [String] = []
    /// Timed runs per side; `nil` for the mode's default.
    var iterations: Int?
    /// Stop timing a side once it has spent this many seconds on one operation (after at
    /// least one run), so Foundation's slowest operations do not take the whole session.
    var budgetSeconds = 40.0
    /// Measure each side's peak memory in a forked child.
    var measuresMemory = true
    /// Write the generated data files here and exit.
    var dataDirectory: String?
    /// List the operations and exit.
    var listsOperations = false
    /// Override the number of library tracks.
    var trackCount: Int?
    /// The music libraries the library operations run on, in this order.
    var dataSets = LibraryDataSet.allCases
    /// Run the size ladder (``LadderOperations``) instead of the other operations.
    var runsLadder = false
    /// Run only PlistKit's side (for profilers such as callgrind, where Foundation's runs
    /// would only add noise).
    var runsOnlyPlistKit = false

    static let usage = """
        OVERVIEW: PlistKit against Foundation on the same generated data, in one process.

        USAGE: plist-bench [--quick] [--json] [--filter SUBSTRING]... [--iterations N]
                           [--budget SECONDS] [--tracks N] [--data-set SET] [--no-memory]
                           [--list] [--write-data DIR] [--plistkit-only] [--ladder]

        OPTIONS:
          --quick              Libraries of 5,000 tracks (default 50,000) and 3 iterations.
          --json               Print the results as JSON.
          --filter SUBSTRING   Run only operations whose name contains SUBSTRING
                               (case-insensitive); repeatable.
          --iterations N       Timed runs per side (default 5; 3 with --quick).
          --budget SECONDS     Stop timing a side after this long on one operation, once it
                               has run at least once (default 40).
          --tracks N           Tracks in each music library (overrides --quick's size).
          --data-set SET       The music libraries the library operations (decode, encode,
                               Codable, key path) run on: library, library-intl or both
                               (default both); each operation's name says its set.
          --no-memory          Skip the peak-memory measurement (one forked run per side).
          --list               List the operations and exit.
          --write-data DIR     Write the generated files (XML and binary) into DIR and exit:
                               each selected library as SET.xml and SET.bplist, and more.
          --plistkit-only      Skip Foundation's side (for profiling PlistKit alone).
          --ladder             The size ladder instead: a 1 KB and a 30 KB Info.plist, a
                               10 KB preferences domain, a 1 KB keyed archive, and both
                               libraries at 20, 200, 2,000 tracks and --tracks; parse, write,
                               Codable, keyed archives and a one-key lookup on each, many
                               documents per timed run on small rungs. With --write-data,
                               writes RUNG.xml, RUNG.bplist and ladder.tsv (one line a rung:
                               name, documents per run, lookup key path).
          -h, --help           Show this help.
        """

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``BenchUsageError`` for an unknown option or a missing or bad value.
    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let next = remaining.popFirst() else {
                throw BenchUsageError(message: "Option \(option) needs a value.")
            }
            return next
        }
        func positive(_ text: String, for option: String) throws -> Int {
            guard let number = Int(text), number > 0 else {
                throw BenchUsageError(message: "Option \(option) needs a positive integer, not '\(text)'.")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": isQuick = true
            case "--json": printsJSON = true
            case "--filter": filters.append(try value(for: argument).lowercased())
            case "--iterations": iterations = try positive(try value(for: argument), for: argument)
            case "--tracks": trackCount = try positive(try value(for: argument), for: argument)
            case "--budget":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds > 0 else {
                    throw BenchUsageError(message: "Option --budget needs a positive number of seconds, not '\(text)'.")
                }
                budgetSeconds = seconds
            case "--no-memory": measuresMemory = false
            case "--list": listsOperations = true
            case "--plistkit-only": runsOnlyPlistKit = true
            case "--ladder": runsLadder = true
            case "--write-data": dataDirectory = try value(for: argument)
            case "--data-set":
                let text = try value(for: argument)
                guard let sets = LibraryDataSet.selection(named: text) else {
                    throw BenchUsageError(message: "Option --data-set needs library, library-intl or both, not '\(text)'.")
                }
                dataSets = sets
            case "-h", "--help": throw BenchUsageError(message: nil)
            default: throw BenchUsageError(message: "Unknown option '\(argument)'.")
            }
        }
    }

    /// The number of timed runs per side.
    var effectiveIterations: Int { iterations ?? (isQuick ? 3 : 5) }

    /// The number of tracks in each music library.
    var effectiveTrackCount: Int { trackCount ?? (isQuick ? 5_000 : 50_000) }

    /// Whether the operation named `name` is selected by `--filter`.
    func selects(_ name: String) -> Bool {
        filters.isEmpty || filters.contains { name.lowercased().contains($0) }
    }
}

/// A bad command line; `message` is `nil` when help was asked for.
struct BenchUsageError: Error {
    let message: String?
}
