import Foundation
import PlistKit

// plist-bench: PlistKit against Foundation on the same generated data, in one process.
// See Docs/Performance.md for how to read the figures.

let options: BenchOptions
do {
    options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch let error as BenchUsageError {
    if let message = error.message {
        FileHandle.standardError.write(Data("Error: \(message)\n\(BenchOptions.usage)\n".utf8))
        exit(64)
    }
    print(BenchOptions.usage)
    exit(0)
}

let planned = Catalog.operations(for: options).filter { options.selects($0.name) }

if options.listsOperations {
    for operation in planned { print(operation.name) }
    exit(0)
}

let workload = Workload(options: options)

if let directory = options.dataDirectory {
    do {
        let written = try DataFiles.write(workload: workload, to: directory)
        for line in written { print(line) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
        exit(74)
    }
}

let machine = MachineInfo.current()
let isTerminal = isatty(STDERR_FILENO) == 1
if !options.printsJSON {
    print(Report.header(machine: machine, options: options))
    print(Report.tableHeader())
}
let runner = Runner(options: options)
var results: [OperationResult] = []
for operation in planned {
    let result = runner.run(operation, workload: workload) { message in
        if isTerminal { FileHandle.standardError.write(Data("\u{1B}[2K\r\(message)".utf8)) }
    }
    if isTerminal { FileHandle.standardError.write(Data("\u{1B}[2K\r".utf8)) }
    results.append(result)
    if !options.printsJSON {
        print(Report.line(result))
        fflush(nil)
    }
}
if options.printsJSON {
    print(Report.json(machine: machine, options: options, results: results))
}
let failed = results.contains { $0.plistKit.error != nil }
exit(failed ? 1 : 0)
