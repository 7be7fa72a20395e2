extension ProgramBuilder {
    /// Builds `body` into its own region with mask slot `mask` and returns it as one step.
    func region(_ kind: RegionKind, mask: Int, _ body: () -> Void) -> EmittedStep {
        pendingZeroInit = nil
        lastOperation = nil
        regions.append(Region(kind: kind, mask: mask))
        body()
        pendingZeroInit = nil
        lastOperation = nil
        return sequence(regions.removeLast().kernels)
    }

    /// The codes of a region's step as a list (nil when it has none).
    static func codes(_ step: EmittedStep) -> [LaneCode]? {
        guard let code = step.code else { return nil }
        if case .block(let list) = code { return list }
        return [code]
    }

    /// `if (condition) { then } else { otherwise }`.
    ///
    /// A uniform condition takes a plain branch. Otherwise each side runs under its own mask
    /// (computed before either side runs) and is skipped when no lane of the batch takes it.
    ///
    /// With `elseReadsNeighbours` (the else side has a derivative or an implicit-derivative
    /// lookup), the else side sees, in every lane, the values from before the branch of the
    /// variables the then side stored into, as an SSA compiler's else block does: a quad that
    /// straddles the condition differentiates the values its then lanes had before the `if`,
    /// not what the then side assigned them. Each lane gets its own values back afterwards.
    public func ifThen(
        _ condition: Value, then: () -> Void, else otherwise: (() -> Void)? = nil,
        elseReadsNeighbours: Bool = false
    ) {
        precondition(condition.width == 1, "internal error: condition must be a bool")
        if let c = condition.constantValues?.first {
            if c != 0 { then() } else { otherwise?() }
            return
        }
        if condition.isUniform {
            let c = uniformSlots(condition)[0]
            let mask = currentMask
            let thenStep = region(.uniformBranch, mask: mask, then)
            let elseStep = otherwise.map { region(.uniformBranch, mask: mask, $0) }
            let thenKernel = thenStep.kernel, elseBlock = elseStep?.kernel
            var code: LaneCode?
            if let thenCode = Self.codes(thenStep), elseStep == nil || elseStep?.code != nil {
                code = .uniformBranch(condition: c, then: thenCode, otherwise: elseStep.flatMap(Self.codes))
            }
            emit({ ctx in
                if ctx.uniforms[c] != 0 { thenKernel(ctx) } else { elseBlock?(ctx) }
            }, code)
            return
        }
        let c = operand(condition).slots[0]
        let parent = currentMask
        let masks = allocateLanes(2)
        let thenMask = masks[0], elseMask = masks[1]
        pinnedSlots.formUnion(masks)
        let restores = elseReadsNeighbours && otherwise != nil
        let slotsBefore = laneSlotCount, freeBefore = Set(freeLaneSlots)
        if restores { maskedWriteLog.append([]) }
        let thenStep = region(.conditional, mask: thenMask, then)
        // Variables live before the branch that the then side stores into (slots it
        // allocated itself belong to its own declarations).
        let restored = restores
            ? maskedWriteLog.removeLast().filter { $0 < slotsBefore && !freeBefore.contains($0) }.sorted() : []
        var beforeBranch: [Int] = []
        if !restored.isEmpty {
            beforeBranch = allocateLanes(restored.count)
            pinnedSlots.formUnion(beforeBranch)
            copy(Self.lanes(restored), into: beforeBranch, masked: false)
        }
        let elseStep = otherwise.map { body in
            region(.conditional, mask: elseMask) {
                guard !restored.isEmpty else { return body() }
                let afterThen = allocateLanes(restored.count)
                pinnedSlots.formUnion(afterThen)
                copy(Self.lanes(restored), into: afterThen, masked: false)
                copy(Self.lanes(beforeBranch), into: restored, masked: false)
                guard case .lane(let outside) = unary(.logicalNot, Self.lanes([elseMask])).components[0] else {
                    preconditionFailure("internal error: a mask's complement is not a lane value")
                }
                pinnedSlots.insert(outside)
                body()
                // Lanes that did not run the else side take back what the then side left.
                Self.forChunks(restored.count) { r in
                    let d = Array(restored[r]), a = Array(afterThen[r])
                    emit(
                        Kernels.maskedMove(LaneOperand.self, d: Slots(restored[r]), a: Slots(afterThen[r]), width: r.count, mask: outside),
                        .maskedMove(destination: d, source: Self.sources(a, isLanes: true), mask: outside))
                }
            }
        }
        let thenKernel = thenStep.kernel, elseBlock = elseStep?.kernel
        var code: LaneCode?
        if let thenCode = Self.codes(thenStep), elseStep == nil || elseStep?.code != nil {
            code = .branch(
                condition: c, parent: parent, thenMask: thenMask, elseMask: elseMask, then: thenCode,
                otherwise: elseStep.flatMap(Self.codes))
        }
        emit({ ctx in
            let n = ctx.stride, r = ctx.registers
            let cp = r + c &* n, pp = r + parent &* n, tp = r + thenMask &* n, ep = r + elseMask &* n
            for i in 0..<n {
                tp[i] = cp[i] != 0 ? pp[i] : 0
                ep[i] = cp[i] != 0 ? 0 : pp[i]
            }
            if anyLane(tp, n) { thenKernel(ctx) }
            if let elseBlock, anyLane(ep, n) { elseBlock(ctx) }
        }, code)
    }

    /// A loop: `for (; condition; step) body`, `while (condition) body`, or with
    /// `testsFirst: false`, `do body while (condition)`.
    ///
    /// The loop runs while any lane of the batch is active; lanes leave when their condition
    /// is false or they `breakLoop()`. `condition` is built inside the loop (it may read
    /// variables the body changes); `nil` means `true`. Every iteration counts against the
    /// batch's budget (`KernelContext.loopIterations`); when it reaches
    /// `KernelContext.loopIterationLimit`, or an inner loop has already stopped the program,
    /// the loop stops and the program reports `ProgramStatus.loopLimitExceeded`.
    public func loop(
        while condition: (() -> Value)?, testsFirst: Bool = true,
        body: () -> Void, step: (() -> Void)? = nil
    ) {
        let parent = currentMask
        let masks = allocateLanes(2)
        let loopMask = masks[0], bodyMask = masks[1]
        pinnedSlots.formUnion(masks)
        var conditionSlot = -1, conditionIsLanes = true
        let conditionStep = region(.loop, mask: loopMask) {
            if let condition {
                let v = condition()
                precondition(v.width == 1, "internal error: loop condition must be a bool")
                let (s, isLanes) = operand(v)
                conditionSlot = s[0]
                conditionIsLanes = isLanes
            }
        }
        regions.append(Region(kind: .loop, mask: loopMask))
        let bodyStep = region(.loopBody, mask: bodyMask, body)
        let stepStep = step.map { region(.loop, mask: loopMask, $0) } ?? EmittedStep(kernel: { _ in }, code: .block([]))
        let stepBlock = stepStep.kernel, bodyKernel = bodyStep.kernel, conditionKernel = conditionStep.kernel
        regions.removeLast()
        var code: LaneCode?
        if let conditionCode = Self.codes(conditionStep), let bodyCode = Self.codes(bodyStep), let stepCode = Self.codes(stepStep) {
            code = .loop(
                parent: parent, loopMask: loopMask, bodyMask: bodyMask, condition: conditionCode,
                conditionSource: condition == nil ? nil : (conditionIsLanes ? .lane(conditionSlot) : .uniform(conditionSlot)),
                body: bodyCode, step: stepCode, testsFirst: testsFirst)
        }
        let hasCondition = condition != nil
        let cs = conditionSlot, csLanes = conditionIsLanes
        let loopBody = bodyKernel
        emit({ ctx in
            let limit = ctx.loopIterationLimit
            let n = ctx.stride, r = ctx.registers
            let lp = r + loopMask &* n, bp = r + bodyMask &* n
            copyLanes(lp, r + parent &* n, n)
            @inline(__always) func test() -> Bool {
                if hasCondition {
                    conditionKernel(ctx)
                    if csLanes {
                        let cp = r + cs &* n
                        for i in 0..<n { lp[i] = cp[i] != 0 ? lp[i] : 0 }
                    } else if ctx.uniforms[cs] == 0 {
                        for i in 0..<n { lp[i] = 0 }
                    }
                }
                return anyLane(lp, n)
            }
            let used = ctx.loopIterations, status = ctx.status
            if !testsFirst || test() {
                while true {
                    copyLanes(bp, lp, n)
                    loopBody(ctx)
                    stepBlock(ctx)
                    if !test() { break }
                    used.pointee &+= 1
                    if used.pointee >= limit || status.pointee != 0 {
                        ctx.status.pointee = ProgramStatus.loopLimitExceeded.rawValue
                        break
                    }
                }
            }
        }, code)
    }

    /// A loop whose iterations are the same for every lane: `count` (a uniform or constant
    /// whole number, at most `values.count`) iterations, the `k`-th with the lane register it
    /// passes to `body` holding `values[k]` (the register form of the induction variable's
    /// value). The body runs under the current mask, with no loop mask and no per-iteration
    /// test: the lowering gives this loop only bodies with no `break`, `continue`, `return`
    /// or `discard` of their own (`Compiler+CountedLoops.swift`). The iterations count against
    /// the batch's loop budget as a masked loop's do.
    public func countedLoop(count: Value, values: [Float], body: (Value) -> Void) {
        precondition(count.width == 1 && count.isUniform, "internal error: a counted loop needs a uniform count")
        let index = allocateLanes(1)[0]
        pinnedSlots.insert(index)
        let mask = currentMask
        let bodyStep = region(.uniformBranch, mask: mask) { body(Self.lanes([index])) }
        let bodyKernel = bodyStep.kernel
        let constantCount = count.constantValues.map { Self.iterationCount($0[0], maximum: values.count) }
        let countSlot = constantCount == nil ? uniformSlots(count)[0] : -1
        let code = Self.codes(bodyStep).map {
            LaneCode.countedLoop(
                count: constantCount == nil ? countSlot : nil, mask: mask, index: index, values: values.map(\.bitPattern),
                body: $0)
        }
        let table = values
        emit({ ctx in
            let n = constantCount ?? Self.iterationCount(ctx.uniforms[countSlot], maximum: table.count)
            let stride = ctx.stride
            // As a masked loop, none when no lane runs it (a batch's padding lanes).
            guard n > 0, anyLane(ctx.registers + mask &* stride, stride) else { return }
            let used = ctx.loopIterations
            used.pointee &+= n - 1
            if used.pointee >= ctx.loopIterationLimit || ctx.status.pointee != 0 {
                ctx.status.pointee = ProgramStatus.loopLimitExceeded.rawValue
                return
            }
            let p = ctx.registers + index &* stride
            for k in 0..<n {
                let x = table[k]
                for i in 0..<stride { p[i] = x }
                bodyKernel(ctx)
            }
        }, code)
    }

    /// A counted loop's iterations from its count's float: truncated, within 0…maximum (NaN
    /// is 0), as the generated C computes it.
    static func iterationCount(_ x: Float, maximum: Int) -> Int {
        guard x > 0 else { return 0 }
        return x < Float(maximum) ? Int(x) : maximum
    }

    /// Clears the current lanes from every mask up to and including the nearest region for
    /// which `isTarget` holds, and from the current mask.
    func leave(upTo isTarget: (RegionKind) -> Bool, what: String) {
        let current = currentMask
        var targets: [Int] = []
        var found = false
        for r in regions.reversed() {
            if r.mask != current && !targets.contains(r.mask) { targets.append(r.mask) }
            if isTarget(r.kind) { found = true; break }
        }
        precondition(found, "internal error: \(what) outside its construct")
        let list = targets
        emit({ ctx in
            let n = ctx.stride, r = ctx.registers
            let cp = r + current &* n
            for t in list {
                let tp = r + t &* n
                for i in 0..<n { tp[i] = cp[i] != 0 ? 0 : tp[i] }
            }
            for i in 0..<n { cp[i] = 0 }
        }, .leave(current: current, targets: list))
    }

    /// `break`: the active lanes leave the innermost loop.
    public func breakLoop() {
        leave(upTo: { $0 == .loop }, what: "break")
    }

    /// `continue`: the active lanes skip the rest of this iteration of the innermost loop.
    public func continueLoop() {
        leave(upTo: { $0 == .loopBody }, what: "continue")
    }

    /// `return` from the innermost `function` region (store the result first).
    public func returnFromFunction() {
        leave(upTo: { $0 == .function }, what: "return")
    }

    /// `discard`: the active lanes stop and write no output.
    public func discardFragment() {
        usesDiscard = true
        leave(upTo: { $0 == .root }, what: "discard")
    }

    /// An inlined function body: `returnFromFunction()` inside it returns from it. GLSL ES has
    /// no recursion, so every call is inlined with its own registers.
    /// Runs a function body lowered once (`region(.function, mask: mask, …)`) under a copy of
    /// the current mask, so several calls can share its code.
    func callFunction(_ body: EmittedStep, mask: Int) {
        let caller = currentMask
        pendingZeroInit = nil
        lastOperation = nil
        let bodyKernel = body.kernel
        emit({ ctx in
            let n = ctx.stride, r = ctx.registers
            copyLanes(r + mask &* n, r + caller &* n, n)
            bodyKernel(ctx)
        }, Self.codes(body).map { .call(mask: mask, caller: caller, body: $0) })
    }

    public func function(_ body: () -> Void) {
        let caller = currentMask
        let mask = allocateLanes(1)[0]
        pinnedSlots.insert(mask)
        let bodyStep = region(.function, mask: mask, body)
        let bodyKernel = bodyStep.kernel
        emit({ ctx in
            let n = ctx.stride, r = ctx.registers
            copyLanes(r + mask &* n, r + caller &* n, n)
            bodyKernel(ctx)
        }, Self.codes(bodyStep).map { .call(mask: mask, caller: caller, body: $0) })
    }
}
