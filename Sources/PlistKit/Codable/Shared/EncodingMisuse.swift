/// The misuses of the Codable API both encoders report, and their sentences.
///
/// A misuse is a container or value asked for where the encoder already holds a value of
/// another kind: going on would drop what was encoded first. Foundation's encoders trap on most
/// of these; PlistKit records the first one and throws it as `EncodingError.invalidValue` once
/// encoding returns (a container request cannot throw), with the coding path where it
/// happened.
enum EncodingMisuse {
    /// `container(keyedBy:)` on an encoder that already encoded a single value or an unkeyed
    /// container.
    case keyedContainer
    /// `unkeyedContainer()` on an encoder that already encoded a single value or a keyed
    /// container.
    case unkeyedContainer
    /// A second single value, or a single value after a container.
    case singleValue
    /// `nestedContainer(keyedBy:forKey:)` at a key holding anything but a keyed container.
    case nestedKeyedContainer(key: String)
    /// `nestedUnkeyedContainer(forKey:)` at a key holding anything but an unkeyed container.
    case nestedUnkeyedContainer(key: String)
    /// `superEncoder()` or `superEncoder(forKey:)` at a key that already holds a container or
    /// another super encoder.
    case superEncoder(key: String)

    /// The sentence of the error.
    var description: String {
        switch self {
        case .keyedContainer:
            return "A keyed container was requested where a value of another kind was already encoded."
        case .unkeyedContainer:
            return "An unkeyed container was requested where a value of another kind was already encoded."
        case .singleValue:
            return "A single value was encoded where a value was already encoded."
        case .nestedKeyedContainer(let key):
            return "A nested keyed container was requested for key '\(key)', which already holds a value of another kind."
        case .nestedUnkeyedContainer(let key):
            return "A nested unkeyed container was requested for key '\(key)', which already holds a value of another kind."
        case .superEncoder(let key):
            return "A super encoder was requested for key '\(key)', which already holds a container or another super encoder."
        }
    }

    /// The error reported for this misuse at `path`.
    func error(at path: PlistCodingPath) -> EncodingError {
        EncodingError.invalidValue(description, EncodingError.Context(codingPath: path.keys, debugDescription: description))
    }
}
