// swift-tools-version:6.0
// Shade: a GPU-style shader pipeline emulator. See README.md and ../shared/DESIGN.md.
//
// Layering (each module imports only modules listed above it):
//   ShaderDiagnostics → ShaderSyntax → ShaderSemantics → Framebuffers → ShaderCompiler
//   → ShaderExecution → CPNGShim, CJPEGShim → ImageCodecs → ImageGraph → ShaderTesting
//   → ShadeCLI → shade
// The dependency lists below are the only place that layering is granted.
import PackageDescription

let package = Package(
    name: "Shade",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "shade", targets: ["shade"]),
        .library(name: "ImageCodecs", targets: ["ImageCodecs"]),
        .library(name: "ShaderSemantics", targets: ["ShaderSemantics"]),
        .library(name: "ShadeCLI", targets: ["ShadeCLI"]),
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
        .target(
            name: "ShaderExecution",
            dependencies: ["ShaderSemantics", "Framebuffers", "ShaderCompiler"]
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

        // MARK: Testing kit
        .target(
            name: "ShaderTesting",
            dependencies: ["ShaderDiagnostics", "ShaderSemantics", "Framebuffers", "ShaderExecution", "ImageCodecs"]
        ),

        // MARK: Command line
        .target(
            name: "ShadeCLI",
            dependencies: [
                "ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics", "Framebuffers",
                "ShaderCompiler", "ShaderExecution", "ImageCodecs", "ShaderTesting",
            ]
        ),
        .executableTarget(name: "shade", dependencies: ["ShadeCLI"]),
        // Release benchmark of the shading runtime against a native loop:
        // `swift run -c release exec-bench`.
        .executableTarget(
            name: "exec-bench",
            dependencies: ["ShaderSemantics", "Framebuffers", "ShaderCompiler", "ShaderExecution"]
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

        // MARK: Lessons (Examples/): testing shaders with the kit, as a program and with Swift Testing
        .executableTarget(
            name: "lesson-03-testing-shaders",
            dependencies: ["Framebuffers", "ShaderSemantics", "ShaderTesting"],
            path: "Examples/03-TestingShaders/Sources"
        ),
        .testTarget(
            name: "TestingShadersLessonTests",
            dependencies: ["Framebuffers", "ShaderTesting"],
            path: "Examples/03-TestingShaders/Tests",
            exclude: ["Goldens"]
        ),

        // MARK: Tests
        .testTarget(
            name: "ShaderSyntaxTests", dependencies: ["ShaderDiagnostics", "ShaderSyntax"],
            exclude: ["Fixtures"]  // Shader files read by path, not bundled.
        ),
        .testTarget(
            name: "ShaderSemanticsTests",
            dependencies: ["ShaderDiagnostics", "ShaderSyntax", "ShaderSemantics"]
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
            dependencies: ["ShaderDiagnostics", "ShaderSemantics", "ShaderExecution", "ShaderTesting"],
            exclude: ["Expectations"]
        ),
        .testTarget(name: "ShadeCLITests", dependencies: ["ShadeCLI", "ImageCodecs", "Framebuffers"]),
    ],
    swiftLanguageModes: [.v6]
)
