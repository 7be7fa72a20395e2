// graph-bench: streams 200 frames of 1920x1080 (JPEG files, decoded one at a time) through
// brightness --> contrast --> sepia and reports the peak memory against the size of one frame.
//
//     swift build -c release --product graph-bench && .build/release/graph-bench [--frames N] [--threads N]
//
// The peak is VmHWM from /proc/self/status (Linux) of the whole process. The input files are
// written by a child process (this program with --write-frames DIR), so the peak is only the
// runtime, the graph and the streaming. The baseline is VmRSS just before the first frame.
// Target (issue 5): the whole peak stays under 8 frames' worth.
import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph
import ShaderExecution

func status(_ key: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]).map { $0 * 1024 }
    }
    return nil
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

var frameCount = 200
var threads = Schedule.coreCount
var writeFramesTo: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--frames": frameCount = arguments.popFirst().flatMap { Int($0) } ?? frameCount
    case "--threads": threads = arguments.popFirst().flatMap { Int($0) } ?? threads
    case "--write-frames": writeFramesTo = arguments.popFirst()
    default:
        print("usage: graph-bench [--frames N] [--threads N]")
        exit(64)
    }
}

let root: String = {
    let here = FileManager.default.currentDirectoryPath
    if FileManager.default.fileExists(atPath: here + "/Shaders/Filters/Sepia.fsh") { return here }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}()

let width = 1920, height = 1080
let frameBytes = width * height * PixelFormat.rgba8.bytesPerPixel

/// Writes eight distinct 1920x1080 JPEG frames into `directory` (run in a child process).
func writeFrames(to directory: String) throws {
    for k in 0..<8 {
        var bytes = [UInt8](repeating: 255, count: frameBytes)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = UInt8((x + 13 * k) & 255)
                bytes[i + 1] = UInt8((y + 29 * k) & 255)
                bytes[i + 2] = UInt8(((x ^ y) + k * 31) & 255)
            }
        }
        try ImageFile.write(Texture(width: width, height: height, rgba8: bytes), toFile: "\(directory)/frame\(k).jpg")
    }
}

if let writeFramesTo {
    do {
        try writeFrames(to: writeFramesTo)
        exit(0)
    } catch {
        print("graph-bench: error: \(error)")
        exit(1)
    }
}

do {
    // Eight distinct JPEG frames, written by a child process; the sequence lists them over and over.
    let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("graph-bench-\(getpid())")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    child.arguments = ["--write-frames", directory]
    try child.run()
    child.waitUntilExit()
    guard child.terminationStatus == 0 else {
        print("graph-bench: writing the input frames failed")
        exit(1)
    }
    let files = (0..<8).map { "\(directory)/frame\($0).jpg" }
    let paths = (0..<frameCount).map { files[$0 % files.count] }

    let frames = FrameSequenceInput(paths: paths)
    let brightness = try BasicOperation(fragmentShaderFile: root + "/Shaders/Filters/Brightness.fsh", uniforms: ["brightness": 0.1])
    let contrast = try BasicOperation(fragmentShaderFile: root + "/Shaders/Filters/Contrast.fsh", uniforms: ["contrast": 1.2])
    let sepia = try BasicOperation(fragmentShaderFile: root + "/Shaders/Filters/Sepia.fsh", uniforms: ["intensity": 1.0])
    var checksum = 0
    frames --> brightness --> contrast --> sepia --> TextureOutput { texture in
        let bytes = texture.rgba8Bytes
        checksum &+= Int(bytes[0]) &+ Int(bytes[bytes.count / 2]) &+ Int(bytes[bytes.count - 4])
    }
    let context = ProcessingContext(executor: Executor(schedule: Schedule(threadCount: threads)))

    let baseline = status("VmRSS") ?? 0
    let start = Date()
    try frames.processAllFrames(in: context)
    let seconds = Date().timeIntervalSince(start)
    let peak = status("VmHWM") ?? 0
    let stats = context.framebufferCache.statistics

    let aboveBaseline = Double(peak - baseline) / Double(frameBytes)
    let inFrames = Double(peak) / Double(frameBytes)
    print("graph-bench: \(frameCount) frames of \(width)x\(height) RGBA8 (one frame = \(megabytes(frameBytes))), JPEG decode --> brightness --> contrast --> sepia --> callback, \(threads) thread\(threads == 1 ? "" : "s")")
    print(String(format: "graph-bench: %.2f s, %.1f ms per frame (%.0f Mpix/s per filter pass)", seconds, seconds * 1000 / Double(frameCount), Double(width * height * frameCount * 3) / seconds / 1e6))
    print("graph-bench: peak RSS \(megabytes(peak)), baseline before streaming \(megabytes(baseline))")
    print(String(format: "graph-bench: peak RSS %.2f frames (target < 8), of which %.2f frames above the baseline", inFrames, aboveBaseline))
    print("graph-bench: framebuffer cache: \(stats.allocations) allocations, \(stats.reuses) reuses, at most \(stats.peakLiveFrames) rendered frames alive, \(stats.peakLeasedFramebuffers) framebuffers leased at once (checksum \(checksum))")
    exit(inFrames < 8 ? 0 : 1)
} catch {
    print("graph-bench: error: \(error)")
    exit(1)
}
