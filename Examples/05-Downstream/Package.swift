// swift-tools-version:6.0
// Lesson 5: a package outside Shade that depends on it, as any project would (here by relative
// path; elsewhere `.package(url: "https://…/Shade.git", from: "0.17.0")`). It is not part of
// the root package: build and test it from this folder with `swift test`. .ci/run does.
import PackageDescription

let package = Package(
    name: "Downstream",
    platforms: [.macOS(.v13)],
    dependencies: [
        // A path dependency is known by its folder's name (this clone's may be anything), so it
        // is named here; a URL dependency on Shade.git needs no name.
        .package(name: "Shade", path: "../.."),
    ],
    targets: [
        // The code under test: a posterize filter of this project's own, as a shader and as an
        // ImageGraph operation, written against the umbrella module.
        .target(name: "Posterize", dependencies: [.product(name: "Shade", package: "Shade")]),
        // Swift Testing, importing the modules one by one.
        .testTarget(
            name: "PosterizeTests",
            dependencies: [
                "Posterize",
                .product(name: "ShaderTesting", package: "Shade"),
                .product(name: "ImageGraph", package: "Shade"),
                .product(name: "Framebuffers", package: "Shade"),
            ]
        ),
        // XCTest, with `import Shade`.
        .testTarget(
            name: "PosterizeXCTests",
            dependencies: ["Posterize", .product(name: "Shade", package: "Shade")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
