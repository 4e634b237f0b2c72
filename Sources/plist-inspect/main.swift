#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The same binary is plist-inspect and, invoked through a link named `plutil`, a plutil
// work-alike.
let words = Array(CommandLine.arguments.dropFirst())
let invokedName = CommandLine.arguments.first.map { FileIO.fileName(of: $0) } ?? "plist-inspect"
// Writing to a closed pipe (`… | head -1`) must not kill the process mid-batch: a write then
// fails with EPIPE, the console stops writing, and the work on files goes on.
signal(SIGPIPE, SIG_IGN)
var status = invokedName == "plutil" ? PlutilCommand.main(words) : RootCommand.main(words)
// Output that did not arrive is never a success: a pipeline must not take a truncated output
// for a complete one.
if let number = Console.shared.finishStandardOutput() {
    if number == EPIPE {
        // The reader wanted no more (`| head`): end as a Unix tool does, killed by SIGPIPE
        // and silent, so `set -o pipefail` sees 141 as it does for any tool in that place.
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
    }
    Console.shared.err("Error: Cannot write to standard output: \(String(cString: strerror(number))).\n")
    status = .ioError
}
exit(status.rawValue)
