import Foundation
import PlistKit
import Synchronization
import Testing

/// `plist-inspect defaults`: every verb, macOS's messages and statuses, run as a user would.
@Suite struct DefaultsTests {
    /// Runs `plist-inspect defaults --directory DIR ARGS…`.
    func defaults(_ directory: URL, _ arguments: [String], stdin: Data = Data()) throws -> CLIRunner.Result {
        try CLIRunner.run(["defaults", "--directory", directory.path] + arguments, stdin: stdin)
    }

    func stored(_ directory: URL, _ domain: String = "com.example.app") throws -> PlistValue {
        try PlistValue(decoding: Data(contentsOf: directory.appendingPathComponent("\(domain).plist")))
    }

    @Test func writeAndReadEveryType() throws {
        let directory = try CLIRunner.scratch()
        let writes: [[String]] = [
            ["bare", "hello world"], ["digits", "1"], ["literal", "{ a = 1; b = (x, y); }"],
            ["s", "-string", "{ raw }"], ["blob", "-data", "0102ff"], ["n", "-int", "-5"], ["big", "-integer", "18446744073709551615"],
            ["f", "-float", "0.875"], ["yes", "-bool", "YES"], ["no", "-boolean", "false"],
            ["when", "-date", "2024-06-01 12:00:00 +0000"], ["list", "-array", "a", "-int", "2", "(c)"],
            ["map", "-dict", "k", "v", "-string", "n", "-int", "1"],
        ]
        for write in writes {
            let result = try defaults(directory, ["write", "com.example.app"] + write)
            #expect(result.status == 0, "\(write): \(result.stderrText)")
        }
        #expect(try stored(directory) == [
            "bare": "hello world", "digits": "1", "literal": ["a": "1", "b": ["x", "y"]],
            "s": "{ raw }", "blob": .data(Data([1, 2, 0xFF])), "n": -5, "big": .integer(PlistInteger(UInt64.max)),
            "f": 0.875, "yes": true, "no": false, "when": .date(Date(timeIntervalSinceReferenceDate: 738_936_000)),
            "list": ["a", 2, ["c"]], "map": ["k": "v", "n": 1],
        ])
        let read = try defaults(directory, ["read", "com.example.app"])
        #expect(read.status == 0)
        #expect(read.stdoutText == """
            {
                bare = "hello world";
                big = 18446744073709551615;
                blob = {length = 3, bytes = 0x0102ff};
                digits = 1;
                f = "0.875";
                list =     (
                    a,
                    2,
                            (
                        c
                    )
                );
                literal =     {
                    a = 1;
                    b =         (
                        x,
                        y
                    );
                };
                map =     {
                    k = v;
                    n = 1;
                };
                n = "-5";
                no = 0;
                s = "{ raw }";
                when = "2024-06-01 12:00:00 +0000";
                yes = 1;
            }

            """)
        #expect(try defaults(directory, ["read", "com.example.app", "bare"]).stdoutText == "hello world\n")
        #expect(try defaults(directory, ["read", "com.example.app", "when"]).stdoutText == "2024-06-01 12:00:00 +0000\n")
        let types = ["bare": "string", "n": "integer", "f": "float", "yes": "boolean", "when": "date", "blob": "data", "list": "array", "map": "dictionary"]
        for (key, type) in types {
            #expect(try defaults(directory, ["read-type", "com.example.app", key]).stdoutText == "Type is \(type)\n")
        }
    }

    @Test func missingDomainsAndKeysInMacOSWords() throws {
        let directory = try CLIRunner.scratch()
        let domain = try defaults(directory, ["read", "com.example.none"])
        #expect(domain.status == 1)
        #expect(domain.stdout.isEmpty)
        #expect(domain.stderrText == "Domain com.example.none does not exist\n")
        _ = try defaults(directory, ["write", "com.example.app", "k", "v"])
        for verb in ["read", "read-type"] {
            let key = try defaults(directory, [verb, "com.example.app", "missing"])
            #expect(key.status == 1)
            #expect(key.stderrText == "The domain/default pair of (com.example.app, missing) does not exist\n")
        }
        let global = try defaults(directory, ["read", "-g", "missing"])
        #expect(global.stderrText == "The domain/default pair of (kCFPreferencesAnyApplication, missing) does not exist\n")
        let delete = try defaults(directory, ["delete", "com.example.app", "missing"])
        #expect(delete.status == 1)
        #expect(delete.stderrText == "Domain (com.example.app) not found.\nDefaults have not been changed.\n")
        #expect(try defaults(directory, ["delete", "com.example.none"]).status == 1)
        let rename = try defaults(directory, ["rename", "com.example.app", "missing", "other"])
        #expect(rename.status == 1)
        #expect(rename.stderrText == "Key missing does not exist in domain com.example.app; leaving defaults unchanged\n")
        let export = try defaults(directory, ["export", "com.example.none", "-"])
        #expect(export.status == 1)
        #expect(export.stderrText == "Domain com.example.none does not exist\n")
    }

    @Test func arrayAddAndDictAdd() throws {
        let directory = try CLIRunner.scratch()
        #expect(try defaults(directory, ["write", "com.example.app", "list", "-array-add", "a"]).status == 0)
        #expect(try defaults(directory, ["write", "com.example.app", "list", "-array-add", "b", "-int", "3"]).status == 0)
        #expect(try defaults(directory, ["write", "com.example.app", "map", "-dict-add", "k", "1"]).status == 0)
        #expect(try defaults(directory, ["write", "com.example.app", "map", "-dict-add", "k", "2", "j", "-bool", "no"]).status == 0)
        #expect(try stored(directory) == ["list": ["a", "b", 3], "map": ["k": "2", "j": false]])
        let notArray = try defaults(directory, ["write", "com.example.app", "map", "-array-add", "x"])
        #expect(notArray.status == 1)
        #expect(notArray.stderrText == "Value for key map is not an array; cannot append.  Leaving defaults unchanged.\n")
        let notDictionary = try defaults(directory, ["write", "com.example.app", "list", "-dict-add", "k", "v"])
        #expect(notDictionary.stderrText == "Value for key list is not a dictionary; cannot append.  Leaving defaults unchanged.\n")
        #expect(try defaults(directory, ["write", "com.example.app", "x", "-array", "-array", "a"]).stderrText
            == "Cannot nest composite types (arrays and dictionaries); exiting\n")
        #expect(try defaults(directory, ["write", "com.example.app", "x", "-dict", "k"]).stderrText == "Key k lacks a corresponding value\n")
        #expect(try defaults(directory, ["write", "com.example.app", "x", "-dict", "-int", "1", "v"]).stderrText == "Dictionary keys must be strings\n")
        #expect(try defaults(directory, ["write", "com.example.app", "x", "-int", "1", "extra"]).stderrText
            == "Unexpected argument extra; leaving defaults unchanged.\n")
        #expect(try stored(directory) == ["list": ["a", "b", 3], "map": ["k": "2", "j": false]])
    }

    @Test func wholeDomainWriteDeleteRenameAndDomains() throws {
        let directory = try CLIRunner.scratch()
        #expect(try defaults(directory, ["write", "com.example.app", "{ a = 1; b = two; }"]).status == 0)
        #expect(try stored(directory) == ["a": "1", "b": "two"])
        #expect(try defaults(directory, ["write", "com.example.app", "{ c = 3; }"]).status == 0)
        #expect(try stored(directory) == ["c": "3"])
        let notDictionary = try defaults(directory, ["write", "com.example.app", "(a, b)"])
        #expect(notDictionary.status == 1)
        #expect(notDictionary.stderrText == "Rep argument is not a dictionary\nDefaults have not been changed.\n")
        #expect(try defaults(directory, ["rename", "com.example.app", "c", "d"]).status == 0)
        #expect(try stored(directory) == ["d": "3"])
        _ = try defaults(directory, ["write", "com.example.other", "k", "v"])
        _ = try defaults(directory, ["write", "NSGlobalDomain", "g", "1"])
        #expect(try defaults(directory, ["domains"]).stdoutText == "com.example.app, com.example.other\n")
        #expect(try defaults(directory, ["delete", "com.example.app", "d"]).status == 0)
        #expect(try stored(directory) == [:])
        #expect(try defaults(directory, ["delete", "com.example.app"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("com.example.app.plist").path))
        #expect(try defaults(directory, ["domains"]).stdoutText == "com.example.other\n")
        // -g, -globalDomain and NSGlobalDomain are one domain, in .GlobalPreferences.plist.
        #expect(try defaults(directory, ["read", "-globalDomain", "g"]).stdoutText == "1\n")
        #expect(try stored(directory, ".GlobalPreferences") == ["g": "1"])
    }

    @Test func readEveryDomainAndFind() throws {
        let directory = try CLIRunner.scratch()
        _ = try defaults(directory, ["write", "com.example.app", "Greeting", "hello"])
        _ = try defaults(directory, ["write", "-g", "AppleLocale", "en_US"])
        #expect(try defaults(directory, ["read"]).stdoutText == """
            {
                "Apple Global Domain" =     {
                    AppleLocale = "en_US";
                };
                "com.example.app" =     {
                    Greeting = hello;
                };
            }

            """)
        let found = try defaults(directory, ["find", "HELLO"])
        #expect(found.status == 0)
        #expect(found.stdoutText == "Found 1 keys in domain 'com.example.app': {\n    Greeting = hello;\n}\n")
        let none = try defaults(directory, ["find", "absent"])
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
        #expect(none.stderrText == "No domain, key, nor value containing 'absent'\n")
    }

    @Test func exportAndImportThroughFilesAndPipes() throws {
        let directory = try CLIRunner.scratch()
        _ = try defaults(directory, ["write", "com.example.app", "k", "-int", "7"])
        let xml = try defaults(directory, ["export", "com.example.app", "-"])
        #expect(xml.status == 0)
        #expect(PlistFormat(detecting: xml.stdout) == .xml)
        #expect(try PlistValue(decoding: xml.stdout) == ["k": 7])
        let file = directory.appendingPathComponent("saved.plist")
        #expect(try defaults(directory, ["export", "com.example.app", file.path]).status == 0)
        #expect(PlistFormat(detecting: try Data(contentsOf: file)) == .binary)
        #expect(try defaults(directory, ["import", "com.example.copy", file.path]).status == 0)
        #expect(try stored(directory, "com.example.copy") == ["k": 7])
        let piped = try defaults(directory, ["import", "com.example.copy", "-"], stdin: Data("{ other = value; }".utf8))
        #expect(piped.status == 0)
        #expect(try stored(directory, "com.example.copy") == ["other": "value"])
        let array = try defaults(directory, ["import", "com.example.copy", "-"], stdin: Data("(a)".utf8))
        #expect(array.status == 1)
        #expect(array.stderrText == "Property list <stdin> was not a dictionary\nDefaults have not been changed.\n")
        let garbage = try defaults(directory, ["import", "com.example.copy", "-"], stdin: Data("{ a = ".utf8))
        #expect(garbage.status == 65)
        #expect(garbage.stderrText.hasPrefix("Error: <stdin>: "))
        #expect(try defaults(directory, ["import", "com.example.copy", directory.appendingPathComponent("none").path]).status == 66)
        #expect(try stored(directory, "com.example.copy") == ["other": "value"])
    }

    @Test func aDomainNamedByPathAndTheEnvironmentsFolder() throws {
        let directory = try CLIRunner.scratch()
        let path = directory.appendingPathComponent("Custom").path
        #expect(try CLIRunner.run(["defaults", "write", path, "k", "v"]).status == 0)
        #expect(try PlistValue(decoding: Data(contentsOf: URL(fileURLWithPath: path + ".plist"))) == ["k": "v"])
        #expect(try CLIRunner.run(["defaults", "read", path, "k"]).stdoutText == "v\n")
        let environment = ["PLISTKIT_PREFERENCES": directory.path]
        #expect(try CLIRunner.run(["defaults", "write", "com.example.env", "k", "1"], environment: environment).status == 0)
        #expect(try stored(directory, "com.example.env") == ["k": "1"])
        #expect(try CLIRunner.run(["defaults", "read", "com.example.env", "k"], environment: environment).stdoutText == "1\n")
    }

    @Test func usageErrorsAndInvalidFiles() throws {
        let directory = try CLIRunner.scratch()
        for arguments in [[], ["frobnicate"], ["read", "a", "b", "c"], ["write", "com.example.app"], ["write", "d", "k", "-int"],
                          ["write", "d", "k", "-int", "abc"], ["write", "d", "k", "{ a = "], ["-host"], ["-host", "a/b", "read"],
                          ["read", "-app", "Safari"]] {
            let result = try defaults(directory, arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderrText.hasPrefix("Error: "), "\(arguments)")
            #expect(result.stderrText.contains("See 'plist-inspect defaults --help'"), "\(arguments)")
        }
        #expect(try defaults(directory, ["write", "d", "k", "{ a = "]).stderrText.hasPrefix("Error: Could not parse: { a = .  Try single-quoting it."))
        let corrupt = directory.appendingPathComponent("com.example.bad.plist")
        try Data("bplist00 broken".utf8).write(to: corrupt)
        for arguments in [["read", "com.example.bad"], ["write", "com.example.bad", "k", "v"]] {
            let result = try defaults(directory, arguments)
            #expect(result.status == 65)
            #expect(result.stderrText.hasPrefix("Error: The preferences file '\(corrupt.path)' is not a valid property list: "))
        }
        #expect(try Data(contentsOf: corrupt) == Data("bplist00 broken".utf8))
    }

    @Test func helpMatchesGolden() throws {
        let golden = try String(contentsOf: CLIRunner.testData.appendingPathComponent("help/defaults.txt"), encoding: .utf8)
        for arguments in [["defaults", "--help"], ["help", "defaults"], ["defaults", "help"], ["defaults", "-h"]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 0)
            #expect(result.stdoutText == golden)
        }
        #expect(try CLIRunner.run(["--help"]).stdoutText.contains("  defaults "))
    }

    @Test func concurrentCommandsLoseNoWrite() throws {
        let directory = try CLIRunner.scratch()
        // Each write is its own process here; PlistKitTests' PreferencesConcurrencyTests runs
        // 8 processes × 250 writes through the library.
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<10 {
                let result = try? defaults(directory, ["write", "com.example.app", "w\(worker)-\(i)", "-int", "\(i)"])
                if result?.status != 0 { failures.withLock { $0 += 1 } }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(try stored(directory).count == 80)
    }

    // MARK: - By-host domains

    @Test func currentHostAndNamedHostDomains() throws {
        let directory = try CLIRunner.scratch()
        #expect(try defaults(directory, ["write", "com.example.app", "k", "any"]).status == 0)
        #expect(try CLIRunner.run(["defaults", "-currentHost", "--directory", directory.path, "write", "com.example.app", "k", "here"]).status == 0)
        #expect(try CLIRunner.run(["defaults", "--directory", directory.path, "-host", "other", "write", "-g", "k", "there"]).status == 0)
        #if os(Linux)
        // Foundation's host identifier on Linux is empty (see PreferencesHost.currentIdentifier).
        #expect(try stored(directory, "ByHost/com.example.app.") == ["k": "here"])
        #endif
        #expect(try stored(directory, "ByHost/.GlobalPreferences.other") == ["k": "there"])
        #expect(try stored(directory) == ["k": "any"])
        let read = try CLIRunner.run(["defaults", "--directory", directory.path, "-currentHost", "read", "com.example.app", "k"])
        #expect(read.stdoutText == "here\n")
        #expect(try CLIRunner.run(["defaults", "--directory", directory.path, "-host", "other", "read", "-g", "k"]).stdoutText == "there\n")
        #expect(try CLIRunner.run(["defaults", "--directory", directory.path, "-currentHost", "domains"]).stdoutText == "com.example.app\n")
        #expect(try defaults(directory, ["domains"]).stdoutText == "com.example.app\n")
        #expect(try CLIRunner.run(["defaults", "--directory", directory.path, "-host", "nobody", "read", "com.example.app"]).status == 1)
    }

    // MARK: - Hostile folders and arguments (issue 43)

    /// A folder with one good domain and a bad `.plist` file of each kind.
    func folderWithBadFiles() throws -> URL {
        let directory = try CLIRunner.scratch()
        _ = try defaults(directory, ["write", "com.example.app", "Greeting", "hello"])
        try Data().write(to: directory.appendingPathComponent("empty.plist"))
        try PlistValue.array(["hello"]).encoded(as: .xml).write(to: directory.appendingPathComponent("list.plist"))
        return directory
    }

    @Test func oneBadFileHidesNoOtherDomain() throws {
        let directory = try folderWithBadFiles()
        let read = try defaults(directory, ["read"])
        #expect(read.status == 65)
        #expect(read.stdoutText == "{\n    \"com.example.app\" =     {\n        Greeting = hello;\n    };\n}\n")
        let lines = read.stderrText.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == "Error: The preferences file '\(directory.path)/empty.plist' is empty, not a property list.")
        #expect(lines.last == "Error: The preferences file '\(directory.path)/list.plist' holds an array at its root, not a dictionary.")
        let find = try defaults(directory, ["find", "hello"])
        #expect(find.status == 65)
        #expect(find.stdoutText == "Found 1 keys in domain 'com.example.app': {\n    Greeting = hello;\n}\n")
        #expect(find.stderrText.contains("empty.plist") && find.stderrText.contains("list.plist"))
        let domains = try defaults(directory, ["domains"])
        #expect(domains.status == 0)
        #expect(domains.stdoutText == "com.example.app\n")
    }

    @Test func findRefusesABombFileAndGoesOn() throws {
        let directory = try CLIRunner.scratch()
        _ = try defaults(directory, ["write", "com.example.app", "Greeting", "hello"])
        // 483 bytes: 60 levels of shared pairs under the key "hello", 2⁶⁰ strings once expanded.
        let bomb = ExpansionBombTests.bomb(levels: 60, stringBytes: 1, underKey: "hello")
        try bomb.write(to: directory.appendingPathComponent("com.example.bomb.plist"))
        for arguments in [["find", "hello"], ["read"]] {
            let result = try ExpansionBombTests.guardedRun(["defaults", "--directory", directory.path] + arguments, in: directory)
            #expect(result.status == 65, "\(arguments): \(result.stderrText)")
            #expect(result.stdoutText.contains("Greeting = hello;"), "\(arguments)")
            #expect(!result.stdoutText.contains("com.example.bomb"), "\(arguments)")
            #expect(result.stderrText.hasPrefix("Error: The preferences file '\(directory.path)/com.example.bomb.plist' is too large to print or search: "), "\(arguments): \(result.stderrText)")
            #expect(result.stderrText.contains("once its shared references are expanded"))
        }
    }

    @Test func deleteRemovesALinkNotItsTarget() throws {
        let directory = try CLIRunner.scratch()
        let outside = try CLIRunner.scratch().appendingPathComponent("precious.plist")
        try PlistValue.dictionary(["keep": "me"]).encoded(as: .binary).write(to: outside)
        let link = directory.appendingPathComponent("com.example.linked.plist")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        let result = try defaults(directory, ["delete", "com.example.linked"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
        #expect(try PlistValue(decoding: Data(contentsOf: outside)) == ["keep": "me"])
    }

    @Test func deleteRefusesACorruptDomain() throws {
        let directory = try CLIRunner.scratch()
        let corrupt = directory.appendingPathComponent("com.example.bad.plist")
        try Data("bplist00 broken".utf8).write(to: corrupt)
        let result = try defaults(directory, ["delete", "com.example.bad"])
        #expect(result.status == 65)
        #expect(result.stderrText.hasPrefix("Error: The preferences file '\(corrupt.path)' is not a valid property list: "))
        #expect(try Data(contentsOf: corrupt) == Data("bplist00 broken".utf8))
    }

    @Test func messagesNameTheRealCause() throws {
        let directory = try CLIRunner.scratch()
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/zero.plist", withDestinationPath: "/dev/zero")
        #expect(mkfifo(directory.path + "/fifo.plist", 0o600) == 0)
        for (name, kind) in [("zero", "a character device"), ("fifo", "a FIFO")] {
            let read = try defaults(directory, ["read", name])
            #expect(read.status == 66)
            #expect(read.stderrText == "Error: The preferences file '\(directory.path)/\(name).plist' cannot be read: it is \(kind), not a regular file.\n")
            let write = try defaults(directory, ["write", name, "k", "v"])
            #expect(write.status == 74)
            #expect(write.stderrText == "Error: The preferences file '\(directory.path)/\(name).plist' cannot be written: it is \(kind), not a regular file.\n")
        }
        // A literal nested too deep is named by its start, not echoed whole.
        let deep = String(repeating: "(", count: 60_000) + String(repeating: ")", count: 60_000)
        let tooDeep = try defaults(directory, ["write", "com.example.app", "k", deep])
        #expect(tooDeep.status == 64)
        #expect(tooDeep.stderrText.contains("nested too deep"))
        #expect(tooDeep.stderrText.utf8.count < 1_000)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/com.example.app.plist"))
        // A domain name (a file name) with control characters prints escaped.
        try PlistValue.dictionary(["k": "v"]).encoded(as: .binary).write(to: directory.appendingPathComponent("two\nlines\u{1b}[31m.plist"))
        #expect(try defaults(directory, ["domains"]).stdoutText == "two\\nlines\\u{1b}[31m\n")
    }

    @Test func anUnreadableDomainSaysPermissionDenied() throws {
        let directory = try CLIRunner.scratch()
        _ = try defaults(directory, ["write", "com.example.private", "k", "v"])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let result = try CLIRunner.runAsNobody(["defaults", "--directory", directory.path, "read", "com.example.private"])
        #expect(result.status == 66)
        #expect(result.stderrText == "Error: The preferences file '\(directory.path)/com.example.private.plist' cannot be read: Permission denied.\n")
    }

    @Test func pathDomainsAndLinksToNothingMakeNoFiles() throws {
        let directory = try CLIRunner.scratch()
        let missing = directory.path + "/missing/folder/custom"
        let path = try defaults(directory, ["write", missing, "k", "v"])
        #expect(path.status == 74)
        #expect(path.stderrText == "Error: The preferences file '\(missing).plist' cannot be written: its folder '\(directory.path)/missing/folder' does not exist.\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/missing"))
        let link = directory.path + "/com.example.dangling.plist"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "nowhere.plist")
        let dangling = try defaults(directory, ["write", "com.example.dangling", "k", "v"])
        #expect(dangling.status == 74)
        #expect(dangling.stderrText.contains("is a symbolic link to 'nowhere.plist', which does not exist"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "nowhere.plist")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/nowhere.plist"))
    }

    @Test func writeRefusesAValueNestedDeeperThanReadersAccept() throws {
        let directory = try CLIRunner.scratch()
        func literal(_ levels: Int) -> String { String(repeating: "(", count: levels) + "x" + String(repeating: ")", count: levels) }
        // The domain's root dictionary is level 1: a 511-level value makes 512, the limit.
        #expect(try defaults(directory, ["write", "com.example.app", "fine", literal(511)]).status == 0)
        #expect(try defaults(directory, ["read-type", "com.example.app", "fine"]).stdoutText == "Type is array\n")
        for arguments in [["deep", literal(512)], ["deep", "-array", literal(511)]] {
            let result = try defaults(directory, ["write", "com.example.app"] + arguments)
            #expect(result.status == 65, "\(result.stderrText.prefix(300))")
            #expect(result.stderrText.hasPrefix(
                "Error: The preferences file '\(directory.path)/com.example.app.plist' cannot be written, and nothing was: The value nests 513 levels deep, more than the 512 "))
            // The key path, 512 components long, is shortened to its ends.
            #expect(result.stderrText.count < 600)
        }
        #expect(try defaults(directory, ["read", "com.example.app", "fine"]).status == 0)
        #expect(try defaults(directory, ["read", "com.example.app", "deep"]).status == 1)
    }

    // MARK: - Foundation's UserDefaults on the same files (issue 44)

    /// Runs `plist-inspect defaults ARGS…` as a user with no configuration: HOME is `home`,
    /// and neither PLISTKIT_PREFERENCES nor XDG_CONFIG_HOME is set.
    func unconfiguredDefaults(home: URL, _ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(
            ["-u", "PLISTKIT_PREFERENCES", "-u", "XDG_CONFIG_HOME", "HOME=\(home.path)", CLIRunner.binary.path, "defaults"] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    @Test func whatUserDefaultsWritesDefaultsReads() throws {
        let home = try CLIRunner.scratch()
        let worker = try UserDefaultsWorkerProcess.start(home: home, suite: "org.example.tool", job: "write", arguments: ["Greeting", "hello from Foundation", "Count", "int:42"])
        #expect(try worker.nextLine() == "synchronized true")
        try worker.finish()
        #if os(Linux)
        let file = home.appendingPathComponent(".config/org.example.tool.plist")
        #expect(PlistFormat(detecting: try Data(contentsOf: file)) == .xml)
        #endif
        let read = try unconfiguredDefaults(home: home, ["read", "org.example.tool", "Greeting"])
        #expect(read.status == 0, "\(read.stderrText)")
        #expect(read.stdoutText == "hello from Foundation\n")
        #expect(try unconfiguredDefaults(home: home, ["read-type", "org.example.tool", "Count"]).stdoutText == "Type is integer\n")
        #expect(try unconfiguredDefaults(home: home, ["domains"]).stdoutText == "org.example.tool\n")
    }

    @Test func aRunningUserDefaultsSeesDefaultsWriteAfterItSynchronizes() throws {
        let home = try CLIRunner.scratch()
        let worker = try UserDefaultsWorkerProcess.start(home: home, suite: "org.example.tool", job: "watch", arguments: ["Theme", "AppleLocale", "HostOnly"])
        #expect(try worker.nextLine() == "Theme=nil AppleLocale=nil HostOnly=nil")
        for arguments in [["write", "org.example.tool", "Theme", "dark"], ["write", "-g", "AppleLocale", "fr_FR"],
                          ["-currentHost", "write", "org.example.tool", "HostOnly", "-int", "7"]] {
            let result = try unconfiguredDefaults(home: home, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderrText)")
        }
        #if os(Linux)
        #expect(FileManager.default.fileExists(atPath: home.path + "/.config/.GlobalPreferences.plist"))
        #expect(FileManager.default.fileExists(atPath: home.path + "/.config/ByHost/org.example.tool..plist"))
        #endif
        // Foundation keeps what it read until it synchronizes, then reads the files again.
        try worker.send("read")
        #expect(try worker.nextLine() == "Theme=nil AppleLocale=nil HostOnly=nil")
        try worker.send("sync")
        #expect(try worker.nextLine() == "Theme=dark AppleLocale=fr_FR HostOnly=7")
        try worker.finish()
    }
}

/// A process whose `UserDefaults` reads and writes as told (see ``UserDefaultsWorker``): the
/// test binary itself, run again with a filter that selects that suite, with HOME set to a
/// scratch folder and no PLISTKIT_PREFERENCES or XDG_CONFIG_HOME, so Foundation uses its own
/// folder there. Its answers are the lines of standard output that start with
/// ``UserDefaultsWorker/answerPrefix``. A process of its own, because Foundation reads HOME
/// once: after `setenv("HOME", …)`, even a suite first used later keeps the first HOME's
/// folder.
final class UserDefaultsWorkerProcess {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    private var pending = Data()

    static func start(home: URL, suite: String, job: String, arguments: [String]) throws -> UserDefaultsWorkerProcess {
        let worker = UserDefaultsWorkerProcess()
        worker.process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        worker.process.arguments = ["--testing-library", "swift-testing", "--filter", "UserDefaultsWorker"]
        var environment = ProcessInfo.processInfo.environment
        environment["PLISTKIT_PREFERENCES"] = nil
        environment["XDG_CONFIG_HOME"] = nil
        environment["HOME"] = home.path
        environment[UserDefaultsWorker.environmentKey] = ([suite, job] + arguments).joined(separator: "\n")
        worker.process.environment = environment
        worker.process.standardInput = worker.input
        worker.process.standardOutput = worker.output
        worker.process.standardError = FileHandle.nullDevice
        try worker.process.run()
        return worker
    }

    /// The worker's next answer, without the prefix; fails when it exits first.
    func nextLine() throws -> String {
        let prefix = Data(UserDefaultsWorker.answerPrefix.utf8)
        while true {
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                if line.starts(with: prefix) { return String(decoding: line.dropFirst(prefix.count), as: UTF8.self) }
            }
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { throw CocoaError(.fileReadUnknown) }
            pending += more
        }
    }

    func send(_ command: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
    }

    /// Ends the worker's input and waits for it; fails the test when it failed.
    func finish() throws {
        try input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

/// The body of a ``UserDefaultsWorkerProcess``: skipped unless one started this process.
@Suite struct UserDefaultsWorker {
    static let environmentKey = "PLISTKIT_USERDEFAULTS_WORKER"
    static let answerPrefix = "userdefaults-worker: "

    static var instructions: [String]? {
        ProcessInfo.processInfo.environment[environmentKey]?.components(separatedBy: "\n")
    }

    static func answer(_ text: String) {
        // Unbuffered, so the test reads each answer as soon as it is given.
        FileHandle.standardOutput.write(Data((answerPrefix + text + "\n").utf8))
    }

    /// `write KEY VALUE…` sets each key (`int:N` an integer) and synchronizes; `watch KEY…`
    /// prints the keys' values, then again for each line of input: `read` as they are,
    /// `sync` after `synchronize()`.
    @Test(.enabled(if: instructions != nil, "runs only in a process DefaultsTests starts"))
    func useUserDefaultsAsTold() throws {
        let parts = try #require(Self.instructions)
        let defaults = try #require(UserDefaults(suiteName: parts[0]))
        let arguments = Array(parts.dropFirst(2))
        switch parts[1] {
        case "write":
            for index in stride(from: 0, to: arguments.count - 1, by: 2) {
                let (key, value) = (arguments[index], arguments[index + 1])
                if value.hasPrefix("int:") {
                    defaults.set(try #require(Int(value.dropFirst(4))), forKey: key)
                } else {
                    defaults.set(value, forKey: key)
                }
            }
            Self.answer("synchronized \(defaults.synchronize())")
        case "watch":
            func values() -> String {
                arguments.map { "\($0)=\(defaults.object(forKey: $0).map { "\($0)" } ?? "nil")" }.joined(separator: " ")
            }
            Self.answer(values())
            while let line = readLine() {
                if line == "sync" { defaults.synchronize() }
                Self.answer(values())
            }
        default:
            Issue.record("Unknown job \(parts[1])")
        }
    }
}
