/// An Apple platform a bundle is built for, as its Info.plist tells.
public enum InfoPlistPlatform: String, CaseIterable, Hashable, Sendable {
    /// iOS and iPadOS (`iPhoneOS` in `CFBundleSupportedPlatforms`).
    case iOS
    /// macOS (`MacOSX`).
    case macOS
    /// tvOS (`AppleTVOS`).
    case tvOS
    /// watchOS (`WatchOS`).
    case watchOS
    /// visionOS (`XROS`).
    case visionOS

    /// The platforms `info`'s keys name, in this enum's order.
    ///
    /// `CFBundleSupportedPlatforms` decides when it names any (`iPhoneOS` and its simulator
    /// are iOS, `MacOSX` macOS, `AppleTVOS` tvOS, `WatchOS` watchOS, `XROS` visionOS);
    /// otherwise `UIDeviceFamily` (1 and 2 iOS, 3 tvOS, 4 watchOS, 7 visionOS), then
    /// `LSRequiresIPhoneOS` or `MinimumOSVersion` (iOS), and `LSMinimumSystemVersion` (macOS).
    /// Values of other types than documented are passed over.
    public static func platforms(of info: PlistDictionary) -> [InfoPlistPlatform] {
        var found = Set<InfoPlistPlatform>()
        for name in info["CFBundleSupportedPlatforms"]?.array?.compactMap(\.string) ?? [] {
            let lowered = name.lowercased()
            if lowered.hasPrefix("iphone") { found.insert(.iOS) }
            if lowered.hasPrefix("macos") { found.insert(.macOS) }
            if lowered.hasPrefix("appletv") { found.insert(.tvOS) }
            if lowered.hasPrefix("watch") { found.insert(.watchOS) }
            if lowered.hasPrefix("xr") { found.insert(.visionOS) }
        }
        if found.isEmpty {
            for family in deviceFamilies(of: info) {
                switch family {
                case 1, 2: found.insert(.iOS)
                case 3: found.insert(.tvOS)
                case 4: found.insert(.watchOS)
                case 7: found.insert(.visionOS)
                default: break
                }
            }
            if found.isEmpty, info["LSRequiresIPhoneOS"]?.bool == true || info["MinimumOSVersion"]?.string != nil {
                found.insert(.iOS)
            }
            if info["LSMinimumSystemVersion"]?.string != nil { found.insert(.macOS) }
        }
        return allCases.filter(found.contains)
    }

    /// The numbers of `UIDeviceFamily`, given as an array or as one number.
    static func deviceFamilies(of info: PlistDictionary) -> [Int] {
        switch info["UIDeviceFamily"] {
        case .integer(let number)?: return number.intValue.map { [$0] } ?? []
        case .array(let elements)?: return elements.compactMap(\.int)
        default: return []
        }
    }

    /// The name of a `UIDeviceFamily` number: "iPhone", "iPad", "Apple TV", "Apple Watch",
    /// "Mac", "Apple Vision", or "family N".
    static func deviceFamilyName(_ number: Int) -> String {
        switch number {
        case 1: return "iPhone"
        case 2: return "iPad"
        case 3: return "Apple TV"
        case 4: return "Apple Watch"
        case 6: return "Mac"
        case 7: return "Apple Vision"
        default: return "family \(number)"
        }
    }
}
