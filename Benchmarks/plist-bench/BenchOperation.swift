/// One benchmarked operation: the same work done by PlistKit and by Foundation.
///
/// A side's `run` does the timed work and returns a closure that computes a checksum of the
/// result after the clock has stopped: the result stays alive until then, so the work cannot be
/// optimized away, and both sides' checksums (node counts for decoders, byte counts for
/// encoders) show they did comparable work.
struct BenchOperation {
    /// A side of the comparison.
    struct Side {
        /// Does the work once and returns the checksum computation.
        let run: () throws -> () -> UInt64
    }

    /// The name `--filter` matches, such as `binary decode: library-intl (50000 tracks)`
    /// (`library (` picks out the plain library, whose name `library-intl` contains).
    let name: String
    /// The bytes one run reads (decoders) or writes (encoders), for MB/s.
    let bytes: Int
    /// How many times one timed run repeats the work (small inputs are repeated so that one
    /// run lasts long enough for the clock).
    var repetitions = 1
    let plistKit: Side
    /// `nil` when Foundation has no equivalent operation.
    let foundation: Side?
    /// What the reader of the table should know about this operation.
    var note: String? = nil
}

/// Makes the operations, or the reason an operation could not be prepared (for example a
/// reader that is not part of this build).
typealias OperationFactory = (_ options: BenchOptions) throws -> [BenchOperation]
