/// How Xcode reads a build setting's value as a boolean or a list, for the settings that
/// become Info.plist keys (`INFOPLIST_KEY_…`, `GENERATE_INFOPLIST_FILE`, `SUPPORTED_PLATFORMS`).
enum InfoPlistSettingValue {
    /// Whether a boolean setting's value is true: `YES`, `TRUE` or `1` in any case, as Apple's
    /// build engine reads booleans; anything else, the empty value included, is false.
    static func isYes(_ value: String) -> Bool {
        switch value.trimmingWhitespace().lowercased() {
        case "yes", "true", "1": return true
        default: return false
        }
    }

    /// The items of a string-list setting: separated by white space, where a part in double
    /// or single quotes keeps its spaces and a backslash takes the next character as it is,
    /// as Xcode splits lists such as
    /// `INFOPLIST_KEY_UISupportedInterfaceOrientations = UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft`.
    static func items(_ value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var hasItem = false
        var quote: Character?
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                hasItem = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                hasItem = true
            } else if character.isWhitespace {
                if hasItem { items.append(current) }
                current = ""
                hasItem = false
            } else {
                current.append(character)
                hasItem = true
            }
        }
        if hasItem { items.append(current) }
        return items
    }
}

extension String {
    /// The string without white space at either end.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
