// swift-tools-version:6.0
// Shade: a GPU-style shader pipeline emulator. See README.md and ../shared/DESIGN.md.
//
// Layering (each module imports only modules listed above it):
//   ShaderDiagnostics → ShaderSyntax → ShaderSemantics → Framebuffers → ShaderCompiler → CShadeRuntime
//   → ShaderExecution → CPNGShim, CJPEGShim → ImageCodecs → FeatureDetection → FilterHeaders → ImageGraph
//   → CTextShim → TextRendering → ShaderTesting
//   → Shade (the umbrella: re-exports every public module) → ShadeCLI → shade
// The dependency lists below are the only place that layering is granted.
//
// Every module a user imports is a library product, and no product has unsafe flags, so other
// packages can depend on Shade (Examples/05-Downstream is one, built and tested by .ci/run).
import PackageDescription

let package = Package(
    name: "Shade",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "shade", targets: ["shade"]),
        // `import Shade`: every public module below in one import.
        .library(name: "Shade", targets: ["Shade"]),
        .library(name: "ShaderDiagnostics", targets: ["ShaderDiagnostics"]),
        .library(name: "ShaderSyntax", targets: ["ShaderSyntax"]),
        .library(name: "ShaderSemantics", targets: ["ShaderSemantics"]),
        .library(name: "Framebuffers", targets: ["Framebuffers"]),
        .library(name: "ShaderCompiler", targets: ["ShaderCompiler"]),
        .library(name: "ShaderExecution", targets: ["ShaderExecution"]),
        .library(name: "ImageCodecs", targets: ["ImageCodecs"]),
        .library(name: "ImageGraph", targets: ["ImageGraph"]),
        .library(name: "TextRendering", targets: ["TextRendering"]),
        .library(name: "ShaderTesting", targets: ["ShaderTesting"]),
        .library(name: "ShadeCLI", targets: ["ShadeCLI"]),
        .library(name: "FeatureDetection", targets: ["FeatureDetection"]),
        .executable(name: "spookcam", targets: ["spookcam"]),
        .executable(name: "disguise", targets: ["disguise"]),
    ],
    targets: [
        // MARK: Shader language front end
        .target(name: "ShaderDiagnostics"),
        .target(name: "ShaderSyntax", dependencies: ["ShaderDiagnostics"]),
        .target(name: "ShaderSemantics", dependencies: ["ShaderDiagnostics", "ShaderSyntax"]),

        // MARK: Pixels and execution
        .target(name: "Framebuffers"),
        .target(
            name: "ShaderCompiler",
            dependencies: ["ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics", "Framebuffers"]
        ),
        // The executor's per-pixel loops in C, built for the CPU's vector ISA by target_clones.
        .target(name: "CShadeRuntime"),
        .target(
            name: "ShaderExecution",
            dependencies: ["ShaderSemantics", "Framebuffers", "ShaderCompiler", "CShadeRuntime"]
        ),

        // MARK: Image files (system libpng and libjpeg-turbo behind C shims that own setjmp)
        .systemLibrary(
            name: "CLibPNG",
            path: "Sources/CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CLibJPEG",
            path: "Sources/CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        .target(name: "CPNGShim", dependencies: ["CLibPNG"]),
        .target(name: "CJPEGShim", dependencies: ["CLibJPEG"]),
        .target(name: "ImageCodecs", dependencies: ["Framebuffers", "CPNGShim", "CJPEGShim"]),

        // MARK: Face and feature detection (Viola–Jones over OpenCV's cascade files, issue 16).
        // FoundationXML parses the cascades; ShaderExecution lends its ParallelRows.
        .target(name: "FeatureDetection", dependencies: ["Framebuffers", "ShaderExecution"]),

        // MARK: Built-in filter shaders, embedded at build time from Shaders/ by the EmbedShaders
        // plugin (its tool, shader-embedder, also generates one typed wrapper per filter).
        .target(name: "FilterHeaders", path: "Tools/FilterHeaders"),
        .executableTarget(
            name: "shader-embedder", dependencies: ["FilterHeaders"], path: "Tools/shader-embedder"
        ),
        .plugin(
            name: "EmbedShaders", capability: .buildTool(), dependencies: ["shader-embedder"],
            path: "Plugins/EmbedShaders"
        ),

        // Writes the git commit into ShadeCLI before each build, for `shade version`.
        .plugin(name: "StampCommit", capability: .buildTool(), path: "Plugins/StampCommit"),

        // MARK: Image graph (GPUImage-style sources, operations, targets)
        .target(
            name: "ImageGraph",
            dependencies: [
                "ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics", "Framebuffers",
                "ShaderCompiler", "ShaderExecution", "ImageCodecs", "FeatureDetection",
                "FilterHeaders",  // built-in filters (Sources/ImageGraph/Filters)
            ],
            plugins: ["EmbedShaders"]
        ),

        // MARK: Text (system FreeType and fontconfig behind a C shim): fonts, coverage, TextOverlay
        .systemLibrary(
            name: "CFreeType",
            path: "Sources/CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            path: "Sources/CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        .target(name: "CTextShim", dependencies: ["CFreeType", "CFontconfig"]),
        .target(name: "TextRendering", dependencies: ["Framebuffers", "ImageGraph", "CTextShim"]),

        // MARK: Testing kit
        .target(
            name: "ShaderTesting",
            dependencies: [
                "ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics", "Framebuffers", "ShaderCompiler",
                "ShaderExecution", "ImageCodecs",
            ]
        ),

        // MARK: Umbrella: `import Shade` re-exports every public module (GPUImage's `import GPUImage`).
        .target(
            name: "Shade",
            dependencies: [
                "ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics", "Framebuffers", "ShaderCompiler",
                "ShaderExecution", "ImageCodecs", "FeatureDetection", "ImageGraph", "TextRendering", "ShaderTesting",
            ]
        ),

        // Prints or dumps programs of the random program generator (issue 13).
        .executableTarget(name: "gen-shader", dependencies: ["ShaderTesting"]),

        // MARK: Command line
        // Hand-written C kernels that `shade bench` times beside Shade (issue 14); nothing else
        // uses them. Vector width comes from target_clones in the source, not from flags.
        .target(name: "BenchKernels", path: "Benchmarks/BenchKernels"),
        .target(
            name: "ShadeCLI",
            dependencies: [
                "ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics", "Framebuffers",
                "ShaderCompiler", "ShaderExecution", "ImageCodecs", "FeatureDetection", "ImageGraph", "TextRendering",
                "ShaderTesting", "BenchKernels",
            ],
            plugins: ["StampCommit"]
        ),
        .executableTarget(name: "shade", dependencies: ["ShadeCLI"]),

        // MARK: Benchmark (swift run -c release exec-bench): the shading runtime against a native loop
        .executableTarget(
            name: "exec-bench",
            dependencies: ["ShaderSemantics", "Framebuffers", "ShaderCompiler", "ShaderExecution"],
            path: "Benchmarks/exec-bench"
        ),

        // Transcendentals against llvmpipe's bits (scripts/measure-transcendentals) and their
        // speed: `swift run -c release math-check bench`.
        .executableTarget(
            name: "math-check", dependencies: ["ShaderSemantics", "ShaderCompiler"],
            path: "Benchmarks/math-check"
        ),

        // MARK: Benchmarks (swift run -c release codec-bench): Shade's codecs vs libpng/libjpeg from C
        .target(
            name: "CodecBenchDirect",
            dependencies: ["CLibPNG", "CLibJPEG"],
            path: "Benchmarks/CodecBenchDirect"
        ),
        .executableTarget(
            name: "codec-bench",
            dependencies: ["Framebuffers", "ImageCodecs", "CodecBenchDirect"],
            path: "Benchmarks/codec-bench"
        ),

        // MARK: Lessons (Examples/NN-Name/main.swift, built by `swift build`, run with `swift run NAME`)
        .executableTarget(
            name: "spookcam",
            dependencies: ["Framebuffers", "ImageCodecs", "ImageGraph"],
            path: "Examples/01-SpookCam"
        ),

        // Lesson 4: find the faces in a photo and give each one a mustache.
        .executableTarget(
            name: "disguise",
            dependencies: ["Framebuffers", "ImageCodecs", "FeatureDetection", "ImageGraph"],
            path: "Examples/04-Disguise"
        ),

        // Lesson 3: testing shaders with the kit, as a program and with Swift Testing.
        .executableTarget(
            name: "testing-shaders",
            dependencies: ["Framebuffers", "ShaderSemantics", "ShaderTesting"],
            path: "Examples/03-TestingShaders/Sources"
        ),
        .testTarget(
            name: "TestingShadersLessonTests",
            dependencies: ["Framebuffers", "ShaderTesting"],
            path: "Examples/03-TestingShaders/Tests",
            exclude: ["Goldens"]
        ),

        // Lesson 6: a phone-only banding bug caught with a device profile.
        .target(
            name: "PhoneBandingLesson",
            dependencies: ["Framebuffers", "ShaderSemantics", "ShaderTesting"],
            path: "Examples/06-PhoneBanding/Lesson"
        ),
        .executableTarget(
            name: "phone-banding",
            dependencies: ["PhoneBandingLesson", "ImageCodecs", "ShaderSemantics"],
            path: "Examples/06-PhoneBanding/Sources"
        ),
        .testTarget(
            name: "PhoneBandingLessonTests",
            dependencies: ["PhoneBandingLesson", "ShaderSemantics"],
            path: "Examples/06-PhoneBanding/Tests"
        ),

        // MARK: Benchmark (swift run -c release graph-bench): 200 HD frames through three filters
        .executableTarget(
            name: "graph-bench",
            dependencies: ["Framebuffers", "ShaderExecution", "ImageCodecs", "ImageGraph"],
            path: "Benchmarks/graph-bench"
        ),

        // MARK: Tests
        .testTarget(
            name: "ShaderSyntaxTests", dependencies: ["ShaderDiagnostics", "ShaderSyntax"],
            exclude: ["Fixtures"]  // Shader files read by path, not bundled.
        ),
        .testTarget(
            name: "ShaderSemanticsTests",
            dependencies: ["ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics"],
            exclude: ["Expectations"]  // Known-failure lists read by path.
        ),
        .testTarget(name: "ImageCodecsTests", dependencies: ["Framebuffers", "ImageCodecs"]),
        .testTarget(
            name: "ShaderExecutionTests",
            dependencies: [
                "ShaderSemantics", "Framebuffers", "ShaderCompiler", "ShaderExecution", "ImageCodecs",
            ],
            // Oracle shaders and raw RGBA8 references, read from disk by path
            // (re-created by Fixtures/make_fixtures.py with ../shared/tools/glref.py).
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ShaderTestingTests",
            dependencies: [
                "ShaderDiagnostics", "ShaderSemantics", "Framebuffers", "ShaderCompiler", "ShaderExecution",
                "ShaderTesting", "ImageCodecs",
            ],
            exclude: ["Expectations"]
        ),
        .testTarget(
            name: "ImageGraphTests",
            dependencies: ["ShaderDiagnostics", "Framebuffers", "ImageCodecs", "ImageGraph"]
        ),
        .testTarget(
            name: "FilterTests",
            dependencies: ["FilterHeaders", "ImageGraph", "Framebuffers", "ShaderExecution", "ImageCodecs"]
        ),
        .testTarget(
            name: "ShadeCLITests",
            dependencies: ["ShadeCLI", "ImageCodecs", "Framebuffers", "ImageGraph", "TextRendering", "FeatureDetection"]
        ),
        .testTarget(
            name: "TextRenderingTests", dependencies: ["TextRendering", "Framebuffers", "ImageGraph"]
        ),
        // Tests/FeatureDetectionTests: cascades, integral images, grouping, detection against
        // OpenCV's stored answers (Photos/ and Expected/ are read by path).
        .testTarget(
            name: "FeatureDetectionTests",
            dependencies: ["FeatureDetection", "Framebuffers", "ImageCodecs", "ImageGraph"],
            exclude: ["Expected"]
        ),
        // Tests/Hostile: hostile shaders and images end in their specific errors (issue 9).
        .testTarget(
            name: "HostileInputTests",
            dependencies: [
                "ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics", "ImageCodecs", "ShaderTesting",
                "Framebuffers", "ShaderCompiler", "ShaderExecution",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: Fuzz targets (issue 9), only when SHADE_FUZZ is set: scripts/fuzz builds them with
// `--sanitize=fuzzer --sanitize=address` into .build-fuzz. libFuzzer supplies `main`, so they
// cannot be linked by a plain `swift build`. See Fuzz/README.md.
if Context.environment["SHADE_FUZZ"] != nil {
    // `--sanitize=fuzzer` links libFuzzer's `main` into every executable, the build plugin's
    // tool included, which then cannot link; no fuzz target needs the embedded filters.
    for target in package.targets where target.name == "ImageGraph" { target.plugins = [] }
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("fuzz-shader", ["ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics"]),
        ("fuzz-render", [
            "Framebuffers", "ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics", "ShaderCompiler",
            "ShaderExecution",
        ]),
        ("fuzz-png", ["FuzzSupport"]),
        ("fuzz-jpeg", ["FuzzSupport"]),
        ("fuzz-testfiles", ["ShaderTesting"]),
        ("fuzz-diff", ["ShaderTesting"]),
    ]
    package.targets.append(
        .target(name: "FuzzSupport", dependencies: ["Framebuffers", "ImageCodecs"], path: "Fuzz/Targets/FuzzSupport")
    )
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name,
                dependencies: target.dependencies,
                path: "Fuzz/Targets/\(target.name)",
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]
            )
        )
    }
}
