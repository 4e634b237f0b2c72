import FoundationEssentials
import PlistKit

/// plutil's command lines: `plist-inspect plutil ARGS…`, or the binary invoked as `plutil`.
///
/// Outputs and exit statuses follow Apple's plutil (0 or 1, messages `FILE: …` on stderr).
/// Where plutil crashes or misbehaves this does the sensible thing instead (Docs/CLI.md):
/// a malformed `-date`, `-integer` or `-float` value is an error rather than a crash or a
/// silent 0; `-replace` on an array index replaces the element rather than inserting before
/// it; `--` is honoured.
enum PlutilCommand {
    static let spec = CommandSpec(
        name: "plutil",
        abstract: "Run a plutil command line (-lint, -convert, -p, -extract, -type, -insert, -replace, -remove, -create).",
        arguments: [.init("plutil-argument", help: "plutil's own arguments; see 'plist-inspect plutil -help'.", variadic: true, optional: true)])

    /// The verbs.
    enum Verb: Equatable {
        case lint, print, help
        case convert(String)
        case extract(PlistKeyPath, String)
        case type(PlistKeyPath)
        case create(String)
        case insert(PlistKeyPath), replace(PlistKeyPath)
        case remove(PlistKeyPath)
    }

    /// A parsed plutil command line.
    struct Invocation {
        var verb: Verb = .lint
        var files: [String] = []
        var silent = false
        var output: String?
        var ext: String?
        var readable = false
        var newline = true
        var append = false
        var header = false
        var expect: String?
        var value: (kind: TypedValueArgument.Kind, text: String)?
    }

    /// plutil's options after the verb, read by the tool's one argument scanner: any may
    /// repeat (the last counts), none takes an attached value, and `--` ends them.
    static let optionSpec = CommandSpec(
        name: "plutil", abstract: "plutil's options.",
        options: [
            .init(["-s"], help: "Print nothing on success.", repeatable: true),
            .init(["-r"], help: "Human-readable JSON.", repeatable: true),
            .init(["-n"], help: "No newline after a raw value.", repeatable: true),
            .init(["-append"], help: "Append to the array at the key path.", repeatable: true),
            .init(["-header"], help: "Write an Objective-C header too.", repeatable: true),
            .init(["-o"], value: "path", help: "The output file.", repeatable: true),
            .init(["-e"], value: "extension", help: "The output files' extension.", repeatable: true),
            .init(["-expect"], value: "type", help: "The type the value must have.", repeatable: true),
        ],
        takesHelpOption: false)

    /// A failure printed as plutil prints it (no `Error:` prefix), exit 1.
    struct Message: Error { let text: String }

    static func main(_ words: [String]) -> ExitCode {
        do {
            let invocation = try parse(words)
            return try run(invocation)
        } catch let message as Message {
            Console.shared.err(message.text + "\n")
            return .failure
        } catch {
            Console.shared.err(Failure.wrap(error).message + "\n")
            return .failure
        }
    }

    // MARK: - Parsing

    static func parse(_ words: [String]) throws -> Invocation {
        var invocation = Invocation()
        var index = 0
        func next(_ what: String) throws -> String {
            guard index < words.count else { throw Message(text: "Missing argument for \(what).") }
            defer { index += 1 }
            return words[index]
        }
        if let first = words.first {
            index = 1
            switch first {
            case "-lint": invocation.verb = .lint
            case "-p": invocation.verb = .print
            case "-help", "-h", "--help": invocation.verb = .help
            case "-convert":
                guard index < words.count else { throw Message(text: "Missing format specifier for command.") }
                invocation.verb = .convert(try next("-convert"))
            case "-extract": invocation.verb = .extract(PlistKeyPath(parsing: try next("-extract")), try next("-extract"))
            case "-type": invocation.verb = .type(PlistKeyPath(parsing: try next("-type")))
            case "-create":
                guard index < words.count else { throw Message(text: "Missing format specifier for command.") }
                invocation.verb = .create(try next("-create"))
            case "-remove": invocation.verb = .remove(PlistKeyPath(parsing: try next("-remove")))
            case "-insert", "-replace":
                guard index + 1 < words.count else {
                    throw Message(text: "'Insert' and 'Replace' require a key path, a type, and a value.")
                }
                let path = PlistKeyPath(parsing: try next(first))
                invocation.verb = first == "-insert" ? .insert(path) : .replace(path)
                let typeFlag = try next(first)
                guard typeFlag.hasPrefix("-"), let kind = TypedValueArgument.Kind(name: String(typeFlag.dropFirst())) else {
                    throw Message(text: "Unknown insert or replace type \(typeFlag)")
                }
                invocation.value = (kind, kind.takesText ? try next(typeFlag) : "")
            default:
                index = 0  // no verb: lint the files
            }
        }
        let options: ParsedArguments
        do {
            options = try ArgumentParser.scan(words.dropFirst(index), for: optionSpec, attachingValues: false)
        } catch {
            switch error {
            case .missingValue(let name): throw Message(text: "Missing argument for \(name).")
            case .unknownOption(let name), .repeated(let name), .valueForFlag(let name): throw Message(text: "unrecognized option: \(name)")
            }
        }
        invocation.files = options.positionals
        invocation.silent = options.flag("-s")
        invocation.readable = options.flag("-r")
        invocation.newline = !options.flag("-n")
        invocation.append = options.flag("-append")
        invocation.header = options.flag("-header")
        invocation.output = options.value("-o")
        invocation.ext = options.value("-e")
        invocation.expect = options.value("-expect")
        if let ext = invocation.ext, let refusal = ConvertCommand.refusal(ofExtension: ext) { throw Message(text: refusal) }
        if case .create = invocation.verb {} else if invocation.verb != .help, invocation.files.isEmpty {
            throw Message(text: "No files specified.")
        }
        return invocation
    }

    // MARK: - Running

    static func run(_ invocation: Invocation) throws -> ExitCode {
        switch invocation.verb {
        case .help:
            Console.shared.out(helpText)
            return .success
        case .create(let name):
            guard let format = plistFormat(name) else { throw Message(text: "Unknown format specifier: \(name)") }
            let data = try encode(.dictionary(PlistDictionary()), as: format, invocation, file: "-")
            for file in invocation.files.isEmpty ? ["-"] : invocation.files {
                try write(data, to: file)
            }
            return .success
        default:
            break
        }
        if case .convert(let name) = invocation.verb, plistFormat(name) == nil, name != "swift", name != "objc" {
            throw Message(text: "Unknown format specifier: \(name)")
        }
        var status = ExitCode.success
        for file in invocation.files {
            do {
                try runOne(invocation, file: file)
            } catch let message as Message {
                Console.shared.err(message.text + "\n")
                status = .failure
            } catch {
                // Every path above reports with a Message; this keeps one file's unexpected
                // failure from stopping the others.
                Console.shared.err("\(FileIO.displayName(file)): \(Failure.wrap(error).message)\n")
                status = .failure
            }
        }
        return status
    }

    private static func runOne(_ invocation: Invocation, file: String) throws {
        let name = FileIO.displayName(file)
        let bytes: Data
        do {
            bytes = try FileIO.read(file)
        } catch {
            let failure = Failure.wrap(error)
            if failure.fileProblem == "No such file." {
                throw Message(text: "\(name): (The operation could not be completed. The file doesn’t exist.)")
            }
            throw Message(text: "\(name): (\(failure.fileProblem ?? failure.message))")
        }
        let document = try decode(bytes, invocation, name: name)
        /// Writes what `transform` makes of the document to `destination`; when that is the
        /// input itself, as one locked read-modify-write (see
        /// ``FileIO/write(_:to:madeFrom:of:recomputing:)``).
        func rewrite(to destination: String, _ transform: (PlistDocument) throws -> Data) throws {
            let data = try transform(document)
            do {
                if destination == file { try FileIO.requireWritePermission(file, hint: "") }
                try FileIO.write(data, to: destination, madeFrom: bytes, of: file) { try transform(try decode($0, invocation, name: name)) }
            } catch let message as Message {
                throw message
            } catch {
                throw Message(text: "\(FileIO.displayName(destination)): \(Failure.wrap(error).message)")
            }
        }
        switch invocation.verb {
        case .lint:
            if !invocation.silent { Console.shared.out("\(name): OK\n") }
        case .print:
            do {
                Console.shared.out(try PlutilPrinter.description(of: document.value) + "\n")
            } catch let error as PlistError {
                throw Message(text: "\(name): \(StringEscaping.singleLine(error.description))")
            }
        case .convert(let formatName):
            if let format = plistFormat(formatName) {
                try rewrite(to: destination(for: file, invocation)) { try encode($0.value, as: format, invocation, file: file) }
            } else {
                try convertToLiteral(document.value, objc: formatName == "objc", invocation, file: file)
            }
        case .extract(let path, let formatName):
            let value = try lookUp(path, in: document.value, file: name)
            try checkExpectation(invocation.expect, value, path, file: name)
            if formatName == "raw" {
                try write(Encoding.raw(value, newline: invocation.newline), to: invocation.output ?? "-")
            } else {
                guard let format = plistFormat(formatName) else { throw Message(text: "Unknown format specifier: \(formatName)") }
                try rewrite(to: destination(for: file, invocation)) { document in
                    let value = try lookUp(path, in: document.value, file: name)
                    try checkExpectation(invocation.expect, value, path, file: name)
                    return try encode(value, as: format, invocation, file: file)
                }
            }
        case .type(let path):
            let value = try lookUp(path, in: document.value, file: name)
            try checkExpectation(invocation.expect, value, path, file: name)
            Console.shared.out(value.kind.plutilName + (invocation.newline ? "\n" : ""))
        case .insert(let path), .replace(let path), .remove(let path):
            try rewrite(to: destination(for: file, invocation)) { document in
                var value = document.value
                try edit(invocation, path: path, value: &value, file: name)
                if document.format == .openStep {
                    // plutil cannot write OpenStep, so it edits no .strings file or Xcode
                    // project (after checking the edit); nor does this, but it names the
                    // command that makes the edit in place.
                    throw Message(text: """
                        \(name): Conversion to OpenStep format is not supported
                        \(name): to make this edit and keep the file's comments, header and layout, run: \(equivalentEdit(invocation, path: path, file: file))
                        """)
                }
                return try encode(value, as: document.format, invocation, file: file)
            }
        case .help, .create:
            break
        }
    }

    /// Decodes a file's bytes, with plutil's message for bytes that are not a property list.
    private static func decode(_ bytes: Data, _ invocation: Invocation, name: String) throws -> PlistDocument {
        do {
            let document = try PlistDocument(decoding: bytes)
            // plutil -lint checks property-list formats only: JSON fails there (as the
            // OpenStep text it is then read as), while the other verbs accept JSON.
            if invocation.verb == .lint && document.format == .json {
                _ = try PlistDocument(decoding: bytes, format: .openStep)
            }
            return document
        } catch let error as PlistError {
            throw Message(text: "\(name): (\(StringEscaping.singleLine(error.description)))")
        }
    }

    /// `-convert swift|objc`: the source goes to `-o`, or beside the input as `NAME.swift` /
    /// `NAME.m` (or with `-e`'s extension); `-header` adds `NAME.h` for Objective-C, which the
    /// `.m` then imports.
    private static func convertToLiteral(_ value: PlistValue, objc: Bool, _ invocation: Invocation, file: String) throws {
        let name = FileIO.displayName(file)
        var target = invocation
        if target.ext == nil { target.ext = LiteralConversion.fileExtension(objc: objc) }
        let destination = destination(for: file, target)
        do {
            if objc && invocation.header && destination != "-" {
                let headerPath = ConvertCommand.replacingExtension(of: destination, with: "h")
                let headerName = FileIO.fileName(of: headerPath)
                let pair = try LiteralConversion.objectiveCPair(value, file: file, headerFileName: headerName)
                try write(pair.header, to: headerPath)
                try write(pair.implementation, to: destination)
            } else {
                try write(try LiteralConversion.encode(value, objc: objc, sourceName: file, options: PlistWritingOptions()).data, to: destination)
            }
        } catch let error as PlistError where error.code == .unrepresentableValue {
            throw Message(text: "\(name): Input contains an object that cannot be represented in \(objc ? "Obj-C" : "Swift") literal syntax")
        }
    }

    private static func edit(_ invocation: Invocation, path: PlistKeyPath, value: inout PlistValue, file: String) throws {
        var newValue = PlistValue.boolean(false)
        if let (kind, text) = invocation.value {
            do {
                if kind == .bool {
                    // plutil: "YES if passed "YES" or "true", otherwise NO".
                    newValue = .boolean(["yes", "true"].contains(text.lowercased()))
                } else {
                    newValue = try TypedValueArgument.value(text, as: kind)
                }
            } catch let error as PlistError {
                throw Message(text: "\(file): Invalid value for -\(kind.rawValue): \(StringEscaping.singleLine(error.description))")
            }
        }
        do {
            switch invocation.verb {
            case .insert where invocation.append:
                guard let target = value[keyPath: path] else { throw Message(text: "\(file): Key path not found \(path)") }
                guard target.array != nil else { throw Message(text: "\(file): Appending to a non-array at key path \(path)") }
                try value.appendValue(newValue, to: path)
            case .insert:
                try checkInsertionPoint(path, in: value, file: file)
                if value[keyPath: path] != nil, value[keyPath: path.parent]?.dictionary != nil {
                    throw Message(text: "\(file): Value already exists at key path \(path)")
                }
                try value.insertValue(newValue, at: path)
            case .replace:
                try checkInsertionPoint(path, in: value, file: file)
                try value.setValue(newValue, at: path)
            case .remove:
                guard value[keyPath: path] != nil else {
                    throw Message(text: "\(file): No value to remove at key path \(path)")
                }
                try value.removeValue(at: path)
            default:
                break
            }
        } catch let error as PlistError {
            throw Message(text: "\(file): \(StringEscaping.singleLine(error.description))")
        }
    }

    /// The `plist-inspect` command line that makes the edit of `invocation` to `file` in place,
    /// changing only the edited text (see EditCommand).
    static func equivalentEdit(_ invocation: Invocation, path: PlistKeyPath, file: String) -> String {
        var words = ["plist-inspect"]
        switch invocation.verb {
        case .insert where invocation.append: words.append("append")
        case .insert: words.append("insert")
        case .replace: words.append("set")
        default: words.append("remove")
        }
        words.append(path.description)
        if let (kind, text) = invocation.value {
            words.append("--\(kind.rawValue)")
            if kind == .bool {
                words.append(["yes", "true"].contains(text.lowercased()) ? "YES" : "NO")
            } else if kind.takesText {
                words.append(text)
            }
        }
        let target = destination(for: file, invocation)
        if target != file { words += ["-o", target] }
        words.append(file)
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// `word` as a shell reads it back: bare when it holds only characters no shell treats
    /// specially, in single quotes otherwise.
    private static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./:=@%+,".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// plutil's messages for a key path whose last component cannot be written: a missing
    /// parent, a parent that is not a container, a non-numeric or out-of-range array index.
    private static func checkInsertionPoint(_ path: PlistKeyPath, in value: PlistValue, file: String) throws {
        guard let last = path.components.last, let parent = value[keyPath: path.parent] else {
            throw Message(text: "\(file): Key path not found \(path)")
        }
        switch parent {
        case .dictionary:
            return
        case .array(let array):
            guard last.allSatisfy(\.isASCII), let index = Int(last), index >= 0 else {
                throw Message(text: "\(file): Unable to index into array with key path \(path)")
            }
            guard index <= array.count else {
                throw Message(text: "\(file): Index \(index) out of bounds in array at key path \(path)")
            }
        default:
            throw Message(text: "\(file): Unable to insert value at key path \(path)")
        }
    }

    private static func lookUp(_ path: PlistKeyPath, in value: PlistValue, file: String) throws -> PlistValue {
        // plutil finds nothing at the empty key path.
        guard !path.isEmpty, let found = value[keyPath: path] else {
            throw Message(text: "\(file): Could not extract value, error: No value at that key path or invalid key path: \(path)")
        }
        return found
    }

    private static func checkExpectation(_ expected: String?, _ value: PlistValue, _ path: PlistKeyPath, file: String) throws {
        guard let expected, expected != value.kind.plutilName else { return }
        throw Message(text: "\(file): Value at [\(path)] expected to be \(expected) but is \(value.kind.plutilName)")
    }

    private static func plistFormat(_ name: String) -> PlistFormat? {
        switch name {
        case "xml1": return .xml
        case "binary1": return .binary
        case "json": return .json
        default: return nil
        }
    }

    private static func encode(_ value: PlistValue, as format: PlistFormat, _ invocation: Invocation, file: String) throws -> Data {
        var options = PlistWritingOptions()
        if format == .json {
            // plutil for Linux writes compact JSON in hash order and readable JSON sorted;
            // sorted keys make both deterministic.
            options.keyOrder = .sorted
            options.prettyPrintsJSON = invocation.readable
        }
        if format == .json && !value.isContainer {
            // plutil writes JSON only for an array or dictionary at the top.
            throw Message(text: "\(FileIO.displayName(file)): Invalid object in plist for JSON format")
        }
        do {
            let data = try value.encoded(as: format, options: options)
            return data
        } catch let error as PlistError where error.code == .unrepresentableValue && format == .json {
            throw Message(text: "\(FileIO.displayName(file)): Invalid object in plist for JSON format")
        } catch let error as PlistError {
            throw Message(text: "\(FileIO.displayName(file)): \(StringEscaping.singleLine(error.description))")
        }
    }

    /// Where a converted or edited file goes: -o, else the file with -e's extension, else the
    /// file itself (stdin goes to stdout).
    private static func destination(for file: String, _ invocation: Invocation) -> String {
        if let output = invocation.output { return output }
        if file == "-" { return "-" }
        if let ext = invocation.ext { return ConvertCommand.replacingExtension(of: file, with: ext) }
        return file
    }

    private static func write(_ data: Data, to path: String) throws {
        do {
            try FileIO.write(data, to: path)
        } catch {
            throw Message(text: "\(FileIO.displayName(path)): \(Failure.wrap(error).message)")
        }
    }

    static let helpText = """
        usage: plutil <verb> [options] <file> ...   ('-' is standard input)
        plist-inspect's plutil-compatible mode. Verbs (default -lint):
          -lint                         check files for syntax errors
          -p                            print in a human-readable layout
          -convert xml1|binary1|json|swift|objc [-header]
                                        rewrite files in a format (in place, or -o / -e;
                                        swift and objc write NAME.swift / NAME.m, and
                                        -header also NAME.h)
          -extract KEYPATH xml1|binary1|json|raw [-expect TYPE]
                                        write the value at KEYPATH
          -type KEYPATH [-expect TYPE]  print the type of the value at KEYPATH
          -insert KEYPATH -TYPE VALUE [-append]
          -replace KEYPATH -TYPE VALUE  add or overwrite a value
                                        TYPE: bool integer float string date data xml json
                                        dictionary array (the last two take no VALUE)
          -remove KEYPATH               delete a value
          -create xml1|binary1|json     write an empty dictionary
        Options: -s silent, -o PATH output ('-' stdout), -e EXT extension, -r readable JSON,
                 -n no newline after raw output, -- only files follow.
        Edits of OpenStep files (.strings, project.pbxproj) are refused, as plutil
        refuses them; the error names the plist-inspect command that makes the edit.
        Where Apple's plutil crashes or loses data, this one refuses with an error instead;
        'plist-inspect --help' lists the commands beyond plutil's.

        """
}
