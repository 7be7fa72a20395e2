import ShaderSyntax

/// A uniform block as a shader declares it (GLSL ES 3.00 §4.3.7), kept for the rules that
/// hold between the stages a program links: a block of the same name in two stages must have
/// the same members, in the same order, with the same types, precisions and layout.
public struct UniformBlockInterface: Sendable, Hashable {
    /// The block's packing layout (§4.3.8.3).
    public enum Packing: String, Sendable, Hashable {
        case shared, packed, std140
    }

    /// The order a matrix's elements are stored in the block's buffer.
    public enum MatrixOrder: String, Sendable, Hashable {
        case columnMajor = "column_major"
        case rowMajor = "row_major"
    }

    /// One member, as declared.
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public let name: String
        /// Its type (arrays included).
        public let type: GLSLType
        /// Its precision, written or from the default in scope.
        public let precision: PrecisionQualifier?
        /// The member's own `row_major`/`column_major`, else the block's.
        public let matrixOrder: MatrixOrder
    }

    /// The block name (`Block` in `uniform Block { … } instance;`).
    public let name: String
    /// The instance name, if one is written.
    public let instanceName: String?
    /// The packing in effect: the block's own, else the last `layout(…) uniform;` default,
    /// else `shared`.
    public let packing: Packing
    /// The matrix order in effect for the block, found the same way (default `column_major`).
    public let matrixOrder: MatrixOrder
    /// The members, in declaration order.
    public let members: [Member]
}

/// The block layout qualifiers in effect: GLSL's defaults, changed by `layout(…) uniform;`.
struct BlockLayout {
    var packing = UniformBlockInterface.Packing.shared
    var matrixOrder = UniformBlockInterface.MatrixOrder.columnMajor

    /// These defaults with `items` applied, left to right (the last of a kind wins).
    func applying(_ items: [LayoutQualifierItem]) -> BlockLayout {
        var layout = self
        for item in items {
            if let p = UniformBlockInterface.Packing(rawValue: item.name.name) { layout.packing = p }
            if let m = UniformBlockInterface.MatrixOrder(rawValue: item.name.name) { layout.matrixOrder = m }
        }
        return layout
    }
}
