import CShadeRuntime
import Foundation
import Framebuffers
import ShaderCompiler

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which code shades the batches of a draw. Every engine gives the same bits (the differential
/// tests check it); they differ in speed and in what they need.
public enum ShadingEngine: String, Sendable, Hashable, CaseIterable {
    /// The compiled closures (`Program.batchKernel`): always available.
    case closures
    /// C generated from the program (`NativeCodeGenerator`), compiled for this CPU's vector
    /// ISA by clang and loaded into the process; a program it cannot translate, or a machine
    /// without clang, runs on closures.
    case native

    /// The engine a `Schedule` uses unless told: `$SHADE_ENGINE` (`closures` or `native`),
    /// else closures.
    public static var defaultEngine: ShadingEngine {
        ProcessInfo.processInfo.environment["SHADE_ENGINE"].flatMap(ShadingEngine.init(rawValue:)) ?? .closures
    }
}

/// The C `shade_texture` of a view (NativeCodeGenerator's prelude).
struct NativeTexture {
    var texels: UnsafePointer<UInt8>?
    var width: Int
    var height: Int
    var linearClamped: Int
    var view: UnsafeRawPointer
    /// 1 when the view has mipmaps in the draw (`LaneCode.mipmapSwitch` then takes the closure
    /// kernel).
    var mipmapped: Int

    init(_ view: UnsafePointer<TextureView>) {
        let v = view.pointee
        // A mipmapped view has no texels here: its lookups take the callback, which picks the
        // level of each quad of lanes (a lane group holds whole quads).
        texels = v.isMipmapped ? nil : v.rgba8Texels
        width = v.width
        height = v.height
        linearClamped = v.state.filter == .linear && v.state.wrapS == .clampToEdge && v.state.wrapT == .clampToEdge ? 1 : 0
        self.view = UnsafeRawPointer(view)
        mipmapped = v.isMipmapped ? 1 : 0
    }
}

/// What a worker's native kernels read besides the register file: the views' descriptors, and
/// for `LaneCode.external` steps a register file one vector wide and the closure kernels with
/// the context to run them in.
final class NativeWorkerState: @unchecked Sendable {
    struct External {
        var context: KernelContext
        let kernels: [Kernel]
    }

    let textures: NativeTextureTable
    let scratch: UnsafeMutablePointer<Float>
    let external: UnsafeMutablePointer<External>

    init(program: Program, context: KernelContext, vectorWidth: Int) {
        textures = NativeTextureTable(context.textures, count: program.textureViewCount)
        // Only as many slots as the external steps touch (a program's register file can be
        // millions of slots).
        let count = max(program.externalSlotCount, 1) * vectorWidth
        scratch = .allocate(capacity: count)
        scratch.initialize(repeating: 0, count: count)
        var groupContext = context
        groupContext.stride = vectorWidth
        groupContext.registers = scratch
        external = .allocate(capacity: 1)
        external.initialize(to: External(context: groupContext, kernels: program.externalKernels))
    }

    deinit {
        external.deinitialize(count: 1)
        external.deallocate()
        scratch.deallocate()
    }
}

/// The `shade_texture` descriptors of a draw's views, owned by the kernel that reads them.
final class NativeTextureTable: @unchecked Sendable {
    let storage: UnsafeMutablePointer<NativeTexture>
    var descriptors: UnsafeRawPointer { UnsafeRawPointer(storage) }

    init(_ views: UnsafePointer<TextureView>, count: Int) {
        storage = .allocate(capacity: max(count, 1))
        for k in 0..<count { (storage + k).initialize(to: NativeTexture(views + k)) }
    }

    deinit { storage.deallocate() }
}

/// Compiles programs' batch stages to native code and keeps the results: in memory for the
/// process, and on disk (`$SHADE_CACHE`, else `$XDG_CACHE_HOME/shade` or `~/.cache/shade`) keyed
/// by the generated source, the compiler and the CPU, so a shader is compiled once per machine.
public final class NativeEngine: @unchecked Sendable {
    /// The process's engine.
    public static let shared = NativeEngine()

    /// `shade_batch`'s C type.
    typealias BatchFunction = @convention(c) (
        UnsafeMutablePointer<Float>, UnsafePointer<Float>, Int, UnsafeRawPointer, UnsafeMutablePointer<Int>, Int,
        UnsafeRawPointer, UnsafeMutablePointer<Float>, UnsafeMutableRawPointer
    ) -> Void

    /// `shade_span`'s C type (see `NativeCodeGenerator.SpanLayout`).
    typealias SpanFunction = @convention(c) (
        UnsafePointer<Float>, UnsafeRawPointer, UnsafeMutablePointer<Int>, Int, UnsafeRawPointer, Int, Int,
        UnsafePointer<Double>, Int, UnsafePointer<Double>, UnsafePointer<Float>, Double, Double, Float,
        UnsafePointer<Float>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Float>, UnsafeMutableRawPointer,
        UnsafePointer<Int32>?, Int, Int
    ) -> Void

    /// `shade_span_hint_size`'s C type: how many `Int32` a triangle's hints take for a row width.
    typealias HintSizeFunction = @convention(c) (Int) -> Int
    /// `shade_span_hints`'s C type: fills a triangle's hints from the views and its column terms.
    typealias HintFunction = @convention(c) (UnsafeRawPointer, UnsafePointer<Double>, Int, Int, UnsafeMutablePointer<Int32>) -> Void

    /// A program's `shade_span` bound to a draw's textures: shades `count` pixels of one row
    /// that a triangle covers whole and stores them as RGBA8.
    struct Span {
        let function: SpanFunction
        /// `owner`'s descriptors (raw, so that a copy of a `Span` costs no reference count).
        let textures: UnsafeRawPointer
        let callbacks: UnsafeRawPointer
        /// The worker's register file for `LaneCode.external` steps, and their context.
        let scratch: UnsafeMutablePointer<Float>
        let external: UnsafeMutableRawPointer
        /// Keeps `textures`, `scratch` and `external` alive; not touched while shading.
        let owner: NativeWorkerState
        /// The RGBA channels' slots it was generated for (-1 for a per-draw value).
        let channelSlots: SIMD4<Int>
        /// The per-draw hints of its lookups (see `NativeCodeGenerator.hintFunctions`).
        let hintSize: HintSizeFunction
        let hints: HintFunction

        /// A triangle's hints for rows `width` pixels wide, from its column terms (`stride`
        /// doubles per input component); the caller deallocates them.
        func makeHints(columns: UnsafePointer<Double>, stride: Int, width: Int) -> UnsafeMutablePointer<Int32> {
            let memory = UnsafeMutablePointer<Int32>.allocate(capacity: hintSize(width))
            hints(textures, columns, stride, width, memory)
            return memory
        }
    }

    /// Both entry points of a compiled program.
    struct Functions {
        var batch: BatchFunction
        /// `shade_span` with its hint functions.
        var span: (function: SpanFunction, hintSize: HintSizeFunction, hints: HintFunction)?
    }

    /// Lanes per vector on this CPU.
    public let vectorWidth: Int
    /// The C compiler, or nil when none was found.
    public let compilerPath: String?
    private let lock = NSLock()
    /// Per generated source: the loaded function, or why there is none.
    private var compiled: [String: Result<Functions, Failure>] = [:]

    /// Why a source did not compile or load.
    struct Failure: Error { var reason: String }
    /// Per program object: the program (weakly, so the cache keeps no program alive) and its
    /// function.
    private struct ProgramEntry {
        weak var program: Program?
        var function: Functions?
        /// Why the program has no function (nil when it has one).
        var failure: String?
    }

    private var programs: [ObjectIdentifier: ProgramEntry] = [:]
    private let callbacks: UnsafeMutableRawPointer

    init() {
        vectorWidth = Self.hostVectorWidth()
        compilerPath = Self.findCompiler()
        // `shade_callbacks` in the generated C: the texture lookup, then the external step.
        let table = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 2)
        let texture: @convention(c) (
            UnsafeRawPointer, Int, UnsafePointer<Float>, UnsafePointer<Float>, Int, UnsafeMutablePointer<Float>?,
            UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?
        ) -> Void = { view, _, s, t, count, r, g, b, a in
            view.assumingMemoryBound(to: TextureView.self).pointee.sample(s: s, t: t, count: count, outputs: (r, g, b, a))
        }
        table[0] = unsafeBitCast(texture, to: UnsafeRawPointer.self)
        let external: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Float>?) -> Void = { state, index, scratch in
            let s = state!.assumingMemoryBound(to: NativeWorkerState.External.self)
            var context = s.pointee.context
            context.registers = scratch!
            s.pointee.kernels[index](context)
        }
        table[1] = unsafeBitCast(external, to: UnsafeRawPointer.self)
        callbacks = UnsafeMutableRawPointer(table)
    }

    /// A kernel running `program`'s batch stage as native code for batches of `context.stride`
    /// lanes, and, when it has one, its fused row function; or nil when the program (or the
    /// machine) cannot have them. `context` is the worker's (its uniform file, texture views
    /// and status must outlive the kernels). The views' C descriptors and the register file of
    /// `LaneCode.external` steps are made here, once per worker and draw, not per batch.
    func kernels(for program: Program, context: KernelContext) -> (batch: Kernel, span: Span?)? {
        guard context.stride % vectorWidth == 0 else { return nil }
        guard let functions = functions(for: program) else { return nil }
        nonisolated(unsafe) let table = UnsafeRawPointer(callbacks)
        let state = NativeWorkerState(program: program, context: context, vectorWidth: vectorWidth)
        let textures = state.textures
        let function = functions.batch
        nonisolated(unsafe) let scratch = state.scratch, external = UnsafeMutableRawPointer(state.external)
        // The kernel keeps `state` alive (its scratch and external context are raw pointers);
        // the span may be dropped by a draw that cannot use it.
        let batch: Kernel = { ctx in
            withExtendedLifetime(state) {
                function(
                    ctx.registers, ctx.uniforms, ctx.stride, textures.descriptors, ctx.status, ctx.loopIterationLimit,
                    table, scratch, external)
            }
        }
        let span = functions.span.flatMap { f in
            Self.spanLayout(of: program).map { layout in
                let slots = layout.channels.map { $0 ?? -1 }
                return Span(
                    function: f.function, textures: textures.descriptors, callbacks: table, scratch: scratch, external: external,
                    owner: state, channelSlots: SIMD4(slots[0], slots[1], slots[2], slots[3]), hintSize: f.hintSize, hints: f.hints)
            }
        }
        return (batch, span)
    }

    /// The compiled batch function of `program` (cached per program object and per source).
    func function(for program: Program) -> BatchFunction? {
        functions(for: program)?.batch
    }

    /// The compiled functions of `program` (cached per program object and per source).
    func functions(for program: Program) -> Functions? {
        lock.lock()
        defer { lock.unlock() }
        return entry(for: program).function
    }

    /// What a fused row function of `program` reads and writes, or nil when it has none: it
    /// needs at most one colour output, at location 0.
    static func spanLayout(of program: Program) -> NativeCodeGenerator.SpanLayout? {
        guard program.colorOutputs.count <= 1 else { return nil }
        let color = program.colorOutputs.first
        if let color, color.location != 0 { return nil }
        var inputs: [NativeCodeGenerator.SpanLayout.Component] = []
        for input in program.inputs {
            for s in input.slots { inputs.append(.init(slot: s, isFlat: input.isFlat)) }
        }
        let channels: [Int?] = (0..<4).map { k in
            guard let color, k < color.value.width, case .lane(let s) = color.value.components[k] else { return nil }
            return s
        }
        return .init(inputs: inputs, fragCoord: program.fragCoordSlots, frontFacing: program.frontFacingSlot, channels: channels,
            canDiscard: program.canDiscard)
    }

    /// The cache entry of `program`, compiling it on first use. Call with `lock` held.
    private func entry(for program: Program) -> ProgramEntry {
        if let entry = programs[ObjectIdentifier(program)], entry.program === program { return entry }
        var entry = ProgramEntry(program: program)
        switch compile(program) {
        case .success(let function): entry.function = function
        case .failure(let failure): entry.failure = failure.reason
        }
        if programs.count >= 1024 { programs = programs.filter { $0.value.program != nil } }
        programs[ObjectIdentifier(program)] = entry
        return entry
    }

    /// True when `program` runs natively on this machine.
    public func runsNatively(_ program: Program) -> Bool { function(for: program) != nil }

    /// The C source the engine generates for `program`, or nil when it cannot translate it.
    public func source(for program: Program) -> String? {
        guard let code = program.laneCode else { return nil }
        var liveIn: Set<Int> = [Program.rootMaskSlot]
        for input in program.inputs { liveIn.formUnion(input.slots) }
        if let f = program.fragCoordSlots { liveIn.formUnion(f) }
        if let f = program.frontFacingSlot { liveIn.insert(f) }
        var liveOut: Set<Int> = [Program.rootMaskSlot]
        for output in program.outputs {
            for case .lane(let s) in output.value.components { liveOut.insert(s) }
        }
        return NativeCodeGenerator.source(
            for: code, vectorWidth: vectorWidth, liveIn: liveIn, liveOut: liveOut, span: Self.spanLayout(of: program))
    }

    /// Why `program` does not run natively, or nil when it does.
    public func reasonForClosures(_ program: Program) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return entry(for: program).failure
    }

    private func compile(_ program: Program) -> Result<Functions, Failure> {
        guard let compilerPath else { return .failure(Failure(reason: "no clang on PATH (set SHADE_CC)")) }
        guard let source = source(for: program) else {
            return .failure(Failure(
                reason: "the program indexes an array of over 256 elements with a lane value, or its C would pass \(NativeCodeGenerator.lineLimit) lines (function bodies are written out at every call); closures run it"))
        }
        if let known = compiled[source] { return known }
        let result = Result { () throws(Failure) in try load(source, compiler: compilerPath) }
        compiled[source] = result
        return result
    }

    private func load(_ source: String, compiler: String) throws(Failure) -> Functions {
        let key = Self.hash(source + "\u{0}" + compiler + "\u{0}" + Self.targetFlags.joined(separator: " "))
        let directory = Self.cacheDirectory
        let library = directory.appendingPathComponent("shade-\(key).so").path
        if !FileManager.default.fileExists(atPath: library) {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw Failure(reason: "cannot create \(directory.path): \(error)")
            }
            let unique = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
            let sourcePath = directory.appendingPathComponent("shade-\(key)-\(unique).c").path
            let temporary = directory.appendingPathComponent("shade-\(key)-\(unique).so").path
            let keepsSource = ProcessInfo.processInfo.environment["SHADE_NATIVE_KEEP_SOURCE"] != nil
            defer {
                if keepsSource {
                    // For reading and debugging the generated code: `shade-KEY.c` beside the library.
                    _ = rename(sourcePath, directory.appendingPathComponent("shade-\(key).c").path)
                }
                try? FileManager.default.removeItem(atPath: sourcePath)
                try? FileManager.default.removeItem(atPath: temporary)
            }
            guard FileManager.default.createFile(atPath: sourcePath, contents: Data(source.utf8)) else {
                throw Failure(reason: "cannot write \(sourcePath)")
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: compiler)
            process.arguments = [
                "-O2", "-fPIC", "-shared", "-fno-math-errno", "-w", sourcePath, "-o", temporary,
            ] + Self.targetFlags
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                throw Failure(reason: "cannot run \(compiler): \(error)")
            }
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw Failure(reason: "\(compiler) failed: " + String(decoding: message, as: UTF8.self))
            }
            // Atomic: another process compiling the same shader replaces it with the same bytes.
            guard rename(temporary, library) == 0 else {
                throw Failure(reason: "cannot move \(temporary) to \(library)")
            }
        }
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            throw Failure(reason: "cannot load \(library): " + (dlerror().map { String(cString: $0) } ?? ""))
        }
        guard let symbol = dlsym(handle, "shade_batch") else {
            throw Failure(reason: "\(library) has no shade_batch")
        }
        var span: (SpanFunction, HintSizeFunction, HintFunction)?
        if let function = dlsym(handle, "shade_span"), let size = dlsym(handle, "shade_span_hint_size"),
           let hints = dlsym(handle, "shade_span_hints") {
            span = (unsafeBitCast(function, to: SpanFunction.self), unsafeBitCast(size, to: HintSizeFunction.self),
                    unsafeBitCast(hints, to: HintFunction.self))
        }
        return Functions(batch: unsafeBitCast(symbol, to: BatchFunction.self), span: span)
    }

    // MARK: Machine

    static var cacheDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SHADE_CACHE"] { return URL(fileURLWithPath: path).appendingPathComponent("native") }
        if let path = environment["XDG_CACHE_HOME"] {
            return URL(fileURLWithPath: path).appendingPathComponent("shade/native")
        }
        if let home = environment["HOME"] {
            return URL(fileURLWithPath: home).appendingPathComponent(".cache/shade/native")
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("shade-cache/native")
    }

    static func findCompiler() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SHADE_CC"] { return FileManager.default.isExecutableFile(atPath: path) ? path : nil }
        let directories = (environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":").map(String.init)
        for directory in directories {
            let path = directory + "/clang"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The instruction set the code is built for: the x86-64 level CPUID reports (so a
    /// process under an emulator that hides AVX-512 gets AVX2 code), or the host's on other
    /// architectures. Part of the cache key.
    static let targetFlags: [String] = {
        switch level {
        case 4: return ["-march=x86-64-v4", "-mprefer-vector-width=512"]
        case 3: return ["-march=x86-64-v3"]
        case 2: return ["-march=x86-64-v2"]
        case 1: return ["-march=x86-64"]
        default: return ["-mcpu=native"]
        }
    }()

    /// The x86-64 level code is built for: CPUID's, or lower when `$SHADE_NATIVE_LEVEL` (1 to
    /// 4) asks (to share a cache between machines, or to match a tool that hides AVX-512).
    static let level: Int = {
        let cpu = Int(shade_x86_64_level())
        guard cpu > 0, let asked = ProcessInfo.processInfo.environment["SHADE_NATIVE_LEVEL"].flatMap({ Int($0) }),
              (1...4).contains(asked) else { return cpu }
        return min(cpu, asked)
    }()

    static func hostVectorWidth() -> Int {
        switch level {
        case 4: return 16
        case 3: return 8
        default: return 4
        }
    }

    /// FNV-1a, 64 bits, as hexadecimal: a stable cache key.
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        return String(h, radix: 16)
    }
}
