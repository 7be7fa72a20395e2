#!/usr/bin/env python3
"""Writes the hostile inputs in this folder (run from anywhere; output is deterministic).

Each shader starts with a `// error: <text>` line: the message of the error it must end in.
Images are listed with their expected ImageCodecError case (or `decodes`) in images/EXPECTED.
fuzz/ keeps the original inputs fuzzing found; their copies here are the regression tests.
Tests/HostileInputTests runs every file and checks the error, the time and the memory.
"""
import os, struct, zlib

here = os.path.dirname(os.path.abspath(__file__))
N = 100_000


def shader(name, expect, body):
    with open(os.path.join(here, "shaders", name), "w") as f:
        f.write(f"// error: {expect}\n{body}")


NEST = "nesting too deep: more than 256 levels"
MAIN = "precision mediump float;\nvoid main() {\n    %s\n}\n"
# A shader whose preprocessing stops at the token limit (131 072 tokens) is not parsed, so
# each nesting input stays under that budget to reach the nesting limit: 100 000 levels of
# one-token operators, fewer of the longer ones.
L = 60_000
shader(f"parens-{L}.frag", NEST,
       MAIN % ("float x = " + "(" * L + "1.0" + ")" * L + ";"))
shader("unary-minus-100000.frag", NEST, MAIN % ("float x = " + "-" * N + "1.0;"))
shader("not-100000.frag", NEST, MAIN % ("bool b = " + "!" * N + "true;"))
shader(f"binary-chain-{L}.frag", NEST, MAIN % ("float x = 1.0" + " + 1.0" * L + ";"))
shader(f"assignment-chain-{L}.frag", NEST,
       MAIN % ("float x; x" + " = x" * L + ";"))
shader("ternary-chain-30000.frag", NEST,
       MAIN % ("bool b = true; float x = " + "b?1.:" * 30_000 + "0.0;"))
shader(f"swizzle-chain-{L}.frag", NEST,
       MAIN % ("vec4 v = vec4(1.0); float x = v" + ".x" * L + ";"))
shader("index-chain-40000.frag", NEST,
       MAIN % ("float a[2]; float x = a" + "[0]" * 40_000 + ";"))
shader("call-nesting-40000.frag", NEST,
       MAIN % ("float x = " + "abs(" * 40_000 + "1.0" + ")" * 40_000 + ";"))
shader(f"blocks-{L}.frag", NEST, MAIN % ("{" * L + "}" * L))
shader("if-else-chain-12000.frag", NEST,
       MAIN % ("bool b = true; float x;\n" + "if (b) x = 1.0; else " * 12_000 + "x = 0.0;"))
shader("nested-if-30000.frag", NEST, MAIN % ("bool b = true;\n" + "if(b)" * 30_000 + ";"))
shader("nested-for-9000.frag", NEST,
       MAIN % ("for (int i = 0; i < 2; i++) " * 9_000 + ";"))
M = 20_000
shader(f"struct-nesting-{M}.frag", NEST,
       "".join(f"struct S{i} {{ " for i in range(M)) + "float x;"
       + "".join(f" }} s{i};" for i in reversed(range(M))) + "\nvoid main() {}\n")

# Preprocessor.
TOKENS = "preprocessed shader exceeds 131072 tokens"
shader("macro-bomb-doubling.frag", TOKENS,
       "#define a0 x\n" + "".join(f"#define a{i} a{i-1} a{i-1}\n" for i in range(1, 41))
       + "a40\nvoid main() {}\n")
shader("macro-bomb-function-like.frag", TOKENS,
       "#define D(x) x x\n#define a0 y\n"
       + "".join(f"#define a{i} D(a{i-1})\n" for i in range(1, 41)) + "a40\nvoid main() {}\n")
shader("macro-chain-300.frag", "macro expansion nested too deeply (limit 256)",
       "#define m0 1.0\n" + "".join(f"#define m{i} m{i-1}\n" for i in range(1, 301))
       + "precision mediump float;\nvoid main() { gl_FragColor = vec4(m300); }\n")
shader("macro-argument-nesting-100000.frag", TOKENS,
       "#define f(x) x\nprecision mediump float;\nvoid main() { gl_FragColor = vec4("
       + "f(" * N + "1.0" + ")" * N + "); }\n")
shader("macro-recursive-self.frag", "undeclared identifier 'a'",
       "#define a a\nprecision mediump float;\nvoid main() { gl_FragColor = vec4(a); }\n")
shader("macro-recursive-mutual.frag", "undeclared identifier 'a'",
       "#define a b\n#define b a\nprecision mediump float;\n"
       "void main() { gl_FragColor = vec4(a); }\n")
shader("macro-recursive-function.frag", "use of undeclared function 'f'",
       "#define f(x) f(x)\nprecision mediump float;\n"
       "void main() { gl_FragColor = vec4(f(1.0)); }\n")
# A directive's tokens count against the token limit too, so these stay under 131072 tokens.
shader("if-parens-60000.frag", "invalid preprocessor expression: expression nested too deeply",
       "#if " + "(" * 60_000 + "1" + ")" * 60_000 + "\n#endif\nvoid main() {}\n")
# '?:' is not allowed in #if (as Mesa has it): the chain ends at its first '?'.
shader("if-ternary-30000.frag",
       "invalid preprocessor expression: operator '?:' is not allowed in preprocessor expressions",
       "#if " + "1 ? 1 : " * 30_000 + "0\n#endif\nvoid main() {}\n")
shader("if-unary-100000.frag", "invalid preprocessor expression: expression nested too deeply",
       "#if " + "!" * N + "1\n#endif\nvoid main() {}\n")
shader("if-long-sum.frag", "#error long sum is 60001",
       "#if " + "1 + " * 60_000 + "1 == 60001\n#error long sum is 60001\n#endif\nvoid main() {}\n")
shader("unterminated-if-100000.frag", "unterminated '#if'; expected '#endif'",
       "#if 1\n" * N + "void main() {}\n")
shader("identifier-1mb.frag", f"is {(1 << 20) - 200} characters long; at most 1024 are allowed",
       "precision mediump float;\nvoid main() { gl_FragColor = vec4(" + "a" * ((1 << 20) - 200) + "); }\n")
over = "shader source is 1048608 bytes, over the limit of 1048576"
shader("source-over-1mb.frag", over,
       "void main() {}\n" + "/" * ((1 << 20) + 32 - len("void main() {}\n") - len(f"// error: {over}\n")))
ERRORS = "too many errors (limit 100); stopping here"
shader("invalid-characters-100000.frag", ERRORS, "void main() {}\n" + "@" * N + "\n")
shader("unknown-directives-100000.frag", ERRORS, "#nonsense\n" * N + "void main() {}\n")
# Found by fuzz-shader: a macro whose body is bytes that are no tokens, used twice per level,
# made one diagnostic per byte, 130 000 of them, for 6 s.
with open(os.path.join(here, "fuzz", "shader-timeout-invalid-macro-body.frag"), "rb") as f:
    body = f.read().decode("utf-8", "replace")
shader("fuzz-invalid-macro-body.frag", ERRORS, body.split("\n", 1)[1])
shader("empty.frag", "missing", "")
TOO_LARGE = "components, the limit for one value"
shader("huge-array.frag", "type 'float[100000000]' holds more than 65536 " + TOO_LARGE,
       "precision mediump float;\nfloat a[100000000];\nvoid main() { gl_FragColor = vec4(a[0]); }\n")
shader("huge-struct-array.frag", "type 'S[65536]' holds more than 65536 " + TOO_LARGE,
       "precision mediump float;\nstruct S { vec4 v; };\nuniform S s[65536];\n"
       "void main() { gl_FragColor = s[0].v; }\n")
# Each structure holds two of the previous one: 2^80 floats, past Int.max, without one array.
shader("struct-doubling.frag", "type 'struct S17' holds more than 65536 " + TOO_LARGE,
       "precision mediump float;\nstruct S0 { float x; };\n"
       + "".join(f"struct S{i} {{ S{i-1} a; S{i-1} b; }};\n" for i in range(1, 81))
       + "uniform S80 s;\nvoid main() { gl_FragColor = vec4(s.a.a.a.a.x); }\n")
# An out-of-range integer literal is a warning (as Mesa has it) and reads as 0 here, so the
# one used as an array size ends in an error.
shader("huge-integer.frag", "array size must be greater than zero, found 0",
       "precision mediump float;\nfloat a[99999999999999999999];\n"
       "void main() { int i = 99999999999999999999; gl_FragColor = vec4(a[0]); }\n")
# Found by the render fuzz target: a second unsized declaration took the placeholder size of an
# array sized by its uses (2^20 elements), so an 8x8 draw took seconds.
shader("sized-by-uses-redeclared-unsized.frag", "redefinition of 'a'",
       "#version 120\nvoid main() {\n    float a[];\n    a[3] = 0.5;\n    float a[];\n"
       "    a[3] = 0.5;\n    gl_FragColor = vec4(a[3]);\n}\n")
shader("recursion.frag", "recursion is not allowed",
       "float f(float x) { return f(x); }\nvoid main() { f(1.0); }\n")


# Runaway loops: each checks and compiles, and rendering it must stop with the loop iteration
# limit (one budget per batch of pixels, nested loops included) within the time bound.
os.makedirs(os.path.join(here, "runaway"), exist_ok=True)
RUNAWAY = "loop iteration limit"


def runaway(name, body):
    with open(os.path.join(here, "runaway", name), "w") as f:
        f.write(f"// error: {RUNAWAY}\nprecision highp float;\nuniform float zero;\n{body}")


runaway("while-true.frag",
        "void main() { float x = 0.0; while (true) { x += 1.0; } gl_FragColor = vec4(x); }\n")
runaway("for-ever.frag",
        "void main() { float x = 0.0; for (;;) { x += 1.0; } gl_FragColor = vec4(x); }\n")
runaway("do-while.frag",
        "void main() { float x = 0.0; do { x += 1.0; } while (x >= 0.0); gl_FragColor = vec4(x); }\n")
# A counter that never reaches its bound: the step is zero at run time.
runaway("zero-step.frag",
        "void main() { float x = 0.0;\n"
        "    for (float i = 0.0; i < 1.0; i += zero) { x += 1.0; }\n"
        "    gl_FragColor = vec4(x); }\n")
# A billion iterations in a legal-looking for loop.
runaway("billion-iterations.frag",
        "void main() { float x = 0.0;\n"
        "    for (int i = 0; i < 1000000000; i++) { x += 0.5; }\n"
        "    gl_FragColor = vec4(x); }\n")
# Nested loops each under the limit whose product is 10^18 iterations: a budget per loop
# would let this run for years.
runaway("nested-million-cubed.frag",
        "void main() { float x = 0.0;\n"
        "    for (int i = 0; i < 1000000; i++)\n"
        "        for (int j = 0; j < 1000000; j++)\n"
        "            for (int k = 0; k < 1000000; k++) { x += 1.0; }\n"
        "    gl_FragColor = vec4(x); }\n")
# The runaway inside a function called from a loop.
runaway("function-in-loop.frag",
        "float spin(float a) { float y = a; while (y > -1.0) { y += 1.0; } return y; }\n"
        "void main() { float x = 0.0;\n"
        "    for (int i = 0; i < 4; i++) { x += spin(float(i)); }\n"
        "    gl_FragColor = vec4(x); }\n")
# Only some pixels run away (the left half): the mask keeps the batch looping.
runaway("divergent.frag",
        "void main() { float x = 0.0;\n"
        "    while (gl_FragCoord.x < 8.0 || x < 0.0) { x += 1.0; }\n"
        "    gl_FragColor = vec4(x); }\n")

# Images.
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


SIG = b"\x89PNG\r\n\x1a\n"
expected = []


def image(name, data, case):
    with open(os.path.join(here, "images", name), "wb") as f:
        f.write(data)
    expected.append(f"{name} {case}")


def png(w, h, idat=b"", bit_depth=8, color=6):
    ihdr = struct.pack(">IIBBBBB", w, h, bit_depth, color, 0, 0, 0)
    return SIG + chunk(b"IHDR", ihdr) + (chunk(b"IDAT", idat) if idat else b"") + chunk(b"IEND", b"")


small = zlib.compress(b"".join(b"\x00" + b"\x10\x20\x30\xff" * 4 for _ in range(4)))
image("png-100000x100000.png", png(N, N, small), "tooLarge")
# libpng's own limit (1 000 000 rows) rejects this one before Shade's pixel limit is asked.
image("png-1x2147483647.png", png(1, 0x7FFFFFFF, small), "invalidHeader")
image("png-truncated-ihdr.png", png(4, 4, small)[:20], "truncated")
image("png-truncated-idat.png", png(4, 4, small)[:45], "truncated")
image("png-no-idat.png", png(4, 4), "missingChunk")
bad_crc = bytearray(png(4, 4, small)); bad_crc[29] ^= 0xFF
image("png-bad-ihdr-crc.png", bytes(bad_crc), "checksumMismatch")
image("png-zero-width.png", png(0, 4, small), "invalidHeader")
image("png-signature-only.png", SIG, "truncated")
# A 4x4 PNG whose IDAT would inflate to 16 MB of zeros (a zip bomb): libpng inflates only the
# 4 rows it needs, so the image decodes, quickly and in bounded memory.
image("png-inflate-bomb.png", png(4, 4, zlib.compress(b"\x00" * (16 << 20), 9)), "decodes")
# Found by fuzz-png: a 1.6 GB eXIf chunk length in a 154-byte file made libpng allocate 1.6 GB.
with open(os.path.join(here, "fuzz", "png-oom-exif.png"), "rb") as f:
    image("png-exif-length-1600mb.png", f.read(), "truncated")
image("empty.bin", b"", "unrecognizedFormat")


def jpeg_sof(w, h, truncate=False):
    soi = b"\xff\xd8"
    dqt = b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + bytes([1] * 64)
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, h, w, 1) + b"\x01\x11\x00"
    # Huffman tables: one DC and one AC table with a single 1-bit code for symbol 0.
    dht = b"\xff\xc4" + struct.pack(">H", 2 + 2 * 17 + 2) \
        + b"\x00" + bytes([1] + [0] * 15) + b"\x00" + b"\x10" + bytes([1] + [0] * 15) + b"\x00"
    sos = b"\xff\xda" + struct.pack(">HB", 8, 1) + b"\x01\x00" + b"\x00\x3f\x00"
    data = soi + dqt + sof + dht + sos
    return data if truncate else data + b"\x00" * 16 + b"\xff\xd9"


# libjpeg-turbo accepts at most 65500 per side; 65500 x 4100 is just over 2^28 pixels.
image("jpeg-65500x65500.jpg", jpeg_sof(65500, 65500), "tooLarge")
image("jpeg-65500x4100.jpg", jpeg_sof(65500, 4100), "tooLarge")
image("jpeg-65535x65535.jpg", jpeg_sof(65535, 65535), "invalidHeader")
image("jpeg-truncated-header.jpg", jpeg_sof(8, 8)[:30], "truncated")
image("jpeg-soi-only.jpg", b"\xff\xd8", "unrecognizedFormat")  # sniffing needs FF D8 FF
image("jpeg-soi-marker-only.jpg", b"\xff\xd8\xff", "truncated")
image("jpeg-zero-height.jpg", jpeg_sof(8, 0), "invalidHeader")

with open(os.path.join(here, "images", "EXPECTED"), "w") as f:
    f.write("# file  ImageCodecError case it must throw (Tests/HostileInputTests)\n")
    f.write("\n".join(expected) + "\n")
