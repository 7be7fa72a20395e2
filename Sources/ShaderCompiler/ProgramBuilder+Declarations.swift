import ShaderSemantics

extension ProgramBuilder {
    /// Declares a per-fragment input (a varying, or an attribute in a vertex program) that the
    /// executor fills before each batch.
    ///
    /// A `flat` input gets the provoking vertex's value, bit for bit (integers included).
    public func input(_ name: String, width: Int, isFlat: Bool = false) -> Value {
        if let existing = inputDeclarations.first(where: { $0.name == name }) {
            return Self.lanes(existing.slots)
        }
        let base = allocateConsecutiveLanes(width)
        let slots = Array(base..<(base + width))
        pinnedSlots.formUnion(slots)
        inputDeclarations.append(InputDeclaration(name: name, slots: slots, isFlat: isFlat))
        return Self.lanes(slots)
    }

    /// `gl_FragCoord`: (x + 0.5, y + 0.5, window z, 1 / w), filled by the executor.
    public var fragCoord: Value {
        if let s = fragCoordSlots { return Self.lanes(s) }
        let s = allocateLanes(4)
        pinnedSlots.formUnion(s)
        fragCoordSlots = s
        return Self.lanes(s)
    }

    /// `gl_FrontFacing` as a bool (1 or 0), filled by the executor.
    public var frontFacing: Value {
        if let s = frontFacingSlot { return Value([.lane(s)]) }
        let s = allocateLanes(1)[0]
        pinnedSlots.insert(s)
        frontFacingSlot = s
        return Value([.lane(s)])
    }

    /// Declares a uniform of `width` components (a matrix is column-major; an array is its
    /// elements in order, see `uniformArray`).
    ///
    /// With `holdsIntegerBits`, an `int` or `uint` uniform holds its 32 bits (GLSL ES 3.00);
    /// otherwise an int holds a whole float.
    ///
    /// `componentKinds` gives each component's kind when they differ (a structure).
    public func uniform(
        _ name: String, width: Int, kind: ScalarKind = .float, componentKinds: [ScalarKind]? = nil,
        holdsIntegerBits: Bool = false
    ) -> Value {
        if let u = uniformDeclarations.first(where: { $0.name == name }) {
            return Self.uniforms(u.base..<(u.base + u.width))
        }
        let base = allocateUniforms(width)
        uniformDeclarations.append(UniformDeclaration(
            name: name, base: base, width: width, kind: kind, componentKinds: componentKinds,
            holdsIntegerBits: holdsIntegerBits))
        return Self.uniforms(base..<(base + width))
    }

    /// Declares a uniform array, indexable per lane with `load(_:at:)`.
    public func uniformArray(_ name: String, elementWidth: Int, count: Int, kind: ScalarKind = .float) -> RegisterArray {
        let v = uniform(name, width: elementWidth * count, kind: kind)
        guard case .uniform(let base) = v.components[0] else { preconditionFailure("internal error") }
        return RegisterArray(base: base, elementWidth: elementWidth, count: count, isUniform: true)
    }

    /// Declares a sampler uniform; samplers take texture views in declaration order.
    /// `texelKind` is `.int` or `.uint` for integer samplers (`isampler2D`, `usampler3D`, …).
    public func sampler(_ name: String, kind: SamplerKind = .texture2D, texelKind: ScalarKind = .float) -> Sampler {
        if let s = samplerDeclarations.first(where: { $0.name == name }) { return s }
        let s = Sampler(name: name, kind: kind, viewIndex: textureViewCount, texelKind: texelKind)
        textureViewCount += kind.viewCount
        samplerDeclarations.append(s)
        return s
    }

    /// Declares an output (`gl_FragColor`, `gl_Position`, a varying): a variable initialised
    /// to zero that the executor reads after the program.
    public func output(_ name: String, width: Int) -> Value {
        // `gl_FragColor` is the colour output at location 0 for hand-built programs too.
        output(name, width: width, location: name == "gl_FragColor" ? 0 : nil)
    }

    /// Declares a program output, or returns the one already called `name`.
    ///
    /// - Parameters:
    ///   - location: for a fragment program's colour output, the draw buffer of its first
    ///     element (see `OutputDeclaration.location`).
    ///   - elementCount: the number of elements of an output array (each `width / elementCount`
    ///     wide, one draw buffer each).
    public func output(_ name: String, width: Int, location: Int?, elementCount: Int = 1) -> Value {
        if let o = outputDeclarations.first(where: { $0.name == name }) { return o.value }
        let v = variable(width: width)
        for case .lane(let s) in v.components { pinnedSlots.insert(s) }
        outputDeclarations.append(
            OutputDeclaration(name: name, value: v, location: location, elementCount: elementCount))
        return v
    }

    /// Declares a per-lane variable, initialised to `initialValue` (zero when `nil`, so that
    /// every schedule reads the same bits from an uninitialised variable).
    public func variable(width: Int, initialValue: Value? = nil) -> Value {
        // Consecutive slots, so that the variable can also be indexed per lane.
        let base = allocateConsecutiveLanes(width)
        let v = Self.lanes(Array(base..<(base + width)))
        let before = regions[regions.count - 1].kernels.count
        store(initialValue ?? .constant(Array(repeating: 0, count: width)), into: v)
        if initialValue == nil {
            // Remembered so that an immediately following full store can drop it.
            let after = regions[regions.count - 1].kernels.count
            pendingZeroInit = PendingInit(region: regions.count - 1, kernelCount: after, emitted: after - before, slots: Set(base..<(base + width)))
        }
        return v
    }

    /// Declares a variable whose storage keeps its value from one execution of its declaration
    /// to the next (an undefined value a loop carries, `UndefinedReads.loopCarried`): zeroed once,
    /// before the program's first step, and not at the declaration.
    public func persistentVariable(width: Int) -> Value {
        let base = allocateConsecutiveLanes(width)
        slotsZeroedAtStart.append(contentsOf: base..<(base + width))
        return Self.lanes(Array(base..<(base + width)))
    }

    /// Puts the zeroing of `slotsZeroedAtStart` before every other step of the root region.
    func zeroPersistentSlotsAtStart() {
        guard !slotsZeroedAtStart.isEmpty else { return }
        let saved = regions
        regions = [Region(kind: .root, mask: Program.rootMaskSlot)]
        copy(.constant(Array(repeating: 0, count: slotsZeroedAtStart.count)), into: slotsZeroedAtStart, masked: false)
        let steps = regions[0].kernels
        regions = saved
        regions[0].kernels.insert(contentsOf: steps, at: 0)
    }

    /// A copy of `value` in fresh lane temporaries (unmasked): a snapshot that later stores
    /// into the variables `value` reads cannot change.
    public func materialize(_ value: Value) -> Value {
        guard !value.isUniform else { return value }
        let temps = allocateLanes(value.width)
        copy(value, into: temps, masked: false)
        return Self.lanes(temps)
    }

    /// Declares a per-lane array, zero-initialised, indexable per lane.
    public func array(elementWidth: Int, count: Int) -> RegisterArray {
        let base = allocateConsecutiveLanes(elementWidth * count)
        let a = RegisterArray(base: base, elementWidth: elementWidth, count: count, isUniform: false)
        store(.constant(Array(repeating: 0, count: elementWidth * count)), into: a.allComponents)
        return a
    }

    /// Assigns `value` to the lane components of `target` (a variable, a swizzle of one, an
    /// array element with a constant index). Outside the root region only active lanes change.
    ///
    /// When `value` is the result of the operation emitted just before, that operation may be
    /// rewritten to write `target` directly: read `target` afterwards, not `value`.
    public func store(_ value: Value, into target: Value) {
        let value = value.splat(target.width)
        precondition(value.width == target.width, "internal error: storing \(value.width) components into \(target.width)")
        let slots: [Int] = target.components.map {
            guard case .lane(let s) = $0 else { preconditionFailure("internal error: store into a non-lane value") }
            return s
        }
        // A source component that is also a target at another position (v.xy = v.yx) is read
        // before it is overwritten: copy through temporaries.
        var source = value
        let targets = Set(slots)
        let overlaps = value.components.enumerated().contains { k, c in
            if case .lane(let s) = c { return s != slots[k] && targets.contains(s) }
            return false
        }
        if overlaps {
            let temps = allocateLanes(value.width)
            copy(value, into: temps, masked: false)
            source = Self.lanes(temps)
        }
        // `float x; x = …;` or `gl_FragColor = …` declared by that use: the zero
        // initialisation just emitted is dead (the whole variable is written, and the value
        // does not read it). An output written under a mask keeps it: the executor reads
        // every lane of an output.
        if let p = pendingZeroInit, p.region == regions.count - 1,
           regions[p.region].kernels.count == p.kernelCount, p.slots.isSubset(of: targets),
           currentMask == Program.rootMaskSlot || !p.slots.contains(where: isPinned),
           !source.components.contains(where: { if case .lane(let s) = $0 { return p.slots.contains(s) }; return false })
        {
            regions[p.region].kernels.removeLast(p.emitted)
            pendingZeroInit = nil
        }
        // `x = a + b` at the root: let the addition write x directly (in place for `x += b`),
        // unless the destination overlaps the operands otherwise (`v.xy = v.yx + 1.0`).
        if currentMask == Program.rootMaskSlot, let last = lastOperation, last.region == regions.count - 1,
           regions[last.region].kernels.count == last.kernels.upperBound, slots.count == Set(slots).count,
           source.components == last.result.map({ .lane($0) }),
           !last.result.contains(where: protectedSlots.contains),
           let kernels = last.rebuild(slots)
        {
            regions[last.region].kernels.replaceSubrange(last.kernels, with: kernels)
            lastOperation = nil
            if let p = pendingZeroInit, p.region == regions.count - 1, p.slots.isSubset(of: targets),
               p.kernelCount == last.kernels.lowerBound, !last.operands.joined().contains(where: p.slots.contains) {
                regions[p.region].kernels.removeSubrange((p.kernelCount - p.emitted)..<p.kernelCount)
            }
            pendingZeroInit = nil
            return
        }
        pendingZeroInit = nil
        let before = regions[regions.count - 1].kernels.count
        copy(source, into: slots, masked: currentMask != Program.rootMaskSlot)
        // A whole output written at the top level: if nothing follows, `finish()` drops the
        // copy and lets the output name the stored value's components directly.
        if regions.count == 1, let index = outputDeclarations.firstIndex(where: { $0.value == target }) {
            lastOutputStore = LastOutputStore(
                output: index, kernels: before..<regions[0].kernels.count, value: source)
        }
    }

    /// Element `index[lane]` of `array`; indices are truncated, and out of range follow
    /// `array.outOfRange` (`OutOfRangeIndex`: arrays read 0, matrices their last column,
    /// vectors the nearest component).
    public func load(_ array: RegisterArray, at index: Value) -> Value {
        precondition(index.width == 1, "internal error: array index must be a scalar")
        if let k = index.constantValues?.first {
            guard let i = array.outOfRange.readElement(k, count: array.count) else {
                return .constant(Array(repeating: 0, count: array.elementWidth))
            }
            return array.element(i)
        }
        let w = array.elementWidth
        if array.isUniform && index.isUniform {
            let d = Array(allocateUniforms(w)..<uniformFile.count)
            let idx = uniformSlots(index)[0]
            drawKernels.append(Kernels.gather(LaneOperand.self, d: d, index: idx, base: array.base, elementWidth: w, count: array.count, fromUniforms: true, rule: array.outOfRange))
            return Value(d.map { .uniform($0) })
        }
        let (idxSlots, idxIsLanes) = operand(index)
        let d = allocateLanes(w)
        if idxIsLanes {
            emit(
                Kernels.gather(LaneOperand.self, d: d, index: idxSlots[0], base: array.base, elementWidth: w, count: array.count, fromUniforms: array.isUniform, rule: array.outOfRange),
                .gather(destination: d, index: .lane(idxSlots[0]), base: array.base, elementWidth: w, count: array.count, fromUniforms: array.isUniform, rule: array.outOfRange))
        } else {
            emit(
                Kernels.gather(BroadcastOperand.self, d: d, index: idxSlots[0], base: array.base, elementWidth: w, count: array.count, fromUniforms: false, rule: array.outOfRange),
                .gather(destination: d, index: .uniform(idxSlots[0]), base: array.base, elementWidth: w, count: array.count, fromUniforms: false, rule: array.outOfRange))
        }
        return Self.lanes(d)
    }

    /// Assigns `value` to element `index[lane]` of a lane array, for active lanes. Out of range
    /// the write goes to the last element of an array or matrix and nowhere in a vector.
    public func store(_ value: Value, into array: RegisterArray, at index: Value) {
        precondition(!array.isUniform, "internal error: store into a uniform array")
        let value = value.splat(array.elementWidth)
        if let k = index.constantValues?.first {
            if let i = array.outOfRange.writtenElement(k, count: array.count) { store(value, into: array.element(i)) }
            return
        }
        let (idx, idxIsLanes) = operand(index)
        // The scatter writes the array component by component: a value that reads the array
        // itself (`a[i] = a[0].yx`) is copied first, so no component reads one already written.
        let arraySlots = array.base..<(array.base + array.elementWidth * array.count)
        let readsArray = value.components.contains { if case .lane(let s) = $0 { return arraySlots.contains(s) }; return false }
        let (v, vIsLanes) = operand(readsArray ? materialize(value) : value)
        let w = array.elementWidth, n = array.count, m = currentMask
        if m != Program.rootMaskSlot { noteMaskedWrites(arraySlots) }
        let code = LaneCode.scatter(
            value: Self.sources(v, isLanes: vIsLanes), index: idxIsLanes ? .lane(idx[0]) : .uniform(idx[0]), base: array.base,
            elementWidth: w, count: n, mask: m, rule: array.outOfRange)
        switch (idxIsLanes, vIsLanes) {
        case (true, true): emit(Kernels.scatter(LaneOperand.self, LaneOperand.self, value: v, index: idx[0], base: array.base, elementWidth: w, count: n, mask: m, rule: array.outOfRange), code)
        case (true, false): emit(Kernels.scatter(LaneOperand.self, BroadcastOperand.self, value: v, index: idx[0], base: array.base, elementWidth: w, count: n, mask: m, rule: array.outOfRange), code)
        case (false, true): emit(Kernels.scatter(BroadcastOperand.self, LaneOperand.self, value: v, index: idx[0], base: array.base, elementWidth: w, count: n, mask: m, rule: array.outOfRange), code)
        case (false, false): emit(Kernels.scatter(BroadcastOperand.self, BroadcastOperand.self, value: v, index: idx[0], base: array.base, elementWidth: w, count: n, mask: m, rule: array.outOfRange), code)
        }
    }
}
