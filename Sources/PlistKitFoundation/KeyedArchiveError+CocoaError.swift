import Foundation
import PlistKit

/// `KeyedArchiveError` as Foundation's errors: code ported from Apple that catches `NSError`s
/// of `NSCocoaErrorDomain`, or `CocoaError`s, and checks their code finds the one
/// `NSKeyedUnarchiver` would report.
///
/// (`CustomNSError` exists only in Foundation, not FoundationEssentials, which is why this
/// lives in PlistKitFoundation: PlistKit itself does not load Foundation and its ICU data.)
extension KeyedArchiveError: CustomNSError {
    /// `NSCocoaErrorDomain`, the domain of Foundation's archiving errors.
    public static var errorDomain: String { NSCocoaErrorDomain }

    /// ``cocoaErrorCode``.
    public var errorCode: Int { cocoaErrorCode }

    /// The full sentence under `NSDebugDescriptionErrorKey`, where Foundation puts the detail of
    /// its archiving errors (its messages name the class and key, as ``description`` does).
    public var errorUserInfo: [String: Any] { [NSDebugDescriptionErrorKey: description] }

    /// The error as a `CocoaError` with ``cocoaErrorCode`` (such as `.coderReadCorrupt` for a
    /// class that is not allowed) and the sentence under `NSDebugDescriptionErrorKey`.
    public var cocoaError: CocoaError {
        CocoaError(CocoaError.Code(rawValue: cocoaErrorCode), userInfo: errorUserInfo)
    }
}
