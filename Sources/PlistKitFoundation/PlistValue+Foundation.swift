import Foundation
import PlistKit

/// Bridging to and from the `Any` trees that Foundation's `PropertyListSerialization`
/// produces and accepts (`String`, `NSNumber`, `Bool`, `Date`, `Data`, `[Any]`, `[String: Any]`
/// and the keyed archiver's UID objects).
extension PlistValue {
    /// Converts a Foundation property-list object tree to a value.
    ///
    /// `NSNumber`s become integers or reals by their stored type (unsigned 64-bit values stay
    /// exact), Swift `Bool` and boolean `NSNumber`s become booleans, and the keyed archiver's UID
    /// objects become ``PlistValue/uid(_:)``.
    ///
    /// - Parameter maximumDepth: The deepest nesting accepted. Default: 512.
    /// - Throws: ``PlistError`` with ``PlistError/Code/invalidArgument`` and the key path of
    ///   an object that is not a property-list type (or a dictionary key that is not a string),
    ///   or ``PlistError/Code/limitExceeded`` when the tree is nested too deeply.
    public init(propertyList object: Any, maximumDepth: Int = 512) throws {
        var path: [String] = []
        self = try Self.bridge(object, path: &path, maximumDepth: maximumDepth)
    }

    /// The value as a Foundation property-list object tree that `PropertyListSerialization`
    /// writes: strings, `NSNumber`s, `Bool`s, `Date`s, `Data`, `[Any]` and `[String: Any]`
    /// (keys unordered, as Foundation's dictionaries are), and UID objects for
    /// ``PlistValue/uid(_:)``.
    public var propertyListObject: Any {
        switch self {
        case .string(let v): return v
        case .integer(let v):
            if let signed = v.int64Value { return NSNumber(value: signed) }
            return NSNumber(value: v.uint64Value!)
        case .real(let v): return NSNumber(value: v)
        case .boolean(let v): return v
        case .date(let v): return v
        case .data(let v): return v
        case .array(let v): return v.map(\.propertyListObject)
        case .dictionary(let v):
            var result: [String: Any] = Dictionary(minimumCapacity: v.count)
            for (key, value) in v { result[key] = value.propertyListObject }
            return result
        case .uid(let v): return Self.foundationUID(v)
        }
    }

    private static func bridge(_ object: Any, path: inout [String], maximumDepth: Int) throws -> PlistValue {
        func fail(_ what: String) -> PlistError {
            PlistError(.invalidArgument, what, at: .keyPath(PlistKeyPath(components: path)))
        }
        switch object {
        case let v as String: return .string(v)
        case let v as Bool where type(of: object) == Bool.self: return .boolean(v)
        case let v as Date: return .date(v)
        case let v as Data: return .data(v)
        case let v as NSNumber: return try bridge(number: v, fail: fail)
        case let v as Int: return .integer(PlistInteger(Int64(v)))
        case let v as Double: return .real(v)
        case let v as [Any]:
            guard path.count < maximumDepth else { throw PlistError(.limitExceeded, "Nesting deeper than \(maximumDepth) levels", at: .keyPath(PlistKeyPath(components: path))) }
            var result: [PlistValue] = []
            result.reserveCapacity(v.count)
            for (index, element) in v.enumerated() {
                path.append(String(index))
                defer { path.removeLast() }
                result.append(try bridge(element, path: &path, maximumDepth: maximumDepth))
            }
            return .array(result)
        case let v as [AnyHashable: Any]:
            guard path.count < maximumDepth else { throw PlistError(.limitExceeded, "Nesting deeper than \(maximumDepth) levels", at: .keyPath(PlistKeyPath(components: path))) }
            var result = PlistDictionary(minimumCapacity: v.count)
            for (key, element) in v {
                guard let key = key.base as? String else {
                    throw fail("Dictionary key \(key) is a \(type(of: key.base)), not a string")
                }
                path.append(key)
                defer { path.removeLast() }
                result[key] = try bridge(element, path: &path, maximumDepth: maximumDepth)
            }
            return .dictionary(result)
        default:
            if String(describing: type(of: object)).hasSuffix("KeyedArchiverUID"),
               let value = Mirror(reflecting: object).children.first(where: { $0.label == "value" })?.value as? UInt32 {
                return .uid(value)
            }
            throw fail("A \(type(of: object)) is not a property-list object")
        }
    }

    private static func bridge(number: NSNumber, fail: (String) -> PlistError) throws -> PlistValue {
        switch String(cString: number.objCType) {
        case "B": return .boolean(number.boolValue)
        case "f", "d": return .real(number.doubleValue)
        case "Q", "L", "I", "S", "C": return .integer(PlistInteger(number.uint64Value))
        case "q", "l", "i", "s", "c": return .integer(PlistInteger(number.int64Value))
        case let other: throw fail("An NSNumber of type '\(other)' is not a property-list number")
        }
    }

    /// Foundation has no public initializer for its UID class, so one is obtained by reading
    /// the XML form of a UID, which every reader of Apple's format maps to that class.
    private static func foundationUID(_ value: UInt32) -> Any {
        let xml = "<plist version=\"1.0\"><dict><key>CF$UID</key><integer>\(value)</integer></dict></plist>"
        return (try? PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: nil))
            ?? ["CF$UID": NSNumber(value: value)]
    }
}
