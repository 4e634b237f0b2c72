import Testing
import PlistKit

/// A key with dots (`general.on` in a `.strings` file) is named by a key path that escapes them
/// (`general\.on`); a path that splits it finds nothing, and the error names the path that
/// reaches it.
@Suite struct DottedKeyPathTests {
    static let strings: PlistValue = .dictionary(["general.on": "开启", "menu": .dictionary(["file.open.recent": "Recent"])])

    @Test(arguments: [
        ("general.on", "No value for key 'general' (the key 'general.on' has the key path 'general\\.on') at key path 'general'."),
        ("menu.file.open.recent", "No value for key 'file' (the key 'file.open.recent' has the key path 'menu.file\\.open\\.recent') at key path 'menu.file'."),
        ("general.off", "No value for key 'general' at key path 'general'."),
    ])
    func lookupThatSplitsADottedKeyNamesTheEscapedPath(_ path: String, _ message: String) throws {
        let error = try #require(throws: PlistError.self) { try Self.strings.value(at: PlistKeyPath(parsing: path)) }
        #expect(error.code == .keyPathNotFound)
        #expect(error.description == message)
    }

    @Test func editThatSplitsADottedKeyNamesTheEscapedPath() throws {
        var value = Self.strings
        let error = try #require(throws: PlistError.self) { try value.setValue("x", at: "general.on") }
        #expect(error.description.contains("(the key 'general.on' has the key path 'general\\.on')"))
        try value.setValue("x", at: "general\\.on")
        #expect(value["general.on"] == "x")
    }
}
