import FoundationEssentials
import PlistKit

/// `type KEYPATH FILE`: prints the type of the value at a key path (plutil's `-type`).
enum TypeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "type",
        abstract: "Print the type of the value at a key path.",
        discussion: "Types are plutil's names: bool, integer, float, string, date, data, dictionary, array (and uid).",
        arguments: [
            .init("key-path", help: "The value to look at ('' for the root)."),
            .init("file", help: "The property list ('-' for standard input)."),
        ],
        options: [.init(["--expect"], value: "type", help: "Exit 1 unless the value has this type.")])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let path = PlistKeyPath(parsing: arguments.positionals[0])
        let file = arguments.positionals[1]
        try FileIO.requireArgumentOrder(keyPath: arguments.positionals[0], file: file, command: spec.name)
        let value = try lookUp(path, in: file)
        if let expected = arguments.value("--expect") {
            try check(value, isOfType: expected, at: path, file: file, spec: spec)
        }
        Console.shared.out(value.kind.plutilName + "\n")
        return .success
    }

    /// The value at `path` in `file`. A binary file is read through PlistKit's lazy
    /// ``BinaryPlistView`` (memory-mapped), which decodes only the containers on the path and
    /// the value itself; other formats are decoded whole.
    ///
    /// - Throws: ``CommandError``: 66/65 for the file, 1 when nothing is at the path.
    static func lookUp(_ path: PlistKeyPath, in file: String) throws -> PlistValue {
        do {
            if file != "-", try FileIO.startsLikeBinaryPlist(file) {
                let view = try BinaryPlistView(contentsOfFile: file)
                return try view.value(at: path)
            }
            let document = try Documents.load(file)
            return try document.value.value(at: path)
        } catch {
            throw Failure.wrap(error, file: file)
        }
    }

    /// Fails with exit 1 unless `value` is of the type named `expected` (plutil's names or
    /// PlistKit's).
    static func check(_ value: PlistValue, isOfType expected: String, at path: PlistKeyPath, file: String, spec: CommandSpec) throws {
        let known = PlistValue.Kind.allCases.map(\.plutilName) + PlistValue.Kind.allCases.map(\.rawValue)
        guard known.contains(expected), let expectedKind = PlistValue.Kind.allCases.first(where: { $0.plutilName == expected || $0.rawValue == expected }) else {
            throw CommandError.usage(
                "Unknown type '\(expected)'; use bool, integer, float, string, date, data, dictionary, array or uid.", spec)
        }
        guard value.kind == expectedKind else {
            // In the names `type` prints, whichever spelling was given.
            let place = path.isEmpty ? "the root" : "key path '\(path)'"
            throw CommandError(
                "\(FileIO.displayName(file)): Expected \(expectedKind.plutilName) at \(place), found \(value.kind.plutilName).",
                exitCode: .failure)
        }
    }
}
