extension InfoPlist {
    /// `UIRequiredDeviceCapabilities`, in either of its documented shapes: an array of the
    /// capabilities the app needs, or a dictionary saying of each capability whether the app
    /// needs it (`true`) or needs it absent (`false`).
    public enum RequiredDeviceCapabilities: Hashable, Sendable {
        /// The capabilities the app needs (`["arm64", "still-camera"]`).
        case list([String])
        /// Each capability with whether it must be present or absent, in the file's order.
        case map(InfoPlistEntries<Bool>)

        /// The capabilities the app needs: the list's, or the dictionary's `true` ones.
        public var required: [String] {
            switch self {
            case .list(let names): return names
            case .map(let entries): return entries.filter { $0.1 }.map(\.0)
            }
        }

        /// The capabilities the app needs absent: the dictionary's `false` ones.
        public var prohibited: [String] {
            guard case .map(let entries) = self else { return [] }
            return entries.filter { !$0.1 }.map(\.0)
        }

        /// The documented type, for ``InfoPlistChecker``.
        static let schema: InfoPlistValueType = .either(.array(.string), .entries(.boolean))
    }
}

extension InfoPlist.RequiredDeviceCapabilities: Codable {
    /// Reads an array of strings or a dictionary of booleans.
    ///
    /// - Throws: `DecodingError` for any other value.
    public init(from decoder: any Decoder) throws {
        if case .dictionary = try decoder.singleValueContainer().decode(PlistValue.self) {
            self = .map(try InfoPlistEntries<Bool>(from: decoder))
        } else {
            self = .list(try decoder.singleValueContainer().decode([String].self))
        }
    }

    /// Writes the array or dictionary it is.
    ///
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .list(let names):
            var container = encoder.singleValueContainer()
            try container.encode(names)
        case .map(let entries):
            try entries.encode(to: encoder)
        }
    }
}
