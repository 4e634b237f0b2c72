/// The type Apple documents for a key of an Info.plist, deep enough to check a file against:
/// what ``InfoPlistChecker`` reports a value of another type against.
indirect enum InfoPlistValueType: Sendable {
    case string, boolean, integer, real, date, data
    /// A dictionary of any shape.
    case dictionary
    /// An array whose every element has the type.
    case array(InfoPlistValueType)
    /// A dictionary whose known keys have the given types; other keys may hold anything.
    case record([String: InfoPlistValueType])
    /// A dictionary of keys of your own whose every value has the type (`LSEnvironment`).
    case entries(InfoPlistValueType)
    /// Either type (`UIRequiredDeviceCapabilities`: an array of strings or a dictionary of
    /// booleans).
    case either(InfoPlistValueType, InfoPlistValueType)

    /// A place where a value does not have its documented type.
    struct Mismatch {
        let keyPath: PlistKeyPath
        let expected: InfoPlistValueType
        let found: PlistValue.Kind
    }

    /// Every place in `value` (at `path`) whose type is not the documented one: the value
    /// itself when its own type differs, else the elements and entries inside it that differ.
    /// The walk follows the type, whose nesting is fixed, not the value's depth.
    func mismatches(in value: PlistValue, at path: PlistKeyPath) -> [Mismatch] {
        guard fitsShallowly(value) else { return [Mismatch(keyPath: path, expected: self, found: value.kind)] }
        switch (self, value) {
        case (.array(let element), .array(let elements)):
            return elements.enumerated().flatMap { element.mismatches(in: $1, at: path.appending(index: $0)) }
        case (.record(let fields), .dictionary(let dictionary)):
            return dictionary.flatMap { key, child in fields[key]?.mismatches(in: child, at: path.appending(key)) ?? [] }
        case (.entries(let entry), .dictionary(let dictionary)):
            return dictionary.flatMap { key, child in entry.mismatches(in: child, at: path.appending(key)) }
        case (.either(let first, let second), _):
            return (first.fitsShallowly(value) ? first : second).mismatches(in: value, at: path)
        default:
            return []
        }
    }

    /// Whether the value's own type is this one, without looking inside it.
    private func fitsShallowly(_ value: PlistValue) -> Bool {
        switch (self, value.kind) {
        case (.string, .string), (.boolean, .boolean), (.integer, .integer), (.real, .real), (.date, .date), (.data, .data),
            (.dictionary, .dictionary), (.record, .dictionary), (.entries, .dictionary), (.array, .array):
            return true
        case (.either(let first, let second), _):
            return first.fitsShallowly(value) || second.fitsShallowly(value)
        default:
            return false
        }
    }

    /// The type with its article, for messages: "a string", "an array of strings".
    var description: String { names.singular }

    /// The type in the plural: "strings", "arrays of integers".
    private var plural: String { names.plural }

    /// The type's name with its article and in the plural: one table, so that the two forms of
    /// a name stay together.
    private var names: (singular: String, plural: String) {
        switch self {
        case .string: return ("a string", "strings")
        case .boolean: return ("a boolean", "booleans")
        case .integer: return ("an integer", "integers")
        case .real: return ("a real", "reals")
        case .date: return ("a date", "dates")
        case .data: return ("a data value", "data values")
        case .dictionary, .record: return ("a dictionary", "dictionaries")
        case .array(let element):
            let elements = element.plural
            return ("an array of \(elements)", "arrays of \(elements)")
        case .entries(let entry):
            let entries = entry.plural
            return ("a dictionary of \(entries)", "dictionaries of \(entries)")
        case .either(let first, let second):
            return ("\(first.description) or \(second.description)", "\(first.plural) or \(second.plural)")
        }
    }
}
