// The umbrella module: `import Shade` gives every public module of the package, the way
// GPUImage users write `import GPUImage`. Depend on the `Shade` product:
//
//     .product(name: "Shade", package: "Shade")
//
// Each module is also a product of its own (`ShaderTesting`, `ImageGraph`, …) for packages
// that want fewer dependencies. The command line (`ShadeCLI`) is not re-exported.
//
// When a module is added to the package, it is listed here and in
// the `Shade` target's dependencies in Package.swift.

@_exported import ShaderDiagnostics
@_exported import ShaderSyntax
@_exported import ShaderSemantics
@_exported import Framebuffers
@_exported import ShaderCompiler
@_exported import ShaderExecution
@_exported import ImageCodecs
@_exported import FeatureDetection
@_exported import ImageGraph
@_exported import TextRendering
@_exported import ShaderTesting
