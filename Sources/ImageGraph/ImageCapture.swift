import Framebuffers

/// GPUImage's capture, with defined behaviour: arm with `useNextFrameForImageCapture()`, process,
/// then take the image with `imageFromCurrentFramebuffer()`.
///
/// Taking the image disarms the capture. Asking without arming throws
/// `GraphError.captureNotRequested`; asking after arming but before a frame was rendered throws
/// `GraphError.nothingCaptured`. Nothing returns `nil`.
public protocol ImageCapturing: AnyObject {
    /// Keeps a copy of the next frame this node renders.
    func useNextFrameForImageCapture()
    /// The frame kept since `useNextFrameForImageCapture()`; disarms the capture.
    ///
    /// - Throws: `GraphError.captureNotRequested` or `GraphError.nothingCaptured`.
    func imageFromCurrentFramebuffer() throws(GraphError) -> Texture
}

/// The capture state of one node: idle, armed, or holding a captured image.
struct CaptureSlot {
    private enum State {
        case idle
        case armed
        case captured(Texture)
    }

    private var state = State.idle

    /// Whether the next frame should be kept.
    var isArmed: Bool {
        if case .armed = state { return true }
        return false
    }

    mutating func arm() {
        state = .armed
    }

    /// Keeps `frame`'s pixels when armed.
    mutating func record(_ frame: Frame) {
        if isArmed { state = .captured(frame.texture) }
    }

    mutating func take(operation: String) throws(GraphError) -> Texture {
        switch state {
        case .idle: throw .captureNotRequested(operation: operation)
        case .armed: throw .nothingCaptured(operation: operation)
        case .captured(let texture):
            state = .idle
            return texture
        }
    }
}
