import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax
import Testing

@Suite("Typed IR")
struct TypedIRTests {
    @Test("identifiers resolve to their declared variable, with its storage")
    func identifierResolution() throws {
        let shader = try #require(checked("""
            precision mediump float;
            uniform sampler2D inputImageTexture;
            varying vec2 textureCoordinate;
            uniform float weights[3];
            void main() {
                vec4 c = texture2D(inputImageTexture, textureCoordinate);
                vec4 d = c * weights[1] + gl_FragCoord;
                gl_FragColor = d;
            }
            """))
        let local = try #require(declarations(in: shader.main.body).first { $0.variable.name == "c" })
        #expect(local.variable.storage == .local)
        let d = try #require(shader.initializer(of: "d"))
        guard case .binary(.add, let product, let fragCoord) = d.kind,
            case .binary(.multiply, let cUse, let weight) = product.kind,
            case .variable(let cVar) = cUse.kind,
            case .index(let weights, _) = weight.kind, case .variable(let w) = weights.kind,
            case .variable(let fc) = fragCoord.kind
        else {
            Issue.record("unexpected shape: \(d)")
            return
        }
        #expect(cVar === local.variable)
        #expect(w.storage == .uniform && w.type == .array(.float, 3))
        #expect(fc.storage == .builtin(.glFragCoord))
        let assignment = try #require(shader.mainExpressions.first)
        guard case .assignment(nil, let target, _) = assignment.kind,
            case .variable(let out) = target.kind
        else {
            Issue.record("unexpected shape: \(assignment)")
            return
        }
        #expect(out.storage == .builtin(.glFragColor))
        #expect(shader.builtinsUsed == [.glFragCoord, .glFragColor])
    }

    @Test("constructors are resolved into kinds")
    func constructorKinds() throws {
        let shader = try #require(checked("""
            precision mediump float;
            uniform mat4 m4;
            uniform vec3 v;
            void main() {
                vec4 a = vec4(v, 1.0);
                vec3 b = vec3(2.0);
                mat3 c = mat3(m4);
                mat2 d = mat2(3.0);
                float e = float(ivec2(4, 5));
                mat2 f = mat2(1.0, 2.0, 3.0, 4.0);
                gl_FragColor = a + vec4(b + c[0], d[0].x + e + f[1].y);
            }
            """))
        let expected: [(String, ConstructorKind)] = [
            ("a", .vectorFromComponents), ("b", .vectorFromScalar), ("c", .matrixFromMatrix),
            ("d", .matrixFromScalar), ("e", .scalarConversion), ("f", .matrixFromComponents),
        ]
        for (name, kind) in expected {
            let e = try #require(shader.initializer(of: name))
            guard case .construct(let k, _) = e.kind else {
                Issue.record("\(name) is not a constructor: \(e)")
                continue
            }
            #expect(k == kind, "\(name)")
        }
        #expect(shader.initializer(of: "d")?.constantValue?.components
                == [.float(3), .float(0), .float(0), .float(3)])
        #expect(shader.initializer(of: "e")?.constantValue == .float(4))
    }

    @Test("swizzles become component index lists")
    func swizzles() throws {
        let shader = try #require(checked("""
            precision mediump float;
            uniform vec4 c;
            void main() {
                vec3 a = c.bgr;
                vec2 b = c.ts;
                vec4 d = c.xxyy;
                gl_FragColor = vec4(a, b.x) + d;
            }
            """))
        for (name, comps) in [("a", [2, 1, 0]), ("b", [1, 0]), ("d", [0, 0, 1, 1])] {
            guard case .swizzle(_, let got)? = shader.initializer(of: name)?.kind else {
                Issue.record("\(name) is not a swizzle")
                continue
            }
            #expect(got == comps, "\(name)")
        }
    }

    @Test("'*' is resolved into component-wise and linear-algebra products")
    func multiplication() throws {
        let shader = try #require(checked("""
            precision mediump float;
            uniform mat3 m;
            uniform vec3 v;
            void main() {
                vec3 a = m * v;
                vec3 b = v * m;
                mat3 c = m * m;
                mat3 d = 2.0 * m;
                vec3 e = v * v;
                gl_FragColor = vec4(a + b + c[0] + d[0] + e, 1.0);
            }
            """))
        let expected: [(String, BinaryOperator)] = [
            ("a", .matrixTimesVector), ("b", .vectorTimesMatrix), ("c", .matrixTimesMatrix),
            ("d", .multiply), ("e", .multiply),
        ]
        for (name, op) in expected {
            guard case .binary(let got, _, _)? = shader.initializer(of: name)?.kind else {
                Issue.record("\(name) is not a binary expression")
                continue
            }
            #expect(got == op, "\(name)")
        }
    }

    @Test("built-in calls carry the chosen overload")
    func builtinOverloads() throws {
        let shader = try #require(checked("""
            precision mediump float;
            uniform vec3 a;
            uniform vec3 b;
            uniform float t;
            void main() {
                vec3 m = step(t, a * b);
                vec3 c = clamp(a, 0.0, 1.0);
                float l = length(a);
                gl_FragColor = vec4(m + c, l);
            }
            """))
        // (`step`: a `mix` whose weight is known only when running is written out as NIR
        // lowers it, `a + t * (b - a)`.)
        guard case .builtinCall(let step, let args)? = shader.initializer(of: "m")?.kind else {
            Issue.record("step is not a built-in call")
            return
        }
        #expect(step.function == .step)
        #expect(step.parameterTypes == [.float, .vec3])
        #expect(step.returnType == .vec3)
        #expect(args.map(\.type) == [.float, .vec3])
        guard case .builtinCall(let clamp, _)? = shader.initializer(of: "c")?.kind else {
            Issue.record("clamp is not a built-in call")
            return
        }
        #expect(clamp.parameterTypes == [.vec3, .float, .float])
        #expect(shader.initializer(of: "l")?.type == .float)
    }

    @Test("user calls refer to one symbol shared by prototype and definition")
    func userCalls() throws {
        let shader = try #require(checked("""
            precision mediump float;
            float half1(float x);
            void main() {
                gl_FragColor = vec4(half1(0.5));
            }
            float half1(float x) { return x * 0.5; }
            """))
        let f = try #require(shader.functions.first { $0.symbol.name == "half1" })
        #expect(shader.main.callees.first === f.symbol)
        #expect(f.parameters.count == 1 && f.parameters[0].storage == .parameter(.in))
        guard case .return(let value?) = f.body.first?.kind,
            case .binary(.multiply, let x, _) = value.kind, case .variable(let xv) = x.kind
        else {
            Issue.record("unexpected body")
            return
        }
        #expect(xv === f.parameters[0])
    }

    @Test("constants fold through operators, constructors and built-in functions")
    func folding() throws {
        let shader = try #require(checked("""
            precision mediump float;
            const float PI = 3.14159265;
            const vec3 W = vec3(0.25, 0.5, 0.25);
            const float L = length(vec2(3.0, 4.0));
            const int N = 2 * 3 + 1;
            const float S = W.y + W[2];
            const bool B = N > 6 && !(L != 5.0);
            const mat2 M = mat2(1.0, 2.0, 3.0, 4.0) * mat2(2.0);
            const vec2 MV = mat2(1.0, 2.0, 3.0, 4.0) * vec2(1.0, 1.0);
            const float C = clamp(7.0, 0.0, 1.0) + max(2.0, 3.0) + floor(-1.5);
            uniform float u;
            void main() {
                float a[N];
                float notConstant = u * 2.0;
                a[0] = notConstant;
                gl_FragColor = vec4(L, S, float(B), a[0]) + vec4(M[0], MV) + C + PI;
            }
            """))
        #expect(shader.initializer(of: "L")?.constantValue == .float(5))
        #expect(shader.initializer(of: "N")?.constantValue == .int(7))
        #expect(shader.initializer(of: "S")?.constantValue == .float(0.75))
        #expect(shader.initializer(of: "B")?.constantValue == .bool(true))
        #expect(shader.initializer(of: "M")?.constantValue?.components
                == [2, 4, 6, 8].map { ScalarValue.float($0) })
        #expect(shader.initializer(of: "MV")?.constantValue?.components
                == [.float(4), .float(6)])
        #expect(shader.initializer(of: "C")?.constantValue == .float(2))
        #expect(shader.initializer(of: "notConstant")?.constantValue == nil)
        let a = try #require(declarations(in: shader.main.body).first { $0.variable.name == "a" })
        #expect(a.variable.type == .array(.float, 7))
    }

    @Test("the interface lists uniforms, attributes, varyings and samplers")
    func interface() throws {
        let vertex = try #require(checked("""
            attribute vec4 position;
            attribute vec4 inputTextureCoordinate;
            uniform mat4 transform;
            varying vec2 textureCoordinate;
            void main() {
                gl_Position = transform * position;
                textureCoordinate = inputTextureCoordinate.xy;
            }
            """, stage: .vertex))
        #expect(vertex.attributes.map(\.name) == ["position", "inputTextureCoordinate"])
        #expect(vertex.varyings.map(\.name) == ["textureCoordinate"])
        #expect(vertex.uniforms.map(\.name) == ["transform"])
        #expect(vertex.stage == .vertex)

        let fragment = try #require(checked("""
            #extension GL_OES_standard_derivatives : enable
            precision mediump float;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            uniform vec2 offsets[4];
            varying vec2 textureCoordinate;
            void main() {
                vec4 c = texture2D(inputImageTexture, textureCoordinate + offsets[0]);
                if (fwidth(c.r) > 0.5) discard;
                gl_FragData[0] = c + texture2D(inputImageTexture2, textureCoordinate);
            }
            """))
        #expect(fragment.samplers.map(\.name) == ["inputImageTexture", "inputImageTexture2"])
        let offsets = try #require(fragment.uniforms.first { $0.name == "offsets" })
        #expect(offsets.arraySize == 4 && offsets.elementType == .vec2)
        #expect(fragment.usesDiscard && fragment.usesDerivatives && fragment.usesFragData)
        #expect(fragment.enabledExtensions.contains("GL_OES_standard_derivatives"))
    }

    @Test("desktop GLSL 1.20 makes int-to-float conversions explicit")
    func implicitConversion() throws {
        let shader = try #require(checked("""
            #version 120
            void main() {
                float f = 1;
                gl_FragColor = vec4(f);
            }
            """))
        #expect(shader.version == .glsl120)
        guard case .construct(.implicitConversion, let args)? = shader.initializer(of: "f")?.kind
        else {
            Issue.record("no implicit conversion node")
            return
        }
        #expect(args.first?.type == .int)
        #expect(shader.initializer(of: "f")?.constantValue == .float(1))
    }

    @Test("a while condition that declares a variable becomes a declaration and an assignment")
    func whileDeclaration() throws {
        let shader = try #require(checked("""
            precision mediump float;
            void main() {
                float x = 3.0;
                while (bool going = x > 0.0) { x -= 1.0; }
                gl_FragColor = vec4(x);
            }
            """))
        guard case .block(let parts) = shader.main.body[1].kind, parts.count == 2,
            case .declarations(let d) = parts[0].kind,
            case .whileLoop(let condition, _) = parts[1].kind,
            case .assignment(nil, let target, _) = condition.kind,
            case .variable(let v) = target.kind
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(v === d[0].variable && v.type == .bool)
    }

    @Test("the printer shows types and resolved operations")
    func printer() throws {
        let shader = try #require(checked("""
            precision mediump float;
            uniform mat2 m;
            void main() { gl_FragColor = vec4(m * vec2(1.0), 0.0, 1.0); }
            """))
        let text = TypedASTPrinter.shader(shader)
        #expect(text.contains("mat*vec"))
        #expect(text.contains("construct vectorFromComponents"))
        #expect(text.contains("decl uniform mat2 m mediump"))
    }
}

@Suite("Built-in catalogue")
struct BuiltinEvaluationTests {
    static let cases: [(BuiltinFunction, [ConstantValue], ConstantValue)] = [
        (.mix, [.float(1), .float(3), .float(0.5)], .float(2)),
        (.clamp, [.float(7), .float(0), .float(1)], .float(1)),
        (.step, [.float(0.5), .float(0.25)], .float(0)),
        (.mod, [.float(-1), .float(3)], .float(2)),
        (.sign, [.float(-4)], .float(-1)),
        (.fract, [.float(-1.25)], .float(0.75)),
        (.smoothstep, [.float(0), .float(1), .float(0.5)], .float(0.5)),
        (.inversesqrt, [.float(4)], .float(0.5)),
    ]

    @Test("scalar built-ins evaluate like GLSL", arguments: 0..<cases.count)
    func scalar(_ i: Int) {
        let (function, args, expected) = Self.cases[i]
        let overload = function.overload(args.map(\.type))
        #expect(overload?.evaluate(args) == expected, "\(function)")
    }

    @Test("vector built-ins evaluate component-wise and geometrically")
    func vectors() {
        let v = ConstantValue(type: .vec3, components: [.float(1), .float(0), .float(0)])
        let w = ConstantValue(type: .vec3, components: [.float(0), .float(1), .float(0)])
        let cross = BuiltinFunction.cross.overload([.vec3, .vec3])
        #expect(cross?.evaluate([v, w])?.components == [.float(0), .float(0), .float(1)])
        let lessThan = BuiltinFunction.lessThan.overload([.vec3, .vec3])
        #expect(lessThan?.returnType == .bvec3)
        #expect(lessThan?.evaluate([v, w])?.components
                == [.bool(false), .bool(true), .bool(false)])
        let texture = BuiltinFunction.texture2D.overload([.sampler2D, .vec2])
        #expect(texture?.evaluate([]) == nil)
    }
}

@Suite("Built-in catalogue contents")
struct BuiltinCatalogueTests {
    @Test("every built-in function has overloads")
    func everyFunctionHasOverloads() {
        for f in BuiltinFunction.allCases {
            // The rounding functions of device profiles are Shade's own, never in GLSL.
            #expect(f.overloads.isEmpty == (f.roundingFormat != nil), "\(f)")
        }
    }

    @Test("genType functions have all four widths")
    func genTypes() {
        for f in [BuiltinFunction.sin, .fract, .normalize, .dFdx, .tanh, .roundEven] {
            #expect(Set(f.overloads.map(\.returnType)) == [.float, .vec2, .vec3, .vec4], "\(f)")
        }
        // GLSL ES 3.00 adds int abs, bvec mix and uvec equal.
        #expect(Set(BuiltinFunction.abs.overloads.map(\.returnType)) == [.float, .vec2, .vec3, .vec4, .int, .ivec2, .ivec3, .ivec4])
        #expect(BuiltinFunction.mix.overloads.count == 7 + 4)
        #expect(BuiltinFunction.texture2DProj.overloads.count == 4)
        #expect(BuiltinFunction.equal.overloads.count == 9 + 3)
    }
}
