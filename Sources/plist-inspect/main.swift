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
// Writing to a closed pipe (`… | head -1`) must end quietly, not kill the process mid-batch.
signal(SIGPIPE, SIG_IGN)
let status = invokedName == "plutil" ? PlutilCommand.main(words) : RootCommand.main(words)
exit(status.rawValue)
