import Foundation
import PlistKit

/// Checksums computed after the clock stops: they prove the work was done and that both sides
/// did the same work (equal node counts for decoders).
enum Checksums {
    /// The number of values in a tree (every container and scalar).
    static func nodeCount(_ value: PlistValue) -> UInt64 {
        switch value {
        case .array(let elements):
            return elements.reduce(1) { $0 &+ nodeCount($1) }
        case .dictionary(let dictionary):
            return dictionary.values.reduce(1) { $0 &+ nodeCount($1) }
        default:
            return 1
        }
    }

    /// The number of values in a Foundation property-list tree.
    static func nodeCount(foundation object: Any) -> UInt64 {
        if let array = object as? [Any] {
            return array.reduce(1) { $0 &+ nodeCount(foundation: $1) }
        }
        if let dictionary = object as? [String: Any] {
            return dictionary.values.reduce(1) { $0 &+ nodeCount(foundation: $1) }
        }
        return 1
    }
}
