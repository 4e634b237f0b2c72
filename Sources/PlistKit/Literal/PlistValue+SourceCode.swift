extension PlistValue {
    /// The value as Swift source, as `plutil -convert swift` writes it (see
    /// ``PlistLiteralWriter``).
    ///
    /// - Parameter sourceName: The input file's name, for the comment and the constant's name;
    ///   `-` for standard input.
    /// - Throws: ``PlistError`` with ``PlistError/Code/unrepresentableValue`` and the key path of
    ///   a UID.
    /// - Complexity: O(n) in the size of the value.
    public func swiftLiteral(sourceName: String = "-") throws -> String {
        try PlistLiteralWriter(language: .swift, sourceName: sourceName).source(for: self)
    }

    /// The value as Objective-C source, as `plutil -convert objc` writes it (see
    /// ``PlistLiteralWriter``).
    ///
    /// - Parameter sourceName: The input file's name, for the comment and the constant's name;
    ///   `-` for standard input.
    /// - Throws: ``PlistError`` with ``PlistError/Code/unrepresentableValue`` and the key path of
    ///   a date, data or UID, which Objective-C literals cannot hold.
    /// - Complexity: O(n) in the size of the value.
    public func objectiveCLiteral(sourceName: String = "-") throws -> String {
        try PlistLiteralWriter(language: .objectiveC, sourceName: sourceName).source(for: self)
    }
}
