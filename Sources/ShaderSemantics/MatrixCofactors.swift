/// `determinant` and `inverse` of square matrices (GLSL ES 3.00 §8.5) in llvmpipe's operation
/// order, over any arithmetic: the constant folder runs it on floats, the compiler on the
/// values it emits operations for, so a call gives the same bits folded or per lane.
///
/// The order is that of Mesa's GLSL built-in library (its `determinant`/`inverse` are
/// expanded to plain multiplies, adds and one division per component before llvmpipe sees
/// them), measured bit for bit by scripts/measure-es3-builtins (README "GLSL ES 3.00 and
/// desktop 1.30–3.30"):
///
/// - a minor over columns `c0 < c1 < …` and rows `r0 < r1 < …` expands along its first column:
///   two columns give `m[c0][r0] * m[c1][r1] - m[c1][r0] * m[c0][r1]`; three give
///   `(m[c0][r0] * M0 - m[c0][r1] * M1) + m[c0][r2] * M2`, `Mk` the minor of the other two
///   columns without row `rk`;
/// - `determinant` of a mat2 or mat3 is the minor of the whole matrix; of a mat4,
///   `m[0][0] * C0 + (m[0][1] * C1 + (m[0][2] * C2 + m[0][3] * C3))`, `Ck` the signed cofactor
///   (the minor without column 0 and row k, negated when k is odd — a negation, never a
///   subtraction in the other order, which matters for the sign of zero);
/// - `inverse` is the adjugate divided by the determinant (a true division per component, not
///   a multiplication by a reciprocal): component (column j, row i) is the minor without
///   column i and row j, negated when i + j is odd; a mat2's minors are single components.
///   The mat4 inverse's determinant is the mat4 `determinant` above.
public struct MatrixCofactors<Scalar> {
    /// `a * b`.
    public var multiply: (Scalar, Scalar) -> Scalar
    /// `a + b`.
    public var add: (Scalar, Scalar) -> Scalar
    /// `a - b`.
    public var subtract: (Scalar, Scalar) -> Scalar
    /// `-a`.
    public var negate: (Scalar) -> Scalar
    /// `a / b`.
    public var divide: (Scalar, Scalar) -> Scalar

    /// Cofactor arithmetic with the given operations.
    public init(
        multiply: @escaping (Scalar, Scalar) -> Scalar, add: @escaping (Scalar, Scalar) -> Scalar,
        subtract: @escaping (Scalar, Scalar) -> Scalar, negate: @escaping (Scalar) -> Scalar,
        divide: @escaping (Scalar, Scalar) -> Scalar
    ) {
        self.multiply = multiply
        self.add = add
        self.subtract = subtract
        self.negate = negate
        self.divide = divide
    }

    /// `determinant(m)` of the `size` × `size` matrix with column-major components `m`.
    public func determinant(_ m: [Scalar], size: Int) -> Scalar {
        var minors = Minors(m: m, size: size, arithmetic: self)
        return minors.determinant()
    }

    /// `inverse(m)`, column-major.
    public func inverse(_ m: [Scalar], size: Int) -> [Scalar] {
        var minors = Minors(m: m, size: size, arithmetic: self)
        let det = minors.determinant()
        var out: [Scalar] = []
        for j in 0..<size {
            for i in 0..<size {
                out.append(divide(minors.cofactor(column: i, row: j), det))
            }
        }
        return out
    }

    /// Minors of one matrix, each computed once (the compiler emits each operation once).
    private struct Minors {
        let m: [Scalar]
        let size: Int
        let arithmetic: MatrixCofactors
        var known: [[Int]: Scalar] = [:]

        init(m: [Scalar], size: Int, arithmetic: MatrixCofactors) {
            precondition(m.count == size * size && (2...4).contains(size), "internal error: a square matrix")
            self.m = m
            self.size = size
            self.arithmetic = arithmetic
        }

        func element(_ column: Int, _ row: Int) -> Scalar { m[column * size + row] }

        /// The minor over `columns` and `rows` (ascending, of equal counts).
        mutating func minor(_ columns: [Int], _ rows: [Int]) -> Scalar {
            let key = columns + [-1] + rows
            if let value = known[key] { return value }
            let a = arithmetic
            let value: Scalar
            switch columns.count {
            case 1:
                value = element(columns[0], rows[0])
            case 2:
                let (c0, c1, r0, r1) = (columns[0], columns[1], rows[0], rows[1])
                value = a.subtract(
                    a.multiply(element(c0, r0), element(c1, r1)), a.multiply(element(c1, r0), element(c0, r1)))
            default:
                let rest = Array(columns.dropFirst())
                let terms = rows.map { r in
                    a.multiply(element(columns[0], r), minor(rest, rows.filter { $0 != r }))
                }
                value = a.add(a.subtract(terms[0], terms[1]), terms[2])
            }
            known[key] = value
            return value
        }

        /// The cofactor of the component at (`column`, `row`): the minor without them,
        /// negated when `column + row` is odd.
        mutating func cofactor(column: Int, row: Int) -> Scalar {
            let e = minor((0..<size).filter { $0 != column }, (0..<size).filter { $0 != row })
            return (column + row) % 2 == 1 ? arithmetic.negate(e) : e
        }

        mutating func determinant() -> Scalar {
            let all = Array(0..<size)
            guard size == 4 else { return minor(all, all) }
            let a = arithmetic
            let products = (0..<4).map { k in a.multiply(element(0, k), cofactor(column: 0, row: k)) }
            return a.add(products[0], a.add(products[1], a.add(products[2], products[3])))
        }
    }
}
