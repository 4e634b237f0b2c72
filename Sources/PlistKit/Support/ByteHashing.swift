import FoundationEssentials

/// Cheap hashes and exact comparisons of bytes, for the tables that unique and intern keys
/// (the binary writer's uniquing tables, the binary reader's key table, `ExactKey`).
///
/// The hashes are well spread but not collision-resistant: a table keyed by them must bound
/// its probes (and fall back to `Hasher`) or be a cache that only loses entries. The bytes
/// are read through ``ByteCursor``.
@usableFromInline
enum ByteHashing {
    /// Mixes a 64-bit word into a well-spread hash (the finalizer of the SplitMix64 generator:
    /// every input bit reaches every output bit; a bijection, so distinct words stay distinct).
    @inline(__always)
    static func mix(_ word: UInt64) -> UInt64 {
        var z = word
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A 64-bit hash of `string`'s UTF-8 bytes mixed with `seed`.
    static func hash(utf8 string: String, seed: UInt64) -> UInt64 {
        ByteCursor.withUTF8(of: string) { $0.mixedHash(seed: seed) }
    }

    /// A 64-bit hash of `data` mixed with `seed`: of all its bytes up to 128, otherwise of its
    /// length and its first and last 64 bytes. Hashing all of a large blob costs more than
    /// writing it; blobs alike at both ends only share a hash, and tables compare their bytes.
    static func sampledHash(_ data: Data, seed: UInt64) -> UInt64 {
        ByteCursor.withBytes(of: data) { bytes in
            let sample = 64
            guard bytes.count > 2 * sample else { return bytes.mixedHash(seed: seed) }
            let head = bytes.mixedHash(from: 0, to: sample, seed: seed)
            let tail = bytes.mixedHash(from: bytes.count - sample, to: bytes.count, seed: head)
            return mix(tail ^ UInt64(bytes.count))
        }
    }

    /// Feeds every UTF-8 byte of `string` to `hasher`.
    static func combine(utf8 string: String, into hasher: inout Hasher) {
        ByteCursor.withUTF8(of: string) { $0.combine(into: &hasher) }
    }

    /// Feeds every byte of `data` to `hasher`.
    static func combine(_ data: Data, into hasher: inout Hasher) {
        ByteCursor.withBytes(of: data) { $0.combine(into: &hasher) }
    }

    /// Whether `a` and `b` hold the same bytes, compared a word at a time.
    static func sameBytes(_ a: Data, _ b: Data) -> Bool {
        ByteCursor.withBytes(of: a) { first in
            ByteCursor.withBytes(of: b) { first.hasSameBytes(as: $0) }
        }
    }

    /// Whether `a` and `b` have the same UTF-8 bytes, compared a word at a time. Keys met
    /// again (a reader's interned keys, a model's coding keys, string literals) are usually
    /// the very same string, which answers without lending out either string's bytes.
    ///
    /// Inlined, so that this usual answer costs no call: key comparisons sit in every reader's
    /// and writer's key loops (a call each was a tenth of writing the library as XML).
    @usableFromInline @inline(__always)
    static func sameUTF8(_ a: String, _ b: String) -> Bool {
        ByteCursor.haveSameRepresentation(a, b) || sameUTF8Bytes(a, b)
    }

    /// ``sameUTF8(_:_:)`` for strings stored differently: their UTF-8 bytes compared in place.
    @usableFromInline
    static func sameUTF8Bytes(_ a: String, _ b: String) -> Bool {
        ByteCursor.withUTF8(of: a) { first in
            ByteCursor.withUTF8(of: b) { first.hasSameBytes(as: $0) }
        }
    }
}
