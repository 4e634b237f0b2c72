import Foundation
import PlistKit

/// Operations beyond plain format reading and writing: Codable, keyed archives and the lazy
/// binary view.
enum ExtraOperations {
    static func all(for options: BenchOptions) -> [PlannedOperation] {
        []
    }
}
