import Testing
import PlistKit

@Suite struct KeyPathTests {
    @Test(arguments: [
        ("a.b.0", ["a", "b", "0"]),
        ("a\\.b.c", ["a.b", "c"]),
        ("a\\\\.b", ["a\\", "b"]),
        ("a\\x", ["a\\x"]),
        ("", []),
        ("a..b", ["a", "", "b"]),
    ])
    func parsesPlutilSyntax(text: String, components: [String]) {
        let path = PlistKeyPath(parsing: text)
        #expect(path.components == components)
        #expect(PlistKeyPath(parsing: path.description) == path)
    }

    var sample: PlistValue {
        ["app": ["name": "Demo", "tags": ["a", "b"], "dotted.key": 1]]
    }

    @Test func looksUpKeysAndIndices() throws {
        #expect(try sample.value(at: "app.name") == "Demo")
        #expect(try sample.value(at: "app.tags.1") == "b")
        #expect(try sample.value(at: "app.dotted\\.key") == 1)
        #expect(try sample.value(at: .root) == sample)
    }

    @Test func lookupFailuresNameThePlace() {
        let missing = #expect(throws: PlistError.self) { try sample.value(at: "app.nope.x") }
        #expect(missing?.code == .keyPathNotFound)
        #expect(missing?.location == .keyPath("app.nope"))
        let index = #expect(throws: PlistError.self) { try sample.value(at: "app.tags.2") }
        #expect(index?.code == .keyPathNotFound)
        let notIndex = #expect(throws: PlistError.self) { try sample.value(at: "app.tags.x") }
        #expect(notIndex?.code == .keyPathTypeMismatch)
        let throughScalar = #expect(throws: PlistError.self) { try sample.value(at: "app.name.x") }
        #expect(throughScalar?.code == .keyPathTypeMismatch)
    }

    @Test func setsReplacesAndAppendsAtTheEnd() throws {
        var value = sample
        try value.setValue("New", at: "app.name")
        try value.setValue(true, at: "app.added")
        try value.setValue("c", at: "app.tags.2")
        try value.setValue("A", at: "app.tags.0")
        #expect(value["app"]?["name"] == "New")
        #expect(value["app"]?["added"] == true)
        #expect(value["app"]?["tags"] == ["A", "b", "c"])
        #expect(throws: PlistError.self) { try value.setValue(1, at: "app.tags.9") }
        #expect(throws: PlistError.self) { try value.setValue(1, at: "nope.x") }
    }

    @Test func insertRefusesExistingKeys() throws {
        var value = sample
        let error = #expect(throws: PlistError.self) { try value.insertValue(1, at: "app.name") }
        #expect(error?.code == .invalidEdit)
        try value.insertValue("z", at: "app.tags.0")
        #expect(value["app"]?["tags"] == ["z", "a", "b"])
        try value.insertValue([:], at: "app.empty")
        #expect(value["app"]?["empty"] == [:])
    }

    @Test func removesAndAppends() throws {
        var value = sample
        #expect(try value.removeValue(at: "app.tags.0") == "a")
        #expect(try value.removeValue(at: "app.name") == "Demo")
        try value.appendValue("end", to: "app.tags")
        #expect(value["app"]?["tags"] == ["b", "end"])
        #expect(throws: PlistError.self) { try value.removeValue(at: "app.name") }
        #expect(throws: PlistError.self) { try value.appendValue(1, to: "app") }
        var array: PlistValue = [1]
        try array.appendValue(2, to: .root)
        #expect(array == [1, 2])
    }

    @Test func editingTheRootNeedsAComponent() {
        var value = sample
        #expect(throws: PlistError.self) { try value.setValue(1, at: .root) }
    }
}
