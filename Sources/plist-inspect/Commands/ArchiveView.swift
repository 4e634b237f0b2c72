import PlistKit

/// Keyed archives for `print --archive`, `unarchive` and `classes`, through PlistKit's generic
/// decode.
enum ArchiveView {
    /// The archive's object graph as a plain tree.
    ///
    /// - Throws: ``CommandError`` with exit 65.
    static func tree(_ archive: PlistValue, file: String) throws -> PlistValue {
        throw CommandError("\(FileIO.displayName(file)): Decoding keyed archives is not available in this build of PlistKit.", exitCode: .dataError)
    }
}
