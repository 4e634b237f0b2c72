import Foundation
@testable import PlistKit

/// What a value becomes after the loss a warning reports.
enum ConversionModel {
    static func afterLoss(_ value: PlistValue, kind: PlistWarning.Kind, target: ConversionTarget) -> PlistValue? {
        switch (kind, value) {
        case (.fractionalSecondsDropped, .date(let date)):
            return .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down)))
        case (.typeChanged, .real(let real)) where target.format == .json && target.writing.jsonStyle == .strict:
            if let signed = Int64(exactly: real) { return .integer(PlistInteger(signed)) }
            return UInt64(exactly: real).map { .integer(PlistInteger($0)) }
        case (.typeChanged, _), (.keyOrderChanged, _):
            return value  // written differently, read back the same
        default:
            return nil
        }
    }
}
