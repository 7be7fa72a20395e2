extension BuiltinFunction {
    /// `true` for the lookups whose level of detail comes from the quad's derivatives of the
    /// coordinate (no explicit level or gradients): `texture`, `texture2D`, `textureCube`, the
    /// projective and offset forms.
    public var takesImplicitDerivatives: Bool {
        switch self {
        case .texture2D, .texture2DProj, .textureCube, .texture, .textureProj, .textureOffset,
            .textureProjOffset:
            true
        default: false
        }
    }
}

extension TypedStatement {
    /// `true` when running the statement reads values of the other lanes of a 2×2 quad: a
    /// derivative, an implicit-derivative lookup, or a call of a function that has one.
    ///
    /// GL computes those across the quad whatever branch each lane took; what a lane that did
    /// not take the branch holds then is what an SSA compiler (Mesa's NIR) computes for it,
    /// so the engines that run branches under masks copy values around such a statement.
    public func readsNeighbouringLanes(functionBody: (FunctionSymbol) -> [TypedStatement]?) -> Bool {
        var visited = Set<Int>()
        func statements(_ body: [TypedStatement]) -> Bool {
            var found = false
            body.forEachExpressionNode { e in
                guard !found else { return }
                switch e.kind {
                case .builtinCall(let o, _):
                    found = o.function.isDerivative || o.function.takesImplicitDerivatives
                case .call(let f, _):
                    if visited.insert(f.id).inserted, let b = functionBody(f) { found = statements(b) }
                default: break
                }
            }
            return found
        }
        return statements([self])
    }
}
