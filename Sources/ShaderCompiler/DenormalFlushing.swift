#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// GPU float semantics for denormals: Mesa and most GPUs flush denormal inputs and results of
/// float arithmetic to zero (piglit `fs-underflow-*-compare-zero` depend on it), so shading
/// runs with the CPU's flush-to-zero and denormals-are-zero modes on.
public enum DenormalFlushing {
    /// Runs `body` with denormal inputs and results flushed to zero on this thread, then restores
    /// the thread's previous floating-point environment.
    @inline(__always)
    public static func perform<R>(_ body: () throws -> R) rethrows -> R {
        #if (os(Linux) && arch(x86_64)) || (canImport(Darwin) && (arch(arm64) || arch(x86_64)))
        var saved = fenv_t()
        fegetenv(&saved)
        var flushing = saved
        #if arch(x86_64) && os(Linux)
        flushing.__mxcsr |= 0x8040  // FTZ (bit 15) and DAZ (bit 6)
        #elseif arch(x86_64)
        flushing.__mxcsr |= 0x8040
        #else
        flushing.__fpcr |= 1 << 24  // FZ
        #endif
        fesetenv(&flushing)
        defer { fesetenv(&saved) }
        #endif
        return try body()
    }
}
