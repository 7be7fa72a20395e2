import Foundation
import PackagePlugin

/// Embeds `Shaders/Filters/*.fsh` (and the header-only `*.composite`), `Shaders/Vertex/*.vsh` and
/// `Shaders/Bench/*.fsh` into the target at build time and
/// generates the typed filter wrappers from their headers (see `Tools/shader-embedder`).
///
/// Every shader file and both folders are inputs of the build command, so `swift build` re-runs
/// the tool when a shader is edited or added (measured: about 10 s for an incremental debug
/// build of `shade`). Deleting a shader makes the next build fail with "missing inputs" until
/// the package is re-planned (`touch Package.swift`), because SwiftPM only re-asks the plugin
/// for its commands when the package structure changes.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaders = context.package.directoryURL.appending(path: "Shaders")
        var inputs: [URL] = []
        for (folder, suffix) in [("Filters", "fsh"), ("Filters", "composite"), ("Vertex", "vsh"), ("Bench", "fsh")] {
            let directory = shaders.appending(path: folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            inputs += names.filter { $0.hasSuffix("." + suffix) }.sorted().map {
                directory.appending(path: $0)
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) shaders from Shaders/",
                executable: try context.tool(named: "shader-embedder").url,
                arguments: [shaders.path, output.path],
                // The files catch edits; the folders catch added files (a folder's timestamp
                // changes when a file is added, removed or replaced by rename).
                inputFiles: inputs + [
                    shaders.appending(path: "Filters"), shaders.appending(path: "Vertex"),
                    shaders.appending(path: "Bench"),
                ],
                outputFiles: [
                    output.appending(path: "EmbeddedShaders.swift"),
                    output.appending(path: "FilterWrappers.swift"),
                ]
            )
        ]
    }
}
