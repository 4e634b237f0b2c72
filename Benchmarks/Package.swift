// swift-tools-version:6.0
// plist-bench: PlistKit against Foundation (and, through compare-libplist.sh, libplist) on the
// same data. Its own package, so that the library's package ships no benchmark product and
// Foundation-heavy benchmark code never builds with `swift build` of PlistKit.
//
//   cd Benchmarks && swift run -c release plist-bench --quick
import PackageDescription

let package = Package(
    name: "PlistKitBenchmarks",
    products: [
        .executable(name: "plist-bench", targets: ["plist-bench"]),
    ],
    dependencies: [
        .package(name: "PlistKit", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "plist-bench",
            dependencies: [
                .product(name: "PlistKit", package: "PlistKit"),
                .product(name: "PlistKitFoundation", package: "PlistKit"),
            ],
            path: "plist-bench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
