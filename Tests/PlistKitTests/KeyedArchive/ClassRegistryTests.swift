import Foundation
import PlistKit
import Testing

/// The class registry (`setClass(_:forClassName:)`): which type decodes an object when the
/// type asked for is not the one registered for its class.
@Suite struct ClassRegistryTests {
    class Shape: KeyedArchivable {
        class var archiveClassNames: [String] { ["Shape"] }
        let name: String

        /// The dynamic class's name: the default chain would be the static type's.
        var archiveClassChain: [String] { Swift.type(of: self).archiveClassNames + ["NSObject"] }

        init(name: String) { self.name = name }

        required init(from unarchiver: KeyedUnarchiver) throws {
            name = try unarchiver.decodeString(forKey: "name")
        }

        func encode(to archiver: KeyedArchiver) throws {
            try archiver.encode(name, forKey: "name")
        }
    }

    final class Circle: Shape {
        override class var archiveClassNames: [String] { ["Circle"] }
        let radius: Double

        init(name: String, radius: Double) {
            self.radius = radius
            super.init(name: name)
        }

        required init(from unarchiver: KeyedUnarchiver) throws {
            radius = try unarchiver.decodeDouble(forKey: "radius")
            try super.init(from: unarchiver)
        }

        override func encode(to archiver: KeyedArchiver) throws {
            try super.encode(to: archiver)
            archiver.encode(radius, forKey: "radius")
        }
    }

    func archive(_ shapes: [Shape]) throws -> KeyedArchive {
        try KeyedArchive(decoding: try KeyedArchiver.archivedData(withRootObject: shapes))
    }

    @Test func aRegisteredSubclassDecodesWhereItsSuperclassIsAskedFor() throws {
        let circle = Circle(name: "c", radius: 2)
        let unarchiver = KeyedUnarchiver(archive: try archive([circle, circle, Shape(name: "s")]), allowedClassNames: ["NSArray", "Circle", "Shape"])
        unarchiver.setClass(Circle.self, forClassName: "Circle")
        let shapes = try #require(try unarchiver.decodeArrayOfObjects(ofClass: Shape.self, forKey: "root"))
        let decoded = try #require(shapes.first as? Circle)
        #expect(decoded.name == "c")
        #expect(decoded.radius == 2)
        // One object referred to twice is one instance again.
        #expect(shapes[1] === decoded)
        #expect(type(of: shapes[2]) == Shape.self)
    }

    @Test func aChangedRegistryAppliesToTheNextDecode() throws {
        let unarchiver = KeyedUnarchiver(archive: try archive([Circle(name: "c", radius: 2)]), allowedClassNames: nil)
        let unknown = try #require(throws: KeyedArchiveError.self) {
            try unarchiver.decodeArrayOfObjects(ofClass: Shape.self, forKey: "root")
        }
        #expect(unknown.code == .classUnknown)
        #expect(unknown.className == "Circle")
        unarchiver.setClass(Circle.self, forClassName: "Circle")
        #expect(try unarchiver.decodeArrayOfObjects(ofClass: Shape.self, forKey: "root")?.first is Circle)
        unarchiver.setClass(nil, forClassName: "Circle")
        #expect(throws: KeyedArchiveError.self) { try unarchiver.decodeArrayOfObjects(ofClass: Shape.self, forKey: "root") }
    }
}
