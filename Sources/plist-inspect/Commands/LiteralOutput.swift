import Foundation
import PlistKit

/// Swift and Objective-C literal output, as `plutil -convert swift|objc` writes it.
enum LiteralOutput {
    /// The literal source for `value`.
    ///
    /// - Throws: ``CommandError`` with exit 64: this build of PlistKit has no literal writer.
    static func encode(
        _ value: PlistValue, objc: Bool, sourceName: String, options: PlistWritingOptions
    ) throws -> (data: Data, warnings: [PlistWarning]) {
        throw CommandError(
            "Writing \(objc ? "Objective-C" : "Swift") literals is not available: this build of PlistKit has no literal writer.",
            exitCode: .usage)
    }
}
