extension KeyedArchive {
    /// Where an archive's graph starts.
    public enum GraphStart: Hashable, Sendable {
        /// At `$top`: every object reachable from it, then every object nothing reaches,
        /// marked ``PlistGraph/Node/isUnreachable``.
        case top
        /// At the object a key path names: a `$top` key, then field names (an NSArray's
        /// element indices and an NSDictionary's string keys too), as `unarchive` prints the
        /// tree (`root.friends.0`). The empty path is `$top`.
        case keyPath(PlistKeyPath)
        /// At the object with this `$objects` index.
        case object(Int)
    }

    /// The archive as a graph of its objects, instantiating nothing: each instance a node
    /// with its class, `$objects` index and scalar fields, each reference an edge labelled
    /// with the field, index or dictionary key that refers; shared objects and cycles stay
    /// edges between the same nodes, and `$null` is left out.
    ///
    /// With ``PlistGraphOptions/allowedClassNames``, instances of other classes are marked
    /// ``PlistGraph/Node/isRefused`` rather than failing the walk, so an archive a secure
    /// decode would refuse can still be looked at.
    ///
    /// ```swift
    /// let archive = try KeyedArchive(decoding: data)
    /// let graph = try archive.graph(startingAt: .keyPath("root.friends"), options: PlistGraphOptions(maximumDepth: 2))
    /// let shared = graph.nodes.filter { node in graph.edges.filter { $0.to == node.id }.count > 1 }
    /// ```
    ///
    /// - Throws: ``KeyedArchiveError`` with ``KeyedArchiveError/Code/valueNotFound`` when
    ///   `start` names nothing or a value that is not an archived instance.
    /// - Complexity: O(n) in the objects and references of the archive, whatever the limits.
    public func graph(startingAt start: GraphStart = .top, options: PlistGraphOptions = PlistGraphOptions()) throws -> PlistGraph {
        var builder = ArchiveGraphBuilder(archive: self, options: options)
        return try builder.graph(from: start)
    }
}
