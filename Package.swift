// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PlistKit",
    products: [
        .library(name: "PlistKit", targets: ["PlistKit"]),
        .executable(name: "plist-inspect", targets: ["plist-inspect"]),
    ],
    targets: [
        // libxml2 from the system (Debian: libxml2-dev). Only Sources/PlistKit/XML imports it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // C helpers for what Swift cannot call directly (printf-style formatting, a prefetch
        // hint) and the XML reader's SAX callbacks, one C file per concern.
        .target(name: "CPlistKitSupport"),
        .target(
            name: "PlistKit",
            dependencies: ["CLibXML2", "CPlistKitSupport"]
        ),
        .executableTarget(
            name: "plist-inspect",
            dependencies: ["PlistKit"]
        ),
        .testTarget(
            name: "PlistKitTests",
            dependencies: ["PlistKit"]
        ),
        .testTarget(
            name: "PlistInspectTests",
            dependencies: ["PlistKit", "plist-inspect"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
