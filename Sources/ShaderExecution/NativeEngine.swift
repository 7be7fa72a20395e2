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
    /// 1 when the view has mipmaps in the draw (`LaneCode.mipmapSwitch` then takes its
    /// mipmapped side).
    var mipmapped: Int

    /// The view's levels (`NativeTextureTable` owns them), level 0 first.
    var levels: UnsafePointer<NativeLevel>?
    var levelCount: Int
    /// 1 for the linear filter, 0 for nearest.
    var linear: Int
    /// 0 none, 1 nearest, 2 linear.
    var mipmapFilter: Int
    /// 0 clamp to edge, 1 repeat, 2 mirrored repeat.
    var wrapS: Int
    var wrapT: Int
    /// 1 when the generated `sample_general` samples the view (every view but those with a texel
    /// offset or layers, which call back into `TextureView.sample`).
    var general: Int
    var lodBias: Float

    /// The descriptor of `view`, whose levels are `levels` (`levelCount` of them, filled in).
    init(_ view: UnsafePointer<TextureView>, levels: UnsafePointer<NativeLevel>) {
        let v = view.pointee
        // A mipmapped view has no texels here: its lookups pick the level of each quad of lanes
        // (a lane group holds whole quads).
        texels = v.isMipmapped ? nil : v.rgba8Texels
        width = v.width
        height = v.height
        linearClamped = v.state.filter == .linear && v.state.wrapS == .clampToEdge && v.state.wrapT == .clampToEdge ? 1 : 0
        self.view = UnsafeRawPointer(view)
        mipmapped = v.isMipmapped ? 1 : 0
        self.levels = levels
        levelCount = v.levelCount
        linear = v.state.filter == .linear ? 1 : 0
        mipmapFilter = switch v.state.mipmapFilter { case .none: 0; case .nearest: 1; case .linear: 2 }
        func code(_ wrap: TextureWrap) -> Int {
            switch wrap { case .clampToEdge: 0; case .repeat: 1; case .mirroredRepeat: 2 }
        }
        wrapS = code(v.state.wrapS)
        wrapT = code(v.state.wrapT)
        general = v.texelOffset == (0, 0) && v.layerCount == 1 ? 1 : 0
        lodBias = v.state.lodBias
    }
}

/// The C `shade_level` of one mipmap level.
struct NativeLevel {
    var bytes: UnsafePointer<UInt8>?
    var floats: UnsafePointer<Float>?
    var width: Int
    var height: Int
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
    let levels: UnsafeMutablePointer<NativeLevel>
    var descriptors: UnsafeRawPointer { UnsafeRawPointer(storage) }

    init(_ views: UnsafePointer<TextureView>, count: Int) {
        storage = .allocate(capacity: max(count, 1))
        let total = (0..<count).reduce(0) { $0 + views[$1].levelCount }
        levels = .allocate(capacity: max(total, 1))
        var next = 0
        for k in 0..<count {
            let first = next
            for l in 0..<views[k].levelCount {
                let level = views[k].level(l)
                (levels + next).initialize(to: NativeLevel(
                    bytes: level.rgba8Texels, floats: level.float32Texels, width: level.width, height: level.height))
                next += 1
            }
            (storage + k).initialize(to: NativeTexture(views + k, levels: levels + first))
        }
    }

    deinit {
        storage.deallocate()
        levels.deallocate()
    }
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

    /// The entry points of a compiled library (the one its `CodePart` names).
    struct Functions {
        var batch: BatchFunction?
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

    private var programs: [EntryKey: ProgramEntry] = [:]
    /// Programs being compiled, each with a group left when its entry is in `programs`.
    private var compiling: [EntryKey: DispatchGroup] = [:]
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
    /// With `waiting` false, nil while the program compiles in the background (see
    /// `functions(for:part:waiting:)`).
    ///
    /// `part` says which entry point the draw needs (each is compiled on its own): `.batch`
    /// gives the batch kernel and no span, `.span` the fused row function and no batch kernel.
    func kernels(
        for program: Program, context: KernelContext, part: CodePart = .batch, waiting: Bool = true
    ) -> (batch: Kernel?, span: Span?)? {
        guard context.stride % vectorWidth == 0 else { return nil }
        guard let functions = functions(for: program, part: part, waiting: waiting) else { return nil }
        nonisolated(unsafe) let table = UnsafeRawPointer(callbacks)
        let state = NativeWorkerState(program: program, context: context, vectorWidth: vectorWidth)
        let textures = state.textures
        nonisolated(unsafe) let scratch = state.scratch, external = UnsafeMutableRawPointer(state.external)
        // The kernel keeps `state` alive (its scratch and external context are raw pointers).
        var batch: Kernel?
        if let function = functions.batch {
            batch = { ctx in
                withExtendedLifetime(state) {
                    function(
                        ctx.registers, ctx.uniforms, ctx.stride, textures.descriptors, ctx.status, ctx.loopIterationLimit,
                        table, scratch, external)
                }
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
        functions(for: program, part: .batch)?.batch
    }

    /// Which entry point of a program's native code a draw needs: a library holds one.
    enum CodePart: Hashable, Sendable {
        /// `shade_batch`, on the register file's lanes.
        case batch
        /// `shade_span`, the fused row function (and its hint functions).
        case span
    }

    /// A program object and an entry point: what a library is compiled for.
    private struct EntryKey: Hashable {
        var program: ObjectIdentifier
        var part: CodePart
    }

    /// The compiled functions of `program` (cached per program object and per source).
    ///
    /// With `waiting` false this never blocks on the C compiler: when the program is not
    /// compiled yet it starts compiling it on a background thread (once) and returns nil, and
    /// a later call returns the functions once they are loaded (`isCompiling` says whether to
    /// ask again). Every engine gives the same bits, so a draw may shade on closures meanwhile.
    func functions(for program: Program, part: CodePart, waiting: Bool = true) -> Functions? {
        waiting ? entry(for: program, part: part).function : readyEntry(for: program, part: part)?.function
    }

    /// The entry of `program`, compiling it (or waiting for its background compile) first.
    private func entry(for program: Program, part: CodePart) -> ProgramEntry {
        let id = EntryKey(program: ObjectIdentifier(program), part: part)
        lock.lock()
        if let entry = programs[id], entry.program === program {
            lock.unlock()
            return entry
        }
        if let group = compiling[id] {
            lock.unlock()
            group.wait()
            return entry(for: program, part: part)
        }
        let group = DispatchGroup()
        group.enter()
        compiling[id] = group
        lock.unlock()
        return finishCompiling(program, part, group)
    }

    /// The entry of `program` when its compile has finished; otherwise starts the compile in
    /// the background (unless it is under way) and returns nil.
    private func readyEntry(for program: Program, part: CodePart) -> ProgramEntry? {
        let id = EntryKey(program: ObjectIdentifier(program), part: part)
        lock.lock()
        defer { lock.unlock() }
        if let entry = programs[id], entry.program === program { return entry }
        if compiling[id] != nil { return nil }
        let group = DispatchGroup()
        group.enter()
        compiling[id] = group
        DispatchQueue.global(qos: .userInitiated).async {
            // At most `backgroundCompiles` clangs at once (a multipass shader's passes all start
            // theirs on the first frame).
            self.backgroundSlots.wait()
            _ = self.finishCompiling(program, part, group)
            self.backgroundSlots.signal()
        }
        return nil
    }

    /// Background compiles that may run at once: half the cores (at least one), so that the
    /// draws shading on closures meanwhile keep the rest.
    private let backgroundSlots = DispatchSemaphore(value: max(1, ProcessInfo.processInfo.activeProcessorCount / 2))

    /// True while some of `program`'s native code is being compiled (in the background, for a
    /// schedule that `compilesInBackground`, or for another thread).
    public func isCompiling(_ program: Program) -> Bool {
        isCompiling(program, part: .batch) || isCompiling(program, part: .span)
    }

    /// True while `program`'s `part` is being compiled (in the background or for another thread).
    func isCompiling(_ program: Program, part: CodePart) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return compiling[EntryKey(program: ObjectIdentifier(program), part: part)] != nil
    }

    /// True when `program` has native code for batches of `stride` lanes, or may have once its
    /// compile (under way) ends.
    func mayRunNatively(_ program: Program, part: CodePart, stride: Int) -> Bool {
        guard stride % vectorWidth == 0 else { return false }
        let id = EntryKey(program: ObjectIdentifier(program), part: part)
        lock.lock()
        defer { lock.unlock() }
        if compiling[id] != nil { return true }
        guard let entry = programs[id], entry.program === program else { return false }
        return entry.function != nil
    }

    /// Compiles `program` (the lock not held: clang runs for seconds on large programs) and
    /// records the result; `group` is the compile's, left when the entry is in place.
    private func finishCompiling(_ program: Program, _ part: CodePart, _ group: DispatchGroup) -> ProgramEntry {
        var entry = ProgramEntry(program: program)
        switch compile(program, part: part) {
        case .success(let function): entry.function = function
        case .failure(let failure):
            entry.failure = failure.reason
            if Self.reportsClosures {
                FileHandle.standardError.write(Data("shade: native engine: running on closures: \(failure.reason)\n".utf8))
            }
        }
        let id = EntryKey(program: ObjectIdentifier(program), part: part)
        lock.lock()
        if programs.count >= 1024 { programs = programs.filter { $0.value.program != nil } }
        programs[id] = entry
        compiling[id] = nil
        lock.unlock()
        group.leave()
        return entry
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

    /// `$SHADE_NATIVE_VERBOSE`: say on standard error why a program runs on closures.
    static let reportsClosures = ProcessInfo.processInfo.environment["SHADE_NATIVE_VERBOSE"] != nil

    /// True when `program` runs natively on this machine.
    public func runsNatively(_ program: Program) -> Bool { function(for: program) != nil }

    /// The C source the engine generates for `program` (both entry points), or nil when it
    /// cannot translate it.
    public func source(for program: Program) -> String? { source(for: program, batch: true, span: true) }

    /// The C source of `program`'s library for `part`.
    func source(for program: Program, part: CodePart) -> String? {
        source(for: program, batch: part == .batch, span: part == .span)
    }

    private func source(for program: Program, batch: Bool, span: Bool) -> String? {
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
            for: code, vectorWidth: vectorWidth, liveIn: liveIn, liveOut: liveOut,
            span: span ? Self.spanLayout(of: program) : nil, batch: batch)
    }

    /// Why `program` does not run natively, or nil when it does.
    public func reasonForClosures(_ program: Program) -> String? {
        entry(for: program, part: .batch).failure
    }

    private func compile(_ program: Program, part: CodePart) -> Result<Functions, Failure> {
        guard let compilerPath else { return .failure(Failure(reason: "no clang on PATH (set SHADE_CC)")) }
        if part == .span && Self.spanLayout(of: program) == nil {
            return .failure(Failure(reason: "the program has no fused row function (more than one colour output)"))
        }
        guard let source = source(for: program, part: part) else {
            return .failure(Failure(
                reason: "the program indexes an array of over 256 elements with a lane value, or its C would pass \(NativeCodeGenerator.lineLimit) lines (function bodies are written out at every call); closures run it"))
        }
        lock.lock()
        let known = compiled[source]
        lock.unlock()
        if let known { return known }
        // Two threads may compile the same source at once: each writes its own files and the
        // library's rename is atomic.
        let result = Result { () throws(Failure) in try load(source, compiler: compilerPath) }
        lock.lock()
        compiled[source] = result
        lock.unlock()
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
            _ = Self.sweepAbandonedFiles
            let unique = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
            let sourcePath = directory.appendingPathComponent("shade-\(key)-\(unique).c").path
            let temporary = directory.appendingPathComponent("shade-\(key)-\(unique).so").path
            // For reading and debugging the generated code: `shade-KEY.c` beside the library.
            let kept = ProcessInfo.processInfo.environment["SHADE_NATIVE_KEEP_SOURCE"] != nil
                ? directory.appendingPathComponent("shade-\(key).c").path : ""
            guard FileManager.default.createFile(atPath: sourcePath, contents: Data(source.utf8)) else {
                throw Failure(reason: "cannot write \(sourcePath)")
            }
            // The compile, the atomic rename into the cache (another process compiling the same
            // shader replaces it with the same bytes) and the cleanup run in one shell, so that
            // they finish even when this process exits first (a render that ended on closures
            // while its code compiled in the background): the next run finds the library.
            let script = """
                cc=$1 src=$2 tmp=$3 lib=$4 kept=$5; shift 5
                if "$cc" "$@" "$src" -o "$tmp"; then mv -f "$tmp" "$lib" || status=1; else status=1; fi
                if [ -n "$kept" ]; then mv -f "$src" "$kept"; else rm -f "$src"; fi
                rm -f "$tmp"
                exit ${status:-0}
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, "sh", compiler, sourcePath, temporary, library, kept]
                + ["-O2", "-fPIC", "-shared", "-fno-math-errno", "-w"] + Self.targetFlags
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                try? FileManager.default.removeItem(atPath: sourcePath)
                throw Failure(reason: "cannot run \(compiler): \(error)")
            }
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw Failure(reason: "\(compiler) failed: " + String(decoding: message, as: UTF8.self))
            }
        }
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            throw Failure(reason: "cannot load \(library): " + (dlerror().map { String(cString: $0) } ?? ""))
        }
        let symbol = dlsym(handle, "shade_batch")
        var span: (SpanFunction, HintSizeFunction, HintFunction)?
        if let function = dlsym(handle, "shade_span"), let size = dlsym(handle, "shade_span_hint_size"),
           let hints = dlsym(handle, "shade_span_hints") {
            span = (unsafeBitCast(function, to: SpanFunction.self), unsafeBitCast(size, to: HintSizeFunction.self),
                    unsafeBitCast(hints, to: HintFunction.self))
        }
        guard symbol != nil || span != nil else { throw Failure(reason: "\(library) has neither shade_batch nor shade_span") }
        return Functions(batch: symbol.map { unsafeBitCast($0, to: BatchFunction.self) }, span: span)
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

    /// Removes, once per process, the cache's abandoned temporary files (see
    /// `removeAbandonedFiles(in:before:)`) that are over an hour old. A compile never takes an
    /// hour, so a live one's files are never touched.
    static let sweepAbandonedFiles: Void = {
        removeAbandonedFiles(in: cacheDirectory, before: Date().addingTimeInterval(-3600))
    }()

    /// Removes the temporary files of compiles (`shade-KEY-PID-RANDOM.c` and `.so`) in
    /// `directory` last modified before `date`: a compile whose process group was killed (a
    /// render stopped by a timeout) leaves its source behind, and nothing else would remove
    /// it. Libraries (`shade-KEY.so`) and kept sources (`shade-KEY.c`) stay.
    static func removeAbandonedFiles(in directory: URL, before date: Date) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix("shade-") && (name.hasSuffix(".c") || name.hasSuffix(".so"))
            && name.split(separator: "-").count == 4 {
            let path = directory.appendingPathComponent(name).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let modified = attributes[.modificationDate] as? Date, modified < date else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
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
