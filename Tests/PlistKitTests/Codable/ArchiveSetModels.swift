import Foundation
import PlistKit

// A Codable model with Set properties archived as a class, and the NSSecureCoding class with
// the same keys, for interoperability tests of NSSet with Foundation's NSKeyedArchiver and
// NSKeyedUnarchiver.

struct ArchivedTagSet: Codable, Equatable, Sendable, ArchiveClassNaming {
    // Foundation on Linux archives its counterpart under the module-qualified name (see
    // ArchivedPerson.archiveClassName).
    static let archiveClassName = "PlistKitTests.FoundationTagSet"
    var labels: Set<String>
    var ids: Set<Int>
    /// An array beside the sets: it must stay an NSArray.
    var order: [String]

    static let sample = ArchivedTagSet(
        labels: ["home", "weekly", "urgent", "ünïcode"], ids: [-7, 0, 42, Int(Int32.max) + 1],
        order: ["b", "a", "b"])
}

/// The NSSecureCoding counterpart of ``ArchivedTagSet``: it reads the sets only as NSSet, as an
/// Apple class declaring `Set` properties does.
final class FoundationTagSet: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let labels: Set<String>
    let ids: Set<Int>
    let order: [String]

    init(_ model: ArchivedTagSet) {
        labels = model.labels
        ids = model.ids
        order = model.order
    }

    init?(coder: NSCoder) {
        guard let labels = coder.decodeObject(of: [NSSet.self, NSString.self], forKey: "labels") as? Set<String>,
              let ids = coder.decodeObject(of: [NSSet.self, NSNumber.self], forKey: "ids") as? Set<Int>,
              let order = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "order") as? [String]
        else { return nil }
        self.labels = labels
        self.ids = ids
        self.order = order
    }

    func encode(with coder: NSCoder) {
        coder.encode(labels as NSSet, forKey: "labels")
        coder.encode(ids as NSSet, forKey: "ids")
        coder.encode(order as NSArray, forKey: "order")
    }

    var model: ArchivedTagSet { ArchivedTagSet(labels: labels, ids: ids, order: order) }
}
