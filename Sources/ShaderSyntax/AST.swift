import ShaderDiagnostics

// The untyped syntax tree of a GLSL ES 1.00 shader, as the parser builds it. Every node carries
// the span of the text it came from (for text produced by a macro, the span of the macro use).
// The checker (ShaderSemantics) turns it into a typed tree; nothing here knows about types.

/// A name as written, with where it was written.
public struct Identifier: Sendable, Hashable, CustomStringConvertible {
    /// The name.
    public var name: String
    /// Where it is.
    public var span: SourceSpan

    /// Creates a name at `span`.
    public init(_ name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    /// The name.
    public var description: String { name }
}

/// A whole shader: its external declarations in source order.
public struct TranslationUnit: Sendable {
    /// The global declarations and function definitions, in order.
    public var declarations: [ExternalDeclaration]
    /// The whole file.
    public var span: SourceSpan
}

/// A declaration at global scope.
public enum ExternalDeclaration: Sendable {
    /// A function with a body.
    case function(FunctionDefinition)
    /// Anything else: prototypes, variables, structs, `precision`, `invariant`.
    case declaration(Declaration)

    /// Where the declaration is.
    public var span: SourceSpan {
        switch self {
        case .function(let f): f.span
        case .declaration(let d): d.span
        }
    }
}

/// A declaration that may appear at global scope or as a statement.
public enum Declaration: Sendable {
    /// `vec4 f(vec2 p);`
    case functionPrototype(FunctionPrototype)
    /// `uniform lowp float a, b[2];`, `struct S { float x; } s;`, `struct S { float x; };`
    case variables(VariableDeclarationList)
    /// `precision mediump float;`
    case precision(PrecisionDeclaration)
    /// `invariant gl_Position, v;` (re-declares existing varyings as invariant)
    case invariant(InvariantDeclaration)
    /// `layout(std140) uniform Block { vec4 a; } instance;` (GLSL ES 3.00, desktop 1.40+)
    case block(InterfaceBlock)
    /// `layout(std140) uniform;` — qualifiers with no declaration: sets defaults.
    case defaultQualifiers(TypeQualifiers, span: SourceSpan)

    /// Where the declaration is, including its `;`.
    public var span: SourceSpan {
        switch self {
        case .functionPrototype(let p): p.span
        case .variables(let v): v.span
        case .precision(let p): p.span
        case .invariant(let i): i.span
        case .block(let b): b.span
        case .defaultQualifiers(_, let span): span
        }
    }
}

/// One item of a `layout(…)` qualifier: `location = 2`, `std140`.
public struct LayoutQualifierItem: Sendable {
    /// The item's name as written (`location`, `std140`, `row_major`, …).
    public var name: Identifier
    /// The value after `=`, if any (an integer literal in GLSL ES 3.00).
    public var value: Expression?
    /// The whole item.
    public var span: SourceSpan

    /// Creates an item.
    public init(name: Identifier, value: Expression?, span: SourceSpan) {
        self.name = name
        self.value = value
        self.span = span
    }
}

/// An interface block: `uniform Name { members } instance[size];`.
public struct InterfaceBlock: Sendable {
    /// The qualifiers before the block name (`layout(std140) uniform`).
    public var qualifiers: TypeQualifiers
    /// The block's name (its interface name, not a type).
    public var name: Identifier
    /// The members, as struct members are written (each may carry `layout(row_major)` and a
    /// precision).
    public var members: [StructMember]
    /// The instance name, if any; without it the members are global names.
    public var instanceName: Identifier?
    /// The instance's array size (`} lights[4];`), if any.
    public var instanceArray: ArraySpecifier?
    /// Including the `;`.
    public var span: SourceSpan
}

/// Qualifiers that precede a type: `invariant`, `centroid`, a storage qualifier.
///
/// The parser accepts them only in the grammar's order (`invariant centroid varying`); the
/// precision qualifier belongs to the `TypeSpecifier`.
public struct TypeQualifiers: Sendable {
    /// `const`, `attribute`, `uniform` or `varying`.
    public var storage: StorageQualifier?
    /// Where the storage qualifier is.
    public var storageSpan: SourceSpan?
    /// The `invariant` keyword, if present.
    public var invariantSpan: SourceSpan?
    /// The `centroid` keyword (desktop GLSL 1.20), if present.
    public var centroidSpan: SourceSpan?
    /// `flat`, `smooth` or `noperspective` (GLSL ES 3.00, desktop 1.30+), if written.
    public var interpolation: InterpolationQualifier?
    /// Where the interpolation qualifier is.
    public var interpolationSpan: SourceSpan?
    /// The items of every `layout(…)` written, in order (GLSL ES 3.00, desktop 1.40+).
    public var layout: [LayoutQualifierItem]
    /// From the first `layout` to its `)`, if one was written.
    public var layoutSpan: SourceSpan?

    /// Creates qualifiers; all absent by default.
    public init(
        storage: StorageQualifier? = nil, storageSpan: SourceSpan? = nil,
        invariantSpan: SourceSpan? = nil, centroidSpan: SourceSpan? = nil,
        interpolation: InterpolationQualifier? = nil, interpolationSpan: SourceSpan? = nil,
        layout: [LayoutQualifierItem] = [], layoutSpan: SourceSpan? = nil
    ) {
        self.storage = storage
        self.storageSpan = storageSpan
        self.invariantSpan = invariantSpan
        self.centroidSpan = centroidSpan
        self.interpolation = interpolation
        self.interpolationSpan = interpolationSpan
        self.layout = layout
        self.layoutSpan = layoutSpan
    }

    /// `true` when `invariant` was written.
    public var isInvariant: Bool { invariantSpan != nil }
    /// `true` when `centroid` was written.
    public var isCentroid: Bool { centroidSpan != nil }
    /// `true` when no qualifier was written.
    public var isEmpty: Bool {
        storage == nil && invariantSpan == nil && centroidSpan == nil && interpolation == nil
            && layoutSpan == nil
    }
}

/// A type as written: an optional precision, then a built-in type, a struct name or a struct
/// definition.
public struct TypeSpecifier: Sendable {
    /// What the type is.
    public indirect enum Kind: Sendable {
        /// `float`, `vec4`, `sampler2D`, …
        case builtin(BuiltinType)
        /// A name that should denote a struct type (`S` after `struct S {…};`).
        case named(Identifier)
        /// A struct defined in place: `struct S { … }` or `struct { … }`.
        case structure(StructSpecifier)
    }

    /// What the type is.
    public var kind: Kind
    /// `lowp`, `mediump` or `highp`, if written.
    public var precision: PrecisionQualifier?
    /// Where the precision qualifier is.
    public var precisionSpan: SourceSpan?
    /// `[size]` written after the type itself (`float[2] a;`, `vec2[3] f()`): the type is an
    /// array of `kind`. The grammar of GLSL ES 1.00 allows it wherever a type is written.
    public var array: ArraySpecifier?
    /// The whole specifier, precision and array size included.
    public var span: SourceSpan

    /// Creates a type specifier.
    public init(
        _ kind: Kind, precision: PrecisionQualifier? = nil, precisionSpan: SourceSpan? = nil,
        array: ArraySpecifier? = nil, span: SourceSpan
    ) {
        self.kind = kind
        self.precision = precision
        self.precisionSpan = precisionSpan
        self.array = array
        self.span = span
    }
}

/// A qualified type, as in a variable declaration or a function's return type.
public struct FullySpecifiedType: Sendable {
    /// Qualifiers before the type.
    public var qualifiers: TypeQualifiers
    /// The type.
    public var specifier: TypeSpecifier
    /// Qualifiers and type.
    public var span: SourceSpan
}

/// `struct Name { members }`; `name` is `nil` for an anonymous struct.
public struct StructSpecifier: Sendable {
    /// The struct's name, if it has one.
    public var name: Identifier?
    /// The member declarations, in order.
    public var members: [StructMember]
    /// From `struct` to `}`.
    public var span: SourceSpan
}

/// One member declaration line of a struct: `lowp vec3 a, b[2];`
public struct StructMember: Sendable {
    /// Qualifiers written before the type: none are valid in a struct; an interface block's
    /// members may have a layout (`layout(row_major)`).
    public var qualifiers: TypeQualifiers
    /// The members' type (no qualifiers other than precision are allowed).
    public var type: TypeSpecifier
    /// The names declared, each possibly an array.
    public var declarators: [Declarator]
    /// Including the `;`.
    public var span: SourceSpan
}

/// The `[size]` after a declared name.
public struct ArraySpecifier: Sendable {
    /// The size expression; `nil` for `[]`, which only desktop GLSL 1.20 allows.
    public var size: Expression?
    /// From `[` to `]`.
    public var span: SourceSpan
}

/// One declared name: `a`, `b[N + 1]`, `c = 1.0`.
public struct Declarator: Sendable {
    /// The declared name.
    public var name: Identifier
    /// The array size, if the name declares an array.
    public var array: ArraySpecifier?
    /// The initializer after `=`, if any.
    public var initializer: Expression?
    /// From the name to the end of the initializer.
    public var span: SourceSpan
}

/// `float a, b = 1.0, c[2];` — one type, several declarators. With no declarators it declares
/// only what the type defines (`struct S { float x; };`) or nothing at all (`float;`).
public struct VariableDeclarationList: Sendable {
    /// The qualified type shared by every declarator.
    public var type: FullySpecifiedType
    /// The declared names, in order.
    public var declarators: [Declarator]
    /// Including the `;`.
    public var span: SourceSpan
}

/// `precision highp float;`
public struct PrecisionDeclaration: Sendable {
    /// The default precision being set.
    public var precision: PrecisionQualifier
    /// The type it is set for (`float`, `int`, `sampler2D`, …), without a precision.
    public var type: TypeSpecifier
    /// Including the `;`.
    public var span: SourceSpan
}

/// `invariant gl_Position;` — makes already declared varyings invariant.
public struct InvariantDeclaration: Sendable {
    /// The names re-declared.
    public var names: [Identifier]
    /// Including the `;`.
    public var span: SourceSpan
}

/// One parameter of a function prototype: `const in highp vec2 p[2]`.
public struct ParameterDeclaration: Sendable {
    /// The `const` keyword, if present.
    public var constSpan: SourceSpan?
    /// `in`, `out` or `inout`, if written (no qualifier means `in`).
    public var direction: ParameterQualifier?
    /// The parameter's type.
    public var type: TypeSpecifier
    /// The parameter's name; prototypes may omit it.
    public var name: Identifier?
    /// The array size, if the parameter is an array.
    public var array: ArraySpecifier?
    /// The whole parameter.
    public var span: SourceSpan

    /// `true` when `const` was written.
    public var isConst: Bool { constSpan != nil }
}

/// A function's header: `highp vec4 blend(vec4 a, vec4 b)`.
public struct FunctionPrototype: Sendable {
    /// The return type with its qualifiers (only a precision is valid there).
    public var returnType: FullySpecifiedType
    /// The function's name.
    public var name: Identifier
    /// The parameters in order; `(void)` gives an empty list.
    public var parameters: [ParameterDeclaration]
    /// From the return type to `)`, or to `;` for a prototype declaration.
    public var span: SourceSpan
}

/// A function with a body.
public struct FunctionDefinition: Sendable {
    /// The header.
    public var prototype: FunctionPrototype
    /// The body's statements (the body is one scope with the parameters).
    public var body: [Statement]
    /// The body's `{ … }`.
    public var bodySpan: SourceSpan
    /// Header and body.
    public var span: SourceSpan
}

/// The condition of a `while` or `for` loop: an expression, or a declaration such as
/// `bool b = x` whose variable is visible in the body.
public enum Condition: Sendable {
    /// A boolean expression.
    case expression(Expression)
    /// `type name = initializer`.
    case declaration(
        type: FullySpecifiedType, name: Identifier, initializer: Expression, span: SourceSpan)

    /// Where the condition is.
    public var span: SourceSpan {
        switch self {
        case .expression(let e): e.span
        case .declaration(_, _, _, let span): span
        }
    }
}

/// A statement.
public indirect enum Statement: Sendable {
    /// `{ … }`, a new scope.
    case compound([Statement], span: SourceSpan)
    /// A declaration statement.
    case declaration(Declaration)
    /// `expression;`
    case expression(Expression, span: SourceSpan)
    /// `;`
    case empty(span: SourceSpan)
    /// `if (condition) then else otherwise`
    case `if`(condition: Expression, then: Statement, else: Statement?, span: SourceSpan)
    /// `for (initializer condition; increment) body`; the initializer is a declaration, an
    /// expression statement or an empty statement.
    case `for`(
        initializer: Statement, condition: Condition?, increment: Expression?, body: Statement,
        span: SourceSpan)
    /// `while (condition) body`
    case `while`(condition: Condition, body: Statement, span: SourceSpan)
    /// `do body while (condition);`
    case doWhile(body: Statement, condition: Expression, span: SourceSpan)
    /// `continue;`
    case `continue`(span: SourceSpan)
    /// `break;`
    case `break`(span: SourceSpan)
    /// `return;` or `return value;`
    case `return`(Expression?, span: SourceSpan)
    /// `discard;`
    case discard(span: SourceSpan)
    /// `switch (selector) { body }`; the body's `case`/`default` labels are statements in it
    /// (GLSL ES 3.00, desktop 1.30+).
    case `switch`(selector: Expression, body: [Statement], span: SourceSpan)
    /// `case value:`, or `default:` when `value` is `nil`, inside a `switch` body.
    case caseLabel(Expression?, span: SourceSpan)

    /// Where the statement is, including its `;` or `}`.
    public var span: SourceSpan {
        switch self {
        case .compound(_, let span), .expression(_, let span), .empty(let span),
            .if(_, _, _, let span), .for(_, _, _, _, let span), .while(_, _, let span),
            .doWhile(_, _, let span), .continue(let span), .break(let span),
            .return(_, let span), .discard(let span), .switch(_, _, let span),
            .caseLabel(_, let span):
            span
        case .declaration(let d):
            d.span
        }
    }
}

/// An expression. The parser only records its shape; types come from the checker.
public struct Expression: Sendable {
    /// A prefix or postfix operator with one operand.
    public enum UnaryOperator: String, Sendable, Hashable {
        /// `+x`
        case plus = "+"
        /// `-x`
        case negate = "-"
        /// `!x`
        case logicalNot = "!"
        /// `~x` (reserved in GLSL ES 1.00; the parser reports it)
        case bitwiseNot = "~"
        /// `++x`
        case preIncrement = "++x"
        /// `--x`
        case preDecrement = "--x"
        /// `x++`
        case postIncrement = "x++"
        /// `x--`
        case postDecrement = "x--"
    }

    /// A binary operator. The bitwise, shift and `%` operators are reserved in GLSL ES 1.00:
    /// the parser reports them but keeps them in the tree.
    public enum BinaryOperator: String, Sendable, Hashable {
        case multiply = "*"
        case divide = "/"
        case remainder = "%"
        case add = "+"
        case subtract = "-"
        case shiftLeft = "<<"
        case shiftRight = ">>"
        case less = "<"
        case greater = ">"
        case lessEqual = "<="
        case greaterEqual = ">="
        case equal = "=="
        case notEqual = "!="
        case bitwiseAnd = "&"
        case bitwiseXor = "^"
        case bitwiseOr = "|"
        case logicalAnd = "&&"
        case logicalXor = "^^"
        case logicalOr = "||"
    }

    /// `=` or a compound assignment. `%=` and the bitwise/shift forms are reserved.
    public enum AssignmentOperator: String, Sendable, Hashable {
        case assign = "="
        case add = "+="
        case subtract = "-="
        case multiply = "*="
        case divide = "/="
        case remainder = "%="
        case shiftLeft = "<<="
        case shiftRight = ">>="
        case bitwiseAnd = "&="
        case bitwiseXor = "^="
        case bitwiseOr = "|="

        /// The binary operator a compound assignment applies (`nil` for `=`).
        public var binaryOperator: BinaryOperator? {
            switch self {
            case .assign: nil
            case .add: .add
            case .subtract: .subtract
            case .multiply: .multiply
            case .divide: .divide
            case .remainder: .remainder
            case .shiftLeft: .shiftLeft
            case .shiftRight: .shiftRight
            case .bitwiseAnd: .bitwiseAnd
            case .bitwiseXor: .bitwiseXor
            case .bitwiseOr: .bitwiseOr
            }
        }
    }

    /// What a call calls.
    public enum Callee: Sendable {
        /// A function or a struct constructor, by name (the checker decides which).
        case name(Identifier)
        /// A built-in type's constructor: `vec4(…)`, `mat3(…)`, `float(…)`.
        case constructor(BuiltinType, span: SourceSpan)
        /// An array constructor, `float[2](…)` or `vec4[](…)` (desktop GLSL 1.20): the type with
        /// its `array` set (the size may be left out).
        case arrayConstructor(TypeSpecifier)

        /// Where the callee is written.
        public var span: SourceSpan {
            switch self {
            case .name(let id): id.span
            case .constructor(_, let span): span
            case .arrayConstructor(let type): type.span
            }
        }
    }

    /// The expression's shape.
    public indirect enum Kind: Sendable {
        /// A variable (or, in error cases, any other name).
        case identifier(String)
        /// An integer literal's value (decimal, octal or hex as written). Values above
        /// `UInt32.max` are reported by the parser.
        case intLiteral(Int)
        /// An unsigned integer literal (`7u`, `0xFFFFFFFFu`; GLSL ES 3.00, desktop 1.30).
        case uintLiteral(UInt32)
        /// A floating-point literal's value.
        case floatLiteral(Double)
        /// `true` or `false`.
        case boolLiteral(Bool)
        /// A prefix or postfix operator.
        case unary(UnaryOperator, Expression)
        /// A binary operator.
        case binary(BinaryOperator, Expression, Expression)
        /// `target op= value`.
        case assignment(AssignmentOperator, Expression, Expression)
        /// `condition ? then : else`
        case ternary(Expression, Expression, Expression)
        /// A function or constructor call.
        case call(Callee, [Expression])
        /// `base.name`: a struct field or a swizzle.
        case field(Expression, Identifier)
        /// `base.name(arguments)`: a method call; desktop GLSL 1.20 has one, `array.length()`.
        case methodCall(Expression, Identifier, [Expression])
        /// `base[index]`
        case index(Expression, Expression)
        /// `left, right`
        case comma(Expression, Expression)
    }

    /// The expression's shape.
    public var kind: Kind
    /// The text it covers.
    public var span: SourceSpan

    /// Creates an expression of shape `kind` covering `span`.
    public init(_ kind: Kind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }
}
