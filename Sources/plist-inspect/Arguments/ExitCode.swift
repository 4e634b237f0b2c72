/// The process exit statuses, after BSD's sysexits.h where one fits.
enum ExitCode: Int32, Sendable {
    /// Success.
    case success = 0
    /// A check failed: a file did not lint, two files differ, a type was not the expected one.
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// The input was not a valid property list or archive (EX_DATAERR).
    case dataError = 65
    /// An input file did not exist or could not be read (EX_NOINPUT).
    case noInput = 66
    /// A program the command needs is not installed or failed (EX_UNAVAILABLE): Graphviz's
    /// `dot` for `graph --format svg`.
    case unavailable = 69
    /// An output could not be written (EX_IOERR).
    case ioError = 74
}
