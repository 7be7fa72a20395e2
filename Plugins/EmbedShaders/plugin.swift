import Foundation
import PackagePlugin

/// Embeds `Shaders/Filters/*.fsh` and `Shaders/Vertex/*.vsh` into the target at build time and
/// generates the typed filter wrappers from their headers (see `Tools/shader-embedder`).
///
/// Every shader is an input file of the build command, so `swift build` re-runs the tool
/// when one changes; a new or deleted shader is picked up when the package is re-planned
/// (any `Package.swift` or plugin change, or `swift package clean`).
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaders = context.package.directoryURL.appending(path: "Shaders")
        var inputs: [URL] = []
        for (folder, suffix) in [("Filters", "fsh"), ("Vertex", "vsh")] {
            let directory = shaders.appending(path: folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            inputs += names.filter { $0.hasSuffix("." + suffix) }.sorted().map { directory.appending(path: $0) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) shaders from Shaders/",
                executable: try context.tool(named: "shader-embedder").url,
                arguments: [shaders.path, output.path],
                inputFiles: inputs,
                outputFiles: [
                    output.appending(path: "EmbeddedShaders.swift"),
                    output.appending(path: "FilterWrappers.swift"),
                ]
            )
        ]
    }
}
