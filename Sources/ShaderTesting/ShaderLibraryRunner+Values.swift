import Foundation
import Framebuffers
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics

extension ShaderLibraryRunner {
    /// Largest difference accepted between a `float`/`vec`/`mat` output and its expected value:
    /// `floatTolerance × max(1, |expected|)`. Integer and boolean outputs must match exactly.
    public static let floatTolerance = 0.05

    /// Runs `testCase` completely: the compile expectation of every program, and for `pass`
    /// cases every row of values through the executor.
    ///
    /// Each row sets the inputs and uniforms, draws the program into a one-row Float32
    /// framebuffer of `pixelCount` pixels and compares the packed outputs with the row's
    /// expected values (see `floatTolerance`). A failure names the row, the output and
    /// component, the expected and the actual value.
    ///
    /// - Parameter testCase: a parsed case.
    /// - Returns: one result per program (`name.vertex`, `name.fragment` or `name.linked`).
    public func run(_ testCase: ShaderLibraryCase) -> [ShaderLibraryResult] {
        let compiled = checkCompilation(of: testCase)
        guard testCase.expectation == .pass else { return compiled }
        return zip(testCase.programs, compiled).map { program, result in
            guard result.status == .passed else { return result }
            return ShaderLibraryResult(name: result.name, status: runValues(of: program, in: testCase))
        }
    }

    /// The draw's vertex stage reads the quad from the attribute `position` (GPUImage's name),
    /// so the case's `dEQP_Position` is renamed for execution.
    static func executable(_ source: String) -> String {
        source.replacingOccurrences(
            of: "\\b\(ShaderLibraryProgram.positionAttribute)\\b", with: "position", options: .regularExpression)
    }

    func runValues(of program: ShaderLibraryProgram, in testCase: ShaderLibraryCase) -> ShaderLibraryResult.Status {
        let vertexShader: CheckedShader, fragmentShader: CheckedShader
        let vertex: Program, fragment: Program
        do {
            vertexShader = try compileFrontEnd(
                source: Self.executable(program.vertexSource), name: "vertex", stage: .vertex, options: options,
                parseOptions: options.profile.parseOptions())
            fragmentShader = try compileFrontEnd(
                source: Self.executable(program.fragmentSource), name: "fragment", stage: .fragment, options: options,
                parseOptions: options.profile.parseOptions())
            vertex = try Compiler.compile(vertexShader)
            fragment = try Compiler.compile(fragmentShader)
        } catch {
            return .failed("compiler: " + error.diagnostics.map(\.message).joined(separator: "; "))
        }
        let executor = Executor(schedule: Schedule(threadCount: 1))
        for row in 0..<max(testCase.rowCount, 1) {
            var uniforms = UniformValues(shaders: [vertexShader, fragmentShader], programs: [vertex, fragment])
            for value in program.uniforms where !value.rows.isEmpty {
                let components = value.rows[min(row, value.rows.count - 1)].map { Float($0) }
                do {
                    try uniforms.set(value.name, components)
                } catch {
                    return .failed("row \(row): \(error.message)")
                }
            }
            let target = Framebuffer(width: program.pixelCount, height: 1, format: .float32)
            target.clear(to: SIMD4(repeating: -12345))
            do {
                try executor.render(
                    DrawCall(fragment: fragment, vertex: vertex, uniforms: uniforms.values), into: target)
            } catch {
                return .failed("row \(row): \(error)")
            }
            for output in program.outputs where !output.value.rows.isEmpty {
                let expected = output.value.rows[min(row, output.value.rows.count - 1)]
                let isFloat = !(output.value.type.hasPrefix("i") || output.value.type.hasPrefix("u")
                    || output.value.type.hasPrefix("b"))
                for (k, want) in expected.enumerated() {
                    let index = output.firstComponent + k
                    let got = Double(target.pixel(x: index / 4, y: 0)[index % 4])
                    let matches = isFloat
                        ? abs(got - want) <= Self.floatTolerance * max(1, abs(want))
                        : got == want
                    if !matches {
                        let component = expected.count == 1 ? "" : "[\(k)]"
                        return .failed(
                            "row \(row): \(output.value.name)\(component) expected \(Self.format(want)), got \(Self.format(got))")
                    }
                }
            }
        }
        return .passed
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
