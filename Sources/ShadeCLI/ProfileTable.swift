import ShaderSemantics

/// `shade check --list-profiles`: the device profiles as a table or as JSON.
enum ProfileTable {
    /// The limits shown, with the GL name each column stands for.
    static var limitColumns: [(name: String, value: (DeviceLimits) -> Int?)] { [
        ("MAX_VERTEX_ATTRIBS", \.maxVertexAttribs),
        ("MAX_VERTEX_UNIFORM_VECTORS", \.maxVertexUniformVectors),
        ("MAX_FRAGMENT_UNIFORM_VECTORS", \.maxFragmentUniformVectors),
        ("MAX_VARYING_VECTORS", \.maxVaryingVectors),
        ("MAX_TEXTURE_IMAGE_UNITS", \.maxTextureImageUnits),
        ("MAX_VERTEX_TEXTURE_IMAGE_UNITS", \.maxVertexTextureImageUnits),
        ("MAX_COMBINED_TEXTURE_IMAGE_UNITS", \.maxCombinedTextureImageUnits),
        ("MAX_TEXTURE_SIZE", \.maxTextureSize),
        ("MAX_DRAW_BUFFERS", \.maxDrawBuffers),
        ("MAX_VERTEX_OUTPUT_COMPONENTS", \.maxVertexOutputComponents),
        ("MAX_FRAGMENT_INPUT_COMPONENTS", \.maxFragmentInputComponents),
        ("MAX_VERTEX_UNIFORM_COMPONENTS", \.maxVertexUniformComponents),
        ("MAX_FRAGMENT_UNIFORM_COMPONENTS", \.maxFragmentUniformComponents),
        ("MIN_PROGRAM_TEXEL_OFFSET", \.minProgramTexelOffset),
        ("MAX_PROGRAM_TEXEL_OFFSET", \.maxProgramTexelOffset),
    ] }

    /// One block per profile: its summary, precisions, WebGL rules, limits and sources.
    static func text() -> String {
        var out = ""
        for profile in DeviceProfile.all {
            let p = profile.precision
            out += "\(profile.name): \(profile.summary)\n"
            let fragmentHighp = profile.hasFragmentHighp ? "yes" : "no"
            out += "  precision       highp \(p.highp.rawValue), mediump \(p.mediump.rawValue),"
                + " lowp \(p.lowp.rawValue); fragment highp: \(fragmentHighp)\n"
            let v = profile.vertexPrecision
            out += "  vertex          highp \(v.highp.rawValue), mediump \(v.mediump.rawValue),"
                + " lowp \(v.lowp.rawValue)\n"
            out += "  webgl rules     \(profile.webGL.map { "WebGL \($0.rawValue).0" } ?? "none")\n"
            let limits = limitColumns.compactMap { column in
                column.value(profile.limits).map { "\(column.name) \($0)" }
            }
            let limitText = limits.isEmpty ? "none enforced" : limits.joined(separator: ", ")
            out += "  limits          \(limitText)\n"
            for source in profile.sources { out += "  source          \(source)\n" }
            out += "\n"
        }
        return out
    }

    /// `{"highp": …, "mediump": …, "lowp": …}`.
    private static func formats(_ p: PrecisionFormats) -> String {
        JSON.object([
            ("highp", JSON.quoted(p.highp.rawValue)),
            ("mediump", JSON.quoted(p.mediump.rawValue)),
            ("lowp", JSON.quoted(p.lowp.rawValue)),
        ])
    }

    /// A JSON array with an object per profile.
    static func json() -> String {
        JSON.array(DeviceProfile.all.map { profile in
            let limits = limitColumns.map { column in
                (column.name, column.value(profile.limits).map { "\($0)" } ?? "null")
            }
            return JSON.object([
                ("name", JSON.quoted(profile.name)),
                ("summary", JSON.quoted(profile.summary)),
                ("precision", formats(profile.precision)),
                ("vertexPrecision", formats(profile.vertexPrecision)),
                ("fragmentHighp", "\(profile.hasFragmentHighp)"),
                ("webgl", profile.webGL.map { "\($0.rawValue)" } ?? "null"),
                ("limits", JSON.object(limits)),
                ("sources", JSON.array(profile.sources.map(JSON.quoted))),
            ])
        })
    }
}
