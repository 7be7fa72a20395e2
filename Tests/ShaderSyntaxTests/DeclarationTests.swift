import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

/// The single declaration of `source` printed back.
private func roundTrip(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> String
{
    parseClean(source, sourceLocation: sourceLocation).description
}

@Suite("Declarations")
struct DeclarationTests {
    /// Every declaration form, printed back in canonical form.
    @Test(arguments: [
        ("float a;", "float a;"),
        ("float a, b = 1.0, c[2];", "float a, b = 1.0, c[2];"),
        ("const float PI = 3.14159;", "const float PI = 3.14159;"),
        ("const int N = 3; float a[N + 1];", "const int N = 3;\nfloat a[(N + 1)];"),
        ("attribute vec4 position;", "attribute vec4 position;"),
        ("attribute highp vec4 position;", "attribute highp vec4 position;"),
        ("uniform lowp sampler2D tex, tex2;", "uniform lowp sampler2D tex, tex2;"),
        ("uniform mat4 bones[32];", "uniform mat4 bones[32];"),
        ("varying mediump vec2 uv;", "varying mediump vec2 uv;"),
        ("invariant varying vec4 color;", "invariant varying vec4 color;"),
        ("invariant gl_Position;", "invariant gl_Position;"),
        ("invariant gl_Position, color;", "invariant gl_Position, color;"),
        ("precision mediump float;", "precision mediump float;"),
        ("precision highp int;", "precision highp int;"),
        ("precision lowp sampler2D;", "precision lowp sampler2D;"),
        ("struct S { float x; };", "struct S { float x; };"),
        ("struct S { float x, y; vec3 v[2]; } s;", "struct S { float x, y; vec3 v[2]; } s;"),
        ("struct { float x; } anon, many[2];", "struct { float x; } anon, many[2];"),
        (
            "struct Outer { struct Inner { float x; } i; lowp vec4 c; };",
            "struct Outer { struct Inner { float x; } i; lowp vec4 c; };"
        ),
        (
            "struct L { vec3 p; }; uniform L lights[4];",
            "struct L { vec3 p; };\nuniform L lights[4];"
        ),
        ("const struct P { int x; } p = P(1);", "const struct P { int x; } p = P(1);"),
        ("float;", "float;"),
        ("float[2] a;", "float[2] a;"),
        ("uniform highp vec4[N + 1] u, v;", "uniform highp vec4[(N + 1)] u, v;"),
        ("struct S { float[2] a; };", "struct S { float[2] a; };"),
        ("void f(out float[2] x);", "void f(out float[2] x);"),
        ("float[2] g();", "float[2] g();"),
        ("vec4 f(vec2 p);", "vec4 f(vec2 p);"),
        ("void f(void);", "void f();"),
        ("void f();", "void f();"),
        ("float f(float, vec2);", "float f(float, vec2);"),
        (
            "highp float f(const in float a, out vec2 b, inout mat3 c[2]);",
            "highp float f(const in float a, out vec2 b, inout mat3 c[2]);"
        ),
        ("float f(float a[3]);", "float f(float a[3]);"),
        ("float f(float[3]);", "float f(float[3]);"),
        ("void f(S s, lowp sampler2D t);", "void f(S s, lowp sampler2D t);"),
        ("S make();", "S make();"),
        (
            "float f(float x) { return x; } float f(vec2 v) { return v.x; }",
            "float f(float x) { return x; }\nfloat f(vec2 v) { return v.x; }"
        ),
        ("void main() { }", "void main() { }"),
    ])
    func declarationForms(source: String, printed: String) {
        #expect(roundTrip(source) == printed)
    }

    @Test func straySemicolonsAtGlobalScopeAreAccepted() {
        // Mesa accepts them, and real shaders write `void f() { … };`.
        let unit = parseClean(";\nvoid f() { };\nfloat x;;\n;")
        #expect(unit.description == "void f() { }\nfloat x;")
    }

    @Test func desktop120Forms() {
        let source = """
            #version 120
            invariant centroid varying vec4 c;
            centroid varying vec2 uv;
            uniform mat2x3 m;
            uniform sampler3D volume;
            float a[] = float[](1.0, 2.0);
            """
        let result = parseShader(source)
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.translationUnit.declarations.map(\.description) == [
                "invariant centroid varying vec4 c;", "centroid varying vec2 uv;",
                "uniform mat2x3 m;", "uniform sampler3D volume;",
                "float a[] = float[](1.0, 2.0);",
            ])
    }

    @Test func arrayTypeSpecifier() {
        let unit = parseClean("uniform lowp float[3] weights;")
        guard case .declaration(.variables(let v)) = unit.declarations[0] else {
            Issue.record("not a variable declaration")
            return
        }
        #expect(v.type.specifier.array?.size?.description == "3")
        #expect(v.type.specifier.span.text == "lowp float[3]")
        #expect(v.declarators[0].array == nil)
    }

    @Test func qualifierDetailsAndSpans() {
        let unit = parseClean("invariant varying highp vec4 color;")
        guard case .declaration(.variables(let v)) = unit.declarations[0] else {
            Issue.record("not a variable declaration")
            return
        }
        #expect(v.type.qualifiers.storage == .varying)
        #expect(v.type.qualifiers.isInvariant)
        #expect(v.type.qualifiers.invariantSpan?.text == "invariant")
        #expect(v.type.qualifiers.storageSpan?.text == "varying")
        #expect(v.type.specifier.precision == .highp)
        #expect(v.type.specifier.precisionSpan?.text == "highp")
        #expect(v.type.specifier.span.text == "highp vec4")
        #expect(v.type.span.text == "invariant varying highp vec4")
        #expect(v.declarators[0].name.span.text == "color")
        #expect(v.span.text == "invariant varying highp vec4 color;")
    }

    @Test func declaratorDetails() {
        let unit = parseClean("float a[N * 2], b = 1.0;")
        guard case .declaration(.variables(let v)) = unit.declarations[0] else {
            Issue.record("not a variable declaration")
            return
        }
        #expect(v.declarators[0].array?.size?.description == "(N * 2)")
        #expect(v.declarators[0].array?.span.text == "[N * 2]")
        #expect(v.declarators[0].span.text == "a[N * 2]")
        #expect(v.declarators[1].initializer?.description == "1.0")
        #expect(v.declarators[1].span.text == "b = 1.0")
    }

    @Test func functionDefinitionDetails() {
        let unit = parseClean("mediump vec4 blend(in vec4 a, const vec4 b) {\n  return a * b;\n}")
        guard case .function(let f) = unit.declarations[0] else {
            Issue.record("not a function")
            return
        }
        #expect(f.prototype.name.name == "blend")
        #expect(f.prototype.returnType.specifier.precision == .mediump)
        #expect(f.prototype.parameters.map { $0.direction } == [.in, nil])
        #expect(f.prototype.parameters.map(\.isConst) == [false, true])
        #expect(f.prototype.parameters[1].name?.name == "b")
        #expect(f.prototype.span.text == "mediump vec4 blend(in vec4 a, const vec4 b)")
        #expect(f.bodySpan.text == "{\n  return a * b;\n}")
        #expect(f.body.count == 1)
        #expect(f.span.start == 0 && f.span.end == unit.span.end)
    }

    @Test func structDetails() {
        let unit = parseClean("struct Light { vec3 position; lowp vec4 color[2]; } lamp;")
        guard case .declaration(.variables(let v)) = unit.declarations[0],
            case .structure(let s) = v.type.specifier.kind
        else {
            Issue.record("not a struct declaration")
            return
        }
        #expect(s.name?.name == "Light")
        #expect(s.members.count == 2)
        #expect(s.members[1].type.precision == .lowp)
        #expect(s.members[1].declarators[0].array?.size?.description == "2")
        #expect(s.span.text == "struct Light { vec3 position; lowp vec4 color[2]; }")
        #expect(v.declarators.map(\.name.name) == ["lamp"])
    }

    @Test(arguments: [
        ("float ;x", "expected declaration, found 'x'"),
        ("uniform;", "expected type, found ';'"),
        ("varying invariant vec4 c;", "expected type, found 'invariant'"),
        ("invariant uniform vec4 c;", "expected 'varying', found 'uniform'"),
        ("precision float;", "expected 'lowp', 'mediump' or 'highp', found 'float'"),
        ("precision highp;", "expected type, found ';'"),
        ("struct S { };", "expected type, found '}'"),
        ("struct S { float x = 1.0; };", "expected ';', found '='"),
        ("struct S { const float x; };", "expected type, found 'const'"),
        ("float f(float a,);", "expected type, found ')'"),
        ("float f(float a;", "expected ')', found ';'"),
        ("float a[2;", "expected ']', found ';'"),
        ("float 1.0;", "expected identifier, found '1.0'"),
        ("x = 1.0;", "expected declaration, found 'x'"),
        ("return;", "expected declaration, found 'return'"),
        ("}", "expected declaration, found '}'"),
        ("void main() { void g() { } }", "expected ';', found '{'"),
    ])
    func declarationErrors(source: String, message: String) {
        let result = parseShader(source)
        #expect(result.diagnostics.map(\.message) == [message])
    }
}
