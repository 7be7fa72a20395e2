import ShaderDiagnostics

/// The packing of GLSL ES 1.00 Appendix A §7 ("Counting of Varyings and Uniforms"): variables
/// are placed in a grid of 4 columns and as many rows as the device has vectors; a shader fits
/// when every variable finds a place.
///
/// The rules, as the appendix gives them:
/// - structures count as their members, arrays of structures as each element's members;
/// - an array is one block of consecutive rows (its elements one under the other);
/// - each type takes `columns × rows` per element: `float` 1×1, `vec2` 2×1, `vec3` 3×1,
///   `vec4` 4×1, `mat2` 4×2 (a whole row per column, as the appendix says), `mat3` 3×3,
///   `mat4` 4×4 (integer and boolean types like their float counterparts);
/// - variables are placed in the order mat4, mat2, vec4, mat3, vec3, vec2, float, larger
///   arrays first within each;
/// - 4-column variables take whole rows from the top; 3-column ones take columns 0–2 of the
///   next rows from the top, leaving column 3 free;
/// - 2-column variables take the first free rows of columns 0–1, or else of columns 2–3;
/// - 1-column variables go in the column whose free run that holds them is smallest,
///   at the top of that run.
struct VariablePacking {
    /// One variable (or one member of a structure) to place.
    struct Item {
        /// The name the diagnostics show (`light.color`, `u[0].m`).
        let name: String
        /// Its type as written, for the diagnostics.
        let typeName: String
        let columns: Int
        let rows: Int
        let span: SourceSpan?
        /// Place in the appendix's order (0 = mat4 … 6 = float).
        let order: Int
    }

    /// The items of `type`, named `name`, in the appendix's units; samplers take no place.
    static func items(named name: String, type: GLSLType, span: SourceSpan?) -> [Item] {
        switch type {
        case .array(.structure(let s), let count):
            return (0..<count).flatMap { i in
                items(named: "\(name)[\(i)]", type: .structure(s), span: span)
            }
        case .structure(let s):
            return s.fields.flatMap { field in
                items(named: "\(name).\(field.name)", type: field.type, span: span)
            }
        case .array(let element, let count):
            guard let (columns, rows, order) = shape(of: element) else { return [] }
            return [Item(name: name, typeName: "\(type)", columns: columns, rows: rows * count,
                         span: span, order: order)]
        default:
            guard let (columns, rows, order) = shape(of: type) else { return [] }
            return [Item(name: name, typeName: "\(type)", columns: columns, rows: rows,
                         span: span, order: order)]
        }
    }

    /// Columns, rows and order class of one non-array, non-structure value.
    private static func shape(of type: GLSLType) -> (Int, Int, Int)? {
        switch type {
        case .scalar: (1, 1, 6)
        case .vector(_, 2): (2, 1, 5)
        case .vector(_, 3): (3, 1, 4)
        case .vector(_, _): (4, 1, 2)
        case .matrix(2, 2): (4, 2, 1)
        case .matrix(3, 3): (3, 3, 3)
        // Non-square matrices (GLSL ES 3.00) take a row of four per column, conservatively.
        case .matrix(let c, _): (4, c, 0)
        default: nil
        }
    }

    /// The first item that does not fit in `rowCount` rows, or `nil` when all fit.
    static func firstMisfit(_ items: [Item], rowCount: Int) -> Item? {
        var grid = VariablePacking(rowCount: rowCount)
        for item in sorted(items) where !grid.place(item) { return item }
        return nil
    }

    /// The fewest rows in which every item fits.
    static func rowsNeeded(_ items: [Item]) -> Int {
        var low = 0
        var high = max(1, items.reduce(0) { $0 + $1.rows })
        while low < high {
            let middle = (low + high) / 2
            if firstMisfit(items, rowCount: middle) == nil { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The appendix's order: by type class, then larger arrays first (stable otherwise).
    static func sorted(_ items: [Item]) -> [Item] {
        items.enumerated().sorted { a, b in
            (a.element.order, -a.element.rows, a.offset) < (b.element.order, -b.element.rows, b.offset)
        }.map(\.element)
    }

    // MARK: The grid

    private let rowCount: Int
    /// `used[row * 4 + column]`.
    private var used: [Bool]
    /// The first row not yet taken by a 4- or 3-column variable.
    private var top = 0

    private init(rowCount: Int) {
        self.rowCount = rowCount
        used = Array(repeating: false, count: rowCount * 4)
    }

    private func isFree(row: Int, columns: Range<Int>) -> Bool {
        columns.allSatisfy { !used[row * 4 + $0] }
    }

    private mutating func mark(rows: Range<Int>, columns: Range<Int>) {
        for r in rows { for c in columns { used[r * 4 + c] = true } }
    }

    /// The first row of the first run of `count` rows free in `columns`, from row 0.
    private func firstRun(of count: Int, in columns: Range<Int>) -> Int? {
        var start = 0
        var length = 0
        for r in 0..<rowCount {
            if isFree(row: r, columns: columns) {
                if length == 0 { start = r }
                length += 1
                if length == count { return start }
            } else {
                length = 0
            }
        }
        return nil
    }

    /// Places `item`; `false` when it does not fit.
    private mutating func place(_ item: Item) -> Bool {
        switch item.columns {
        case 4, 3:
            guard top + item.rows <= rowCount else { return false }
            mark(rows: top..<top + item.rows, columns: 0..<item.columns)
            top += item.rows
            return true
        case 2:
            for pair in [0..<2, 2..<4] {
                if let row = firstRun(of: item.rows, in: pair) {
                    mark(rows: row..<row + item.rows, columns: pair)
                    return true
                }
            }
            return false
        default:
            // The smallest free run, over all columns, that holds the item.
            var best: (column: Int, start: Int, length: Int)?
            for column in 0..<4 {
                var r = 0
                while r < rowCount {
                    guard isFree(row: r, columns: column..<column + 1) else {
                        r += 1
                        continue
                    }
                    let start = r
                    while r < rowCount && isFree(row: r, columns: column..<column + 1) { r += 1 }
                    let length = r - start
                    if length >= item.rows && (best == nil || length < best!.length) {
                        best = (column, start, length)
                    }
                }
            }
            guard let best else { return false }
            mark(rows: best.start..<best.start + item.rows, columns: best.column..<best.column + 1)
            return true
        }
    }
}
