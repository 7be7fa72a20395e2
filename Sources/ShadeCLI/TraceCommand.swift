import Foundation
import Framebuffers
import ShaderDiagnostics
import ShaderSemantics
import ShaderTesting

/// `shade trace SHADER --pixel X,Y`: shades one fragment and prints every assignment and
/// branch taken, in execution order, with source lines and values.
enum TraceCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "trace",
        summary: "shade one pixel and print every assignment and branch taken, with lines and values",
        run: run)

    static let help = """
        usage: shade trace SHADER --pixel X,Y [--size WxH] [--input IMAGE]... [--uniform NAME=V,...]...

        Shades the one fragment at column X, row Y (row 0 is gl_FragCoord.y = 0.5, the first
        row of an image file) and prints each step as 'LINE: what happened':
        assignments and initialised declarations with their new values, every if/loop
        condition with the branch taken, break/continue/return/discard. The last lines give
        gl_FragColor (or the shader's 'out vec4') and the pixel Shade's executor renders for the
        same draw; they agree. GLSL ES 3.00 ints and uints print as integers ('4294967295u').

        Inputs, uniforms and size work as in 'shade run': textureCoordinate is the pixel
        centre, texelWidth/texelHeight, u_resolution and u_time are set automatically.
        The pixel's 2×2 quad runs together, so derivatives are real; --vertex V traces
        behind a vertex shader.

        options:
          --pixel X,Y        the pixel to trace (required)
          --size WxH         the target size (default: the first input's size)
          -i, --input FILE   an input image (inputImageTexture, inputImageTexture2, ...)
          -u, --uniform N=V  a uniform's value, components separated by commas
          --filter, --wrap   sampling, as in 'shade run'
          --profile NAME     run as a device profile (shade check --list-profiles): the
                             steps show the values it rounds (fp16 mediump)
          -h, --help         show this help

        examples:
          $ shade trace Shaders/Filters/Grayscale.fsh --pixel 10,20 --input photo.png
          $ shade trace ring.fsh --size 64x64 --pixel 32,40 --uniform radius=0.25
          6: d = vec2(0.0078125, 0.1328125)
          ...
          12: if (r < radius) -> true
          13: color.r = 1.0
          17: gl_FragColor = vec4(1.0, 0.5, 0.0, 0.0)
          gl_FragColor = vec4(1.0, 0.5, 0.0, 0.0)
          rendered pixel (32, 40) = (1.0, 0.5, 0.0, 0.0)

        """

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, options: RenderJob.options + [.init(names: ["--pixel"], takesValue: true)])
        } catch {
            console.standardError("shade trace: \(error)\n\n" + help)
            return .usage
        }
        if scanner.has("--help") {
            console.standardOutput(help)
            return .success
        }
        let pixel: (x: Int, y: Int)
        do {
            guard let p = try scanner.parsed("--pixel", as: "X,Y, e.g. 10,20", { text -> (Int, Int)? in
                let parts = text.split(separator: ",")
                guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return nil }
                return (x, y)
            }) else {
                console.standardError("shade trace: no pixel given (--pixel X,Y)\n\n" + help)
                return .usage
            }
            pixel = p
        } catch {
            console.standardError("shade trace: \(error.message)\n")
            return .usage
        }
        do {
            let job = try RenderJob.prepare(scanner)
            guard pixel.x >= 0, pixel.y >= 0, pixel.x < job.width, pixel.y < job.height else {
                console.standardError("shade trace: error: pixel \(pixel.x),\(pixel.y) is outside the \(job.width)x\(job.height) target\n")
                return .usage
            }
            let text = try ShaderFiles.read(job.fragmentPath)
            // On a device profile the trace shows the values the device rounds (fp16 mediump).
            let options = CheckOptions(isStrict: scanner.has("--strict"), profile: job.profile)
            let shader = try compileFrontEnd(
                source: text, name: job.fragmentPath, stage: .fragment, options: options,
                parseOptions: job.profile.parseOptions())
            let vertex = try scanner.last("--vertex").map { path in
                try compileFrontEnd(
                    source: try ShaderFiles.read(path), name: path, stage: .vertex, options: options,
                    parseOptions: job.profile.parseOptions())
            }
            let trace = try ShaderTrace(
                shader: shader, vertex: vertex, x: pixel.x, y: pixel.y, width: job.width, height: job.height, uniforms: job.uniforms,
                inputs: job.inputs, samplerState: job.samplerState)
            var out = "trace of \(job.fragmentPath) at pixel (\(pixel.x), \(pixel.y)) of \(job.width)x\(job.height)\n"
            for event in trace.events { out += "\(event.line): \(event.text)\n" }
            if !trace.outputs.isEmpty {
                // GLSL ES 3.00 and desktop 1.30+: every `out`, by location (the draw buffers).
                for o in trace.outputs {
                    let value = o.value.count == 1
                        ? "\(o.value[0])" : "vec\(o.value.count)(\(o.value.map { "\($0)" }.joined(separator: ", ")))"
                    let place = trace.outputs.count > 1 ? " (location \(o.location))" : ""
                    out += "\(o.name) = \(value)\(place)\n"
                }
            } else if let c = trace.fragColor {
                out += "gl_FragColor = vec4(\(c.x), \(c.y), \(c.z), \(c.w))\n"
            } else {
                out += "the fragment was discarded\n"
            }
            let rendered = try job.render(with: RenderJob.executor(scanner), format: .float32)
            let p = rendered.pixel(x: pixel.x, y: pixel.y)
            out += "rendered pixel (\(pixel.x), \(pixel.y)) = (\(p.x), \(p.y), \(p.z), \(p.w))\n"
            console.standardOutput(out)
            return .success
        } catch let failure as CommandFailure {
            console.standardError(failure.message)
            return failure.code
        } catch let error as ShaderTestError {
            console.standardError("shade trace: error: \(error)\n")
            return .dataError
        } catch let error as DiagnosticsError {
            console.standardError(error.diagnostics.rendered())
            return .dataError
        } catch {
            console.standardError("shade trace: error: \(error)\n")
            return .dataError
        }
    }
}
