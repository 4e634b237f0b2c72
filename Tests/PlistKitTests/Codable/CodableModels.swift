import Foundation

// Models covering every standard type and Codable shape the plist coders must represent as
// Foundation does. Each is Equatable so that round trips can be compared.

/// Every scalar type, at its extremes.
struct ScalarModel: Codable, Equatable, Sendable {
    var int = Int.min
    var int8 = Int8.min
    var int16 = Int16.max
    var int32 = Int32.min
    var int64 = Int64.max
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var float: Float = 1.1
    var double = -0.0
    var tiny = Double.leastNonzeroMagnitude
    var bool = true
    var string = "héllo \u{1F600} <&>"
    var empty = ""
    var date = Date(timeIntervalSinceReferenceDate: 700_000_000)
    var data = Data([0, 1, 2, 0xFF])
}

/// The Foundation types whose own Codable conformances define their representation.
struct FoundationTypesModel: Codable, Equatable, Sendable {
    var url = URL(string: "https://example.com/a/b?q=1#frag")!
    var relativeURL = URL(string: "c/d.txt", relativeTo: URL(string: "https://example.com/base/")!)!
    var fileURL = URL(fileURLWithPath: "/tmp/some file.txt")
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var decimal = Decimal(string: "-12345.678901")!
    var bigDecimal = Decimal(string: "123456789012345678901234567890")!
}

/// Optionals in keyed and unkeyed containers, present and absent.
struct OptionalModel: Codable, Equatable, Sendable {
    var present: Int? = 3
    var absent: String? = nil
    var optionalArray: [Int?] = [1, nil, 3]
    var optionalDictionary: [String: String?] = ["a": "x", "b": nil]
    var nestedPresent: ScalarModel? = nil
}

/// A model that writes `nil` explicitly with `encodeNil`, as hand-written conformances may.
struct ExplicitNilModel: Codable, Equatable, Sendable {
    var name: String?
    enum CodingKeys: String, CodingKey { case name }
    init(name: String?) { self.name = name }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String?.self, forKey: .name)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }
}

enum Color: String, Codable, Hashable, Sendable, CodingKeyRepresentable {
    case red, green
}

struct Point: Codable, Hashable, Sendable {
    var x: Int
    var y: Int
}

/// Arrays, sets and dictionaries keyed by String, Int, a CodingKeyRepresentable enum and
/// other types (which Foundation writes as arrays of alternating keys and values).
struct CollectionModel: Codable, Equatable, Sendable {
    var array = ["a", "b", "c"]
    var emptyArray: [Int] = []
    var set: Set<Int> = [7]
    var stringKeys = ["one": 1, "two": 2]
    var intKeys = [1: "one", -2: "minus two"]
    var enumKeys: [Color: Int] = [.red: 1]
    var doubleKeys: [Double: String] = [1.5: "x"]
    var structKeys: [Point: String] = [Point(x: 1, y: 2): "p"]
    var nested: [[String: [Int]]] = [["a": [1, 2]], [:]]
    var emptyDictionary: [String: Int] = [:]
}

/// Enums with and without associated values, in the synthesized shape.
enum Shape: Codable, Equatable, Sendable {
    case empty
    case circle(radius: Double)
    case rectangle(Double, Double)
    case labeled(String, size: Int)
}

struct EnumModel: Codable, Equatable, Sendable {
    var shapes: [Shape] = [.empty, .circle(radius: 2.5), .rectangle(1, 2), .labeled("x", size: 3)]
    var color = Color.green
}

/// A class hierarchy encoding its superclass through `superEncoder()`.
// Test-only classes, never mutated after creation.
class Animal: Codable, Equatable, @unchecked Sendable {
    var legs: Int
    init(legs: Int) { self.legs = legs }
    static func == (a: Animal, b: Animal) -> Bool { a.isEqual(to: b) }
    func isEqual(to other: Animal) -> Bool { legs == other.legs && type(of: self) == type(of: other) }
}

class Dog: Animal, @unchecked Sendable {
    var name: String
    enum CodingKeys: String, CodingKey { case name }

    init(name: String, legs: Int) {
        self.name = name
        super.init(legs: legs)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try super.encode(to: container.superEncoder())
    }

    override func isEqual(to other: Animal) -> Bool {
        guard let other = other as? Dog else { return false }
        return name == other.name && super.isEqual(to: other)
    }
}

/// Nested keyed and unkeyed containers, and `superEncoder()` in an unkeyed container.
struct NestedContainersModel: Codable, Equatable, Sendable {
    var title: String
    var coordinates: [Double]
    var inner: String
    var dog: Dog

    enum CodingKeys: String, CodingKey { case title, geometry, dogs }
    enum GeometryKeys: String, CodingKey { case coordinates, info }
    enum InfoKeys: String, CodingKey { case inner }

    init(title: String, coordinates: [Double], inner: String, dog: Dog) {
        self.title = title
        self.coordinates = coordinates
        self.inner = inner
        self.dog = dog
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        let geometry = try container.nestedContainer(keyedBy: GeometryKeys.self, forKey: .geometry)
        var coordinates = try geometry.nestedUnkeyedContainer(forKey: .coordinates)
        var values: [Double] = []
        while !coordinates.isAtEnd { values.append(try coordinates.decode(Double.self)) }
        self.coordinates = values
        inner = try geometry.nestedContainer(keyedBy: InfoKeys.self, forKey: .info).decode(String.self, forKey: .inner)
        var dogs = try container.nestedUnkeyedContainer(forKey: .dogs)
        dog = try Dog(from: dogs.superDecoder())
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        var geometry = container.nestedContainer(keyedBy: GeometryKeys.self, forKey: .geometry)
        var coordinates = geometry.nestedUnkeyedContainer(forKey: .coordinates)
        for value in self.coordinates { try coordinates.encode(value) }
        var info = geometry.nestedContainer(keyedBy: InfoKeys.self, forKey: .info)
        try info.encode(inner, forKey: .inner)
        var dogs = container.nestedUnkeyedContainer(forKey: .dogs)
        try dog.encode(to: dogs.superEncoder())
    }
}

extension CodingUserInfoKey {
    static let plistKitTestUnit = CodingUserInfoKey(rawValue: "plistKitTestUnit")!
}

/// A model whose encoding depends on `userInfo`.
struct UserInfoModel: Codable, Equatable, Sendable {
    var meters: Double

    init(meters: Double) { self.meters = meters }

    init(from decoder: any Decoder) throws {
        let scale = (decoder.userInfo[.plistKitTestUnit] as? String) == "cm" ? 100.0 : 1.0
        meters = try decoder.singleValueContainer().decode(Double.self) / scale
    }

    func encode(to encoder: any Encoder) throws {
        let scale = (encoder.userInfo[.plistKitTestUnit] as? String) == "cm" ? 100.0 : 1.0
        var container = encoder.singleValueContainer()
        try container.encode(meters * scale)
    }
}

/// All of the above in one document.
struct EverythingModel: Codable, Equatable, Sendable {
    var scalars = ScalarModel()
    var foundation = FoundationTypesModel()
    var optionals = OptionalModel()
    var explicitNil = ExplicitNilModel(name: nil)
    var collections = CollectionModel()
    var enums = EnumModel()
    var dog = Dog(name: "Fido", legs: 3)
    var nested = NestedContainersModel(title: "t", coordinates: [1, 2.5], inner: "i", dog: Dog(name: "Spot", legs: 4))
    var userInfo = UserInfoModel(meters: 2)

    static func == (a: EverythingModel, b: EverythingModel) -> Bool {
        a.scalars == b.scalars && a.foundation == b.foundation && a.optionals == b.optionals
            && a.explicitNil == b.explicitNil && a.collections == b.collections && a.enums == b.enums
            && a.dog == b.dog && a.nested == b.nested && a.userInfo == b.userInfo
    }
}
