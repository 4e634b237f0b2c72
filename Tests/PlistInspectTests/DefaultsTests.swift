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
                          ["write", "d", "k", "-int", "abc"], ["write", "d", "k", "{ a = "], ["-currentHost", "read"], ["read", "-app", "Safari"]] {
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
}
