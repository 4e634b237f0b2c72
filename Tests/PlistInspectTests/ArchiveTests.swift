import Foundation
import Testing
import PlistKit
import PlistKitFoundation

/// unarchive, classes and print --archive on archives written by Foundation's NSKeyedArchiver.
@Suite struct ArchiveTests {
    private func scratch() throws -> URL {
        try CLIRunner.scratch(copying: ["plain.archive", "people.archive"], from: "archives")
    }

    @Test func unarchivePrintsTheObjectGraphWithBackReferences() throws {
        let result = try CLIRunner.run(["unarchive", "people.archive"], in: try scratch())
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == """
            people.archive (keyed archive): dictionary (1 key)
            └── root: dictionary (4 keys)
                ├── $class: string "Demo.Person"
                ├── $index: integer 1
                ├── friends: array (1 element)
                │   └── 0: dictionary (3 keys)
                │       ├── $class: string "Demo.Person"
                │       ├── name: string "Bob"
                │       └── friends: array (1 element)
                │           └── 0: dictionary (1 key)
                │               └── $ref: integer 1
                └── name: string "Ann"

            """)
    }

    @Test func unarchiveAsJSONAndXMLMatchesFoundationsObjects() throws {
        let directory = try scratch()
        let json = try CLIRunner.run(["unarchive", "-f", "json", "plain.archive"], in: directory)
        #expect(json.status == 0, "\(json.stderrText)")
        let tree = try PlistValue(decoding: json.stdout, options: PlistReadingOptions(readsTaggedJSON: true))
        // What NSKeyedUnarchiver gives for the same file, as a plain tree.
        let archived = try Data(contentsOf: directory.appendingPathComponent("plain.archive"))
        let object = try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(archived)
        let foundation = try PlistValue(propertyList: try #require(object))
        #expect(tree["root"] == foundation)
        let xml = try CLIRunner.run(["unarchive", "-f", "xml", "-o", "plain.xml", "plain.archive"], in: directory)
        #expect(xml.status == 0)
        #expect(try PlistValue(decoding: Data(contentsOf: directory.appendingPathComponent("plain.xml")))["root"] == foundation)
    }

    @Test func allowListNamesTheFirstClassOutsideIt() throws {
        let directory = try scratch()
        let refused = try CLIRunner.run(["unarchive", "--allow", "NSArray,NSString", "people.archive"], in: directory)
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderrText == "Error: people.archive: Class 'Demo.Person' at $objects[1] is not allowed (allowed: NSArray, NSString), reached by key path 'root'.\n")
        let allowed = try CLIRunner.run(["unarchive", "--allow", "Demo.Person,NSArray", "people.archive"], in: directory)
        #expect(allowed.status == 0, "\(allowed.stderrText)")
        #expect(allowed.stdoutText.contains("name: string \"Bob\""))
    }

    @Test func classesListsChainsAndCounts() throws {
        let result = try CLIRunner.run(["classes", "people.archive"], in: try scratch())
        #expect(result.status == 0)
        #expect(result.stdoutText == """
            NSArray      2 instances   NSArray → NSObject
            Demo.Person  2 instances   Demo.Person → NSObject

            """)
        let json = try CLIRunner.run(["classes", "--json", "people.archive"], in: try scratch())
        let list = try PlistValue(decoding: json.stdout, format: .json)
        #expect(list[1] == .dictionary([
            "name": .string("Demo.Person"), "instances": .integer(2), "chain": .array([.string("Demo.Person"), .string("NSObject")]),
        ]))
    }

    @Test func printArchiveShowsTheGraphAndStdinWorks() throws {
        let directory = try scratch()
        let bytes = try Data(contentsOf: directory.appendingPathComponent("plain.archive"))
        let result = try CLIRunner.run(["print", "--archive", "-"], stdin: bytes)
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("<stdin> (keyed archive): dictionary (1 key)\n└── root: dictionary (4 keys)\n"))
        #expect(result.stdoutText.contains("title: string \"Notes\""))
    }

    @Test func notAnArchiveExits65() throws {
        let directory = try CLIRunner.scratch(copying: ["data.bplist"], from: "files")
        for command in [["classes"], ["unarchive"], ["print", "--archive"]] {
            let result = try CLIRunner.run(command + ["data.bplist"], in: directory)
            #expect(result.status == 65)
            #expect(result.stderrText == "Error: data.bplist: The property list is not a keyed archive (it lacks $archiver, $top or $objects).\n")
        }
    }
}
