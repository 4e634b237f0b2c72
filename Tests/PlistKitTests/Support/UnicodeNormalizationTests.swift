import Foundation
import Testing
@testable import PlistKit

/// PlistKit's own NFD and NFC, whose composites' decompositions are rebuilt from the
/// composition pairs, against Foundation's normalization scalar by scalar.
///
/// Foundation here implements an older Unicode than the standard library's 16.0, and its
/// composition reads a supplementary-plane scalar by its low 16 bits (U+10041 composes as if
/// it were `A`): the comparison covers the scalars Unicode assigned before 16.0, and for
/// composition those of the Basic Multilingual Plane.
@Suite struct UnicodeNormalizationTests {
    /// The scalars from U+00C0 (nothing below it decomposes) to the end of the compatibility
    /// ideographs supplement (U+2FA1D, the last that decomposes) that Foundation knows.
    static let scalars = (0xC0...0x2FA1D).compactMap(Unicode.Scalar.init(_:)).filter {
        guard let age = $0.properties.age else { return false }
        return age.major < 16
    }

    @Test func everyScalarDecomposesAsFoundationDecomposesIt() {
        let differing = Self.scalars.filter {
            let text = String($0)
            return !UnicodeNormalization.decomposed(text).unicodeScalars.elementsEqual(text.decomposedStringWithCanonicalMapping.unicodeScalars)
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0.value, radix: 16, uppercase: true) })")
    }

    @Test func everyScalarComposesAsFoundationComposesIt() {
        let differing = Self.scalars.filter {
            let text = String($0)
            return $0.value <= 0xFFFF
                && !UnicodeNormalization.precomposed(text).unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars)
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0.value, radix: 16, uppercase: true) })")
    }
}
