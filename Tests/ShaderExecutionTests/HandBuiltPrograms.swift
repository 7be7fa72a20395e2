import ShaderCompiler

/// The fixture shaders, built by hand through `ProgramBuilder` (what the lowering will emit).
enum HandBuilt {
    static let luminance = Value.constant(0.2125, 0.7154, 0.0721)

    /// grayscale.fsh
    static func grayscale() -> Program {
        let b = ProgramBuilder()
        let tc = b.input("textureCoordinate", width: 2)
        let color = b.texture2D(b.sampler("inputImageTexture"), tc)
        let l = b.dot(color.swizzled([0, 1, 2]), luminance)
        b.store(.concatenating([l.splat(3), color[3]]), into: b.output("gl_FragColor", width: 4))
        return b.finish()
    }

    /// blend.fsh
    static func blend() -> Program {
        let b = ProgramBuilder()
        let tc = b.input("textureCoordinate", width: 2), tc2 = b.input("textureCoordinate2", width: 2)
        let base = b.texture2D(b.sampler("inputImageTexture"), tc)
        let overlay = b.texture2D(b.sampler("inputImageTexture2"), tc2)
        let amount = b.multiply(overlay[3], b.uniform("mixturePercent", width: 1))
        let rgb = b.call(.mix, base.swizzled([0, 1, 2]), overlay.swizzled([0, 1, 2]), amount)
        b.store(.concatenating([rgb, base[3]]), into: b.output("gl_FragColor", width: 4))
        return b.finish()
    }

    /// boxblur3x3.fsh
    static func boxBlur() -> Program {
        let b = ProgramBuilder()
        let tc = b.input("textureCoordinate", width: 2)
        let s = b.sampler("inputImageTexture")
        let dx = Value.concatenating([b.uniform("texelWidth", width: 1), .constant(0)])
        let dy = Value.concatenating([.constant(0), b.uniform("texelHeight", width: 1)])
        let sum = b.variable(width: 4)
        let offsets: [(Int, Int)] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
        for (ox, oy) in offsets {
            var c = tc
            if ox != 0 { c = ox < 0 ? b.subtract(c, dx) : b.add(c, dx) }
            if oy != 0 { c = oy < 0 ? b.subtract(c, dy) : b.add(c, dy) }
            let t = b.texture2D(s, c)
            b.store(b.add(sum, t), into: sum)
        }
        b.store(b.divide(sum, .constant(9)), into: b.output("gl_FragColor", width: 4))
        return b.finish()
    }

    /// procedural.fsh
    static func procedural() -> Program {
        let b = ProgramBuilder()
        let res = b.uniform("u_resolution", width: 2), time = b.uniform("u_time", width: 1)
        let fc = b.fragCoord.swizzled([0, 1])
        let st = b.divide(fc, res)
        let d = b.call(.distance, fc, b.multiply(.constant(0.25), res))
        let radius = b.multiply(.constant(0.1), b.call(.min, res[0], res[1]))
        let blue = b.add(b.call(.step, d, radius), b.multiply(.constant(0), time))
        b.store(.concatenating([st, blue, .constant(1)]), into: b.output("gl_FragColor", width: 4))
        return b.finish()
    }

    /// resample.fsh
    static func resample() -> Program {
        let b = ProgramBuilder()
        let tc = b.input("textureCoordinate", width: 2)
        let uv = b.multiplyAdd(tc, .constant(1.37, 0.83), .constant(-0.21, 0.13))
        b.store(b.texture2D(b.sampler("inputImageTexture"), uv), into: b.output("gl_FragColor", width: 4))
        return b.finish()
    }

    /// derivatives.fsh
    static func derivatives() -> Program {
        let b = ProgramBuilder()
        let p = b.multiply(b.input("textureCoordinate", width: 2), .constant(7))
        let f = b.call(.sin, b.multiply(p[0], p[1]))
        let dx = b.add(.constant(0.5), b.multiply(.constant(4), b.call(.dFdx, f)))
        let dy = b.add(.constant(0.5), b.multiply(.constant(4), b.call(.dFdy, f)))
        let w = b.multiply(.constant(10), b.call(.fwidth, f))
        b.store(.concatenating([dx, dy, w, .constant(1)]), into: b.output("gl_FragColor", width: 4))
        return b.finish()
    }

    /// loopdiscard.fsh
    static func loopDiscard() -> Program {
        let b = ProgramBuilder()
        let out = b.output("gl_FragColor", width: 4)
        let c = b.texture2D(b.sampler("inputImageTexture"), b.input("textureCoordinate", width: 2))
        b.ifThen(b.binary(.less, c[3], .constant(0.125)), then: { b.discardFragment() })
        let acc = b.variable(width: 1, initialValue: .constant(0))
        let i = b.variable(width: 1, initialValue: .constant(0))
        b.loop(while: { b.binary(.less, i, .constant(16)) }, body: {
            b.ifThen(b.binary(.greater, i, b.multiply(c[0], .constant(16))), then: { b.breakLoop() })
            b.ifThen(b.binary(.equal, b.call(.mod, i, .constant(3)), .constant(1)), then: { b.continueLoop() })
            b.store(b.add(acc, .constant(0.05)), into: acc)
        }, step: {
            b.store(b.add(i, .constant(1)), into: i)
        })
        b.store(.concatenating([acc, c[1], b.subtract(.constant(1), acc), .constant(1)]), into: out)
        return b.finish()
    }
}
