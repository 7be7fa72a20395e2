import ShaderDiagnostics
import ShaderSyntax

/// A unary operator, after checking.
public enum UnaryOperator: String, Sendable, Hashable {
    /// `+x`.
    case plus = "+"
    /// `-x`, component-wise.
    case negate = "-"
    /// `!x`, on `bool` only.
    case logicalNot = "!"
    /// `~x`, on `int` and `uint` values (GLSL ES 3.00, desktop 1.30+).
    case bitwiseNot = "~"
    /// `++x`.
    case preIncrement = "++x"
    /// `--x`.
    case preDecrement = "--x"
    /// `x++`.
    case postIncrement = "x++"
    /// `x--`.
    case postDecrement = "x--"

    /// `true` for the four increment/decrement forms (their operand is an l-value).
    public var isIncrementOrDecrement: Bool {
        switch self {
        case .preIncrement, .preDecrement, .postIncrement, .postDecrement: true
        default: false
        }
    }
}

/// A binary operator, after checking.
///
/// `*` is split by meaning: `multiply` is component-wise (including scalar × vector/matrix and
/// vector × vector), the three linear-algebra products have their own cases. For the
/// component-wise arithmetic operators one operand may be a scalar and the other a vector or
/// matrix ("the scalar is applied to every component"); otherwise both operands have the same
/// type.
public enum BinaryOperator: String, Sendable, Hashable {
    case add = "+"
    case subtract = "-"
    /// Component-wise `*`.
    case multiply = "*"
    case divide = "/"
    /// `matN * matN`, linear-algebraic.
    case matrixTimesMatrix = "mat*mat"
    /// `matN * vecN` (vector treated as a column).
    case matrixTimesVector = "mat*vec"
    /// `vecN * matN` (vector treated as a row).
    case vectorTimesMatrix = "vec*mat"
    /// `<`, `>`, `<=`, `>=` on scalar `int` or `float`.
    case less = "<"
    case greater = ">"
    case lessEqual = "<="
    case greaterEqual = ">="
    /// `==` / `!=` on any non-sampler type (arrays only in desktop GLSL 1.20): one `bool` for
    /// the whole value.
    case equal = "=="
    case notEqual = "!="
    /// `%` on integers, component-wise (GLSL ES 3.00, desktop 1.30+).
    case remainder = "%"
    /// `<<` and `>>`: the left operand's type; the count may be of the other integer kind.
    case shiftLeft = "<<"
    case shiftRight = ">>"
    /// `&`, `|`, `^` on integers of one kind, component-wise.
    case bitwiseAnd = "&"
    case bitwiseOr = "|"
    case bitwiseXor = "^"
    /// `&&`, `||` short-circuit; `^^` does not.
    case logicalAnd = "&&"
    case logicalOr = "||"
    case logicalXor = "^^"
}

/// How a constructor call builds its value (§5.4). The arguments are in
/// `TypedExpression.Kind.construct`.
public enum ConstructorKind: Sendable, Hashable {
    /// `float(x)`, `int(x)`, `bool(x)`: converts the first component of the one argument
    /// (which may be a scalar, vector or matrix).
    case scalarConversion
    /// `vecN(s)`: one scalar (converted) replicated to every component.
    case vectorFromScalar
    /// `vecN(a, b, …)` or `vecN(v)`: the arguments' components in order, each converted to the
    /// vector's kind; extra components of the last argument are dropped (`vec3(vec4)` is
    /// allowed). A matrix argument contributes its components column by column.
    case vectorFromComponents
    /// `matN(s)`: `s` (converted) on the diagonal, zero elsewhere.
    case matrixFromScalar
    /// `matN(a, b, …)`: components in column-major order, converted to float.
    case matrixFromComponents
    /// `matN(m)` with a matrix argument: the overlapping top-left part is copied, the rest is
    /// taken from the identity matrix.
    case matrixFromMatrix
    /// `S(a, b, …)`: one argument per member, types exactly matching.
    case structure
    /// `T[n](a, b, …)` (desktop GLSL 1.20): one argument per element, each of the element type
    /// (after the implicit conversions of 1.20); the value is the elements in order.
    case array
    /// An implicit `int` → `float` conversion inserted by the checker (desktop GLSL 1.20 only);
    /// one argument, scalar or vector.
    case implicitConversion
}

/// A built-in function call's chosen overload.
public struct BuiltinOverload: Sendable, Hashable, CustomStringConvertible {
    /// Which built-in.
    public let function: BuiltinFunction
    /// The parameter types of the chosen overload, after expanding `genType`.
    public let parameterTypes: [GLSLType]
    /// The return type.
    public let returnType: GLSLType

    public var description: String {
        "\(returnType) \(function.rawValue)(" + parameterTypes.map(\.description)
            .joined(separator: ", ") + ")"
    }

    /// Evaluates the overload on constant arguments, as the checker folds calls (IEEE fp32).
    ///
    /// - Parameters:
    ///   - arguments: one constant per parameter, of the parameter's type.
    ///   - nativeIntegers: true for GLSL ES 3.00 and desktop 1.30+, where ints are 32-bit
    ///     values (`ivec` relational functions compare them as integers).
    /// - Returns: the result, or `nil` for functions that aren't foldable (texture lookups,
    ///   derivatives, `ftransform`) or arguments that don't fit.
    public func evaluate(_ arguments: [ConstantValue], nativeIntegers: Bool = false) -> ConstantValue? {
        guard arguments.map(\.type) == parameterTypes else { return nil }
        return ConstantFolder.builtin(self, arguments, nativeIntegers: nativeIntegers)
    }
}

/// A checked expression: every node knows its type, and folded constants carry their value.
public struct TypedExpression: Sendable, CustomStringConvertible {
    /// What the node computes.
    public indirect enum Kind: Sendable {
        /// A literal, or a folded expression the checker replaced by its value.
        case constant(ConstantValue)
        /// A use of a declared (or built-in) variable.
        case variable(Variable)
        /// `base.xyz`: the component indices (0–3) in order; never empty, at most 4.
        case swizzle(TypedExpression, components: [Int])
        /// `base.member`: the member's index in the structure.
        case field(TypedExpression, index: Int, name: String)
        /// `base[index]` on an array, matrix (a column) or vector (a component).
        case index(TypedExpression, TypedExpression)
        /// A unary operator. For increments the operand is an l-value.
        case unary(UnaryOperator, TypedExpression)
        /// A binary operator (see `BinaryOperator` for operand shapes).
        case binary(BinaryOperator, TypedExpression, TypedExpression)
        /// `lhs = rhs` (`op == nil`) or `lhs op= rhs` (`op` is `add`, `subtract`, `multiply`,
        /// `divide` or one of the linear-algebra products, as for the binary form). The
        /// value is the new value of `lhs`.
        case assignment(BinaryOperator?, TypedExpression, TypedExpression)
        /// `condition ? a : b`: the condition is a scalar `bool`; only one side is evaluated.
        case ternary(TypedExpression, TypedExpression, TypedExpression)
        /// `a, b`: evaluates `a`, then yields `b`.
        case comma(TypedExpression, TypedExpression)
        /// A call of a user function; `out`/`inout` arguments are l-values.
        case call(FunctionSymbol, [TypedExpression])
        /// A call of a built-in function.
        case builtinCall(BuiltinOverload, [TypedExpression])
        /// A constructor of `type` (the node's type).
        case construct(ConstructorKind, [TypedExpression])
    }

    /// What the node computes.
    public let kind: Kind
    /// The type of the value; `.error` only in shaders that failed to check (never in a
    /// `CheckedShader`).
    public let type: GLSLType
    /// The value, when the checker folded the expression to a constant.
    public let constantValue: ConstantValue?
    /// The source text the expression came from.
    public let span: SourceSpan

    /// A hash of `description` made without printing it, from the node's own parts and its
    /// operands' fingerprints: expressions with equal texts have equal fingerprints, so the
    /// passes that count equal expressions (`ValueUses`) do so in time linear in the tree.
    let fingerprint: Int
    /// True when evaluating the expression assigns nothing (`CostEstimator.isPure`), known
    /// when the node is made.
    let assignsNothing: Bool

    init(_ kind: Kind, type: GLSLType, constant: ConstantValue? = nil, span: SourceSpan) {
        self.kind = kind
        self.type = type
        self.constantValue = constant
        self.span = span
        self.fingerprint = Self.fingerprint(kind, type)
        switch kind {
        case .assignment: assignsNothing = false
        case .unary(let op, _) where op.isIncrementOrDecrement: assignsNothing = false
        case .call(let f, _) where f.parameters.contains(where: { $0.qualifier != .in }): assignsNothing = false
        case .builtinCall(let o, _) where o.function.outParameterIndex != nil: assignsNothing = false
        default: assignsNothing = Self.operands(of: kind).allSatisfy(\.assignsNothing)
        }
    }

    private static func fingerprint(_ kind: Kind, _ type: GLSLType) -> Int {
        var h = Hasher()
        h.combine(type)
        func operands(_ tag: Int, _ es: [TypedExpression]) {
            h.combine(tag)
            for e in es { h.combine(e.fingerprint) }
        }
        switch kind {
        case .constant(let c): h.combine(0); h.combine(c)
        case .variable(let v): h.combine(1); h.combine(v.name)
        case .swizzle(let b, let cs): h.combine(cs); operands(2, [b])
        case .field(let b, let i, let name): h.combine(i); h.combine(name); operands(3, [b])
        case .index(let b, let i): operands(4, [b, i])
        case .unary(let op, let a): h.combine(op); operands(5, [a])
        case .binary(let op, let a, let b): h.combine(op); operands(6, [a, b])
        case .assignment(let op, let a, let b): h.combine(op); operands(7, [a, b])
        case .ternary(let c, let a, let b): operands(8, [c, a, b])
        case .comma(let a, let b): operands(9, [a, b])
        case .call(let f, let args): h.combine(f.name); operands(10, args)
        case .builtinCall(let o, let args): h.combine(o.function); operands(11, args)
        case .construct(let k, let args): h.combine(k); operands(12, args)
        }
        return h.finalize()
    }

    /// `true` when the value is known at compile time.
    public var isConstant: Bool { constantValue != nil }

    public var description: String { TypedASTPrinter.expression(self) }

    /// The variable a dereference (`v`, `v.xy`, `s.m`, `a[i]`) reads or writes through, or
    /// `nil` for any other expression.
    public var rootVariable: Variable? {
        switch kind {
        case .variable(let v): v
        case .swizzle(let base, _), .field(let base, _, _), .index(let base, _): base.rootVariable
        default: nil
        }
    }

    /// The operands, in evaluation order.
    public var children: [TypedExpression] { Self.operands(of: kind) }

    /// The operands of a node of this kind, in evaluation order.
    static func operands(of kind: Kind) -> [TypedExpression] {
        switch kind {
        case .constant, .variable: []
        case .swizzle(let b, _), .field(let b, _, _), .unary(_, let b): [b]
        case .index(let a, let b), .binary(_, let a, let b), .assignment(_, let a, let b), .comma(let a, let b): [a, b]
        case .ternary(let c, let a, let b): [c, a, b]
        case .call(_, let args), .builtinCall(_, let args), .construct(_, let args): args
        }
    }

    /// The same node over its operands rewritten by `transform`.
    func mappingChildren(_ transform: (TypedExpression) -> TypedExpression) -> TypedExpression {
        let f = transform
        let newKind: Kind
        switch kind {
        case .constant, .variable: return self
        case .swizzle(let b, let c): newKind = .swizzle(f(b), components: c)
        case .field(let b, let i, let n): newKind = .field(f(b), index: i, name: n)
        case .unary(let op, let b): newKind = .unary(op, f(b))
        case .index(let a, let b): newKind = .index(f(a), f(b))
        case .binary(let op, let a, let b): newKind = .binary(op, f(a), f(b))
        case .assignment(let op, let a, let b): newKind = .assignment(op, f(a), f(b))
        case .comma(let a, let b): newKind = .comma(f(a), f(b))
        case .ternary(let c, let a, let b): newKind = .ternary(f(c), f(a), f(b))
        case .call(let s, let args): newKind = .call(s, args.map(f))
        case .builtinCall(let o, let args): newKind = .builtinCall(o, args.map(f))
        case .construct(let k, let args): newKind = .construct(k, args.map(f))
        }
        return TypedExpression(newKind, type: type, constant: constantValue, span: span)
    }
}

/// A variable declaration in a statement or at global scope.
public struct VariableDeclaration: Sendable {
    /// The declared variable.
    public let variable: Variable
    /// Its initializer, if any (already of the variable's type).
    public let initializer: TypedExpression?
    /// Where it was declared.
    public let span: SourceSpan
}

/// A checked statement.
public struct TypedStatement: Sendable {
    /// What the statement does.
    public indirect enum Kind: Sendable {
        /// An expression evaluated for its effects.
        case expression(TypedExpression)
        /// One or more variable declarations (`float a = 1.0, b;`), in order.
        case declarations([VariableDeclaration])
        /// `{ … }`, a new scope.
        case block([TypedStatement])
        /// `if (condition) then else otherwise`; the condition is a scalar `bool`.
        case ifElse(TypedExpression, TypedStatement, TypedStatement?)
        /// `for (initializer; condition; step) body`; `condition == nil` means `true`.
        case forLoop(
            initializer: TypedStatement?, condition: TypedExpression?, step: TypedExpression?,
            body: TypedStatement
        )
        /// `while (condition) body`.
        case whileLoop(TypedExpression, TypedStatement)
        /// `do body while (condition);`.
        case doWhile(TypedStatement, TypedExpression)
        case `break`
        case `continue`
        /// `discard;` (fragment shaders only).
        case discard
        /// `return;` or `return value;` (the value has the function's return type).
        case `return`(TypedExpression?)
        /// `;`.
        case empty
    }

    /// What the statement does.
    public let kind: Kind
    /// Where it is.
    public let span: SourceSpan

    /// The expressions of the statement itself (a condition, a loop's step, an initializer),
    /// not those of its substatements.
    public var expressions: [TypedExpression] {
        switch kind {
        case .expression(let e): [e]
        case .declarations(let ds): ds.compactMap(\.initializer)
        case .ifElse(let c, _, _), .whileLoop(let c, _), .doWhile(_, let c): [c]
        case .forLoop(_, let condition, let step, _): [condition, step].compactMap { $0 }
        case .return(let value?): [value]
        default: []
        }
    }

    /// The statements directly inside this one.
    public var substatements: [TypedStatement] {
        switch kind {
        case .block(let body): body
        case .ifElse(_, let then, let otherwise): [then] + (otherwise.map { [$0] } ?? [])
        case .forLoop(let initializer, _, _, let body): (initializer.map { [$0] } ?? []) + [body]
        case .whileLoop(_, let body), .doWhile(let body, _): [body]
        default: []
        }
    }
}

/// A checked function definition.
public struct CheckedFunction: Sendable {
    /// The signature.
    public let symbol: FunctionSymbol
    /// The parameters as variables, in order (uses in the body refer to these).
    public let parameters: [Variable]
    /// The body's statements (the body shares its scope with the parameters).
    public let body: [TypedStatement]
    /// The user functions this one calls directly (the call graph has no cycles).
    public let callees: [FunctionSymbol]
    /// Where the definition is.
    public let span: SourceSpan
}

/// A top-level item of a checked shader, in source order.
public enum GlobalItem: Sendable {
    /// Global variable declarations (uniforms, attributes, varyings, constants, plain globals).
    case declarations([VariableDeclaration])
    /// A function definition.
    case function(CheckedFunction)
}

/// One uniform, attribute or varying a shader declares.
public struct InterfaceVariable: Sendable, Hashable {
    /// The variable (use it to find the uses in the typed AST).
    public let variable: Variable
    /// Its name.
    public var name: String { variable.name }
    /// Its element type (`float` for `uniform float w[4]`).
    public var elementType: GLSLType {
        if case .array(let e, _) = variable.type { return e }
        return variable.type
    }
    /// The array size, or `nil` for a non-array.
    public var arraySize: Int? {
        if case .array(_, let n) = variable.type { return n }
        return nil
    }
}

/// A shader that passed every check: the only input the compiler accepts.
///
/// Only `ShaderSemantics` can create one (see `Checker.check(_:stage:options:)` and
/// `compileFrontEnd(source:name:stage:options:)`).
public struct CheckedShader: Sendable {
    /// The stage the shader was checked for.
    public let stage: ShaderStage
    /// The language version it was checked against.
    public let version: LanguageVersion
    /// Everything at global scope, in source order (initializers of globals run before `main`,
    /// in this order).
    public let globals: [GlobalItem]
    /// Every function definition, in source order (callees may come after callers when the
    /// caller used a prototype).
    public let functions: [CheckedFunction]
    /// `main`.
    public let main: CheckedFunction
    /// Declared uniforms, in declaration order (samplers included).
    public let uniforms: [InterfaceVariable]
    /// Declared attributes (vertex shaders).
    public let attributes: [InterfaceVariable]
    /// Declared varyings (`in` of a fragment shader, `out` of a vertex shader in GLSL ES 3.00).
    public let varyings: [InterfaceVariable]
    /// Declared fragment outputs (`out` of a GLSL ES 3.00 or desktop 1.30+ fragment shader), in
    /// declaration order; storage `.output(location:)`.
    public let outputs: [InterfaceVariable]
    /// The sampler uniforms, in declaration order (a subset of `uniforms`).
    public let samplers: [InterfaceVariable]
    /// The built-in variables the shader reads or writes.
    public let builtinsUsed: Set<BuiltinVariable>
    /// `true` when the shader writes `gl_FragData`.
    public var usesFragData: Bool { builtinsUsed.contains(.glFragData) }
    /// `true` when the shader contains `discard`.
    public let usesDiscard: Bool
    /// `true` when the shader calls `dFdx`, `dFdy` or `fwidth`.
    public let usesDerivatives: Bool
    /// Extensions enabled with `#extension` (names as written).
    public let enabledExtensions: Set<String>
    /// Warnings found while preprocessing, parsing and checking.
    public let warnings: [Diagnostic]
    /// The formats the shader's precision qualifiers were lowered to (`lowered(to:)`); all
    /// fp32 unless the checker was given a device profile with fp16 or fixed-point ones.
    public internal(set) var precision: PrecisionFormats = .allFP32
    /// The uniform blocks declared, in declaration order (their members are in `uniforms`
    /// too, or the instance is).
    public internal(set) var uniformBlocks: [UniformBlockInterface] = []
}
