/// Something that sends frames down the graph: a picture, a solid colour, a frame sequence, or
/// an operation.
///
/// A source holds its targets strongly, so a chain built with `-->` stays alive as long as its
/// first source does. Each target receives the frame at one texture location.
public protocol ImageSource: AnyObject {
    /// A short name used in errors, such as `"Grayscale"` or `"PictureInput(coffee.png)"`.
    var name: String { get }
    /// The consumers this source feeds, each at one texture location.
    var targets: TargetList { get }

    /// Produces this source's frame for the current processing pass.
    ///
    /// The graph calls this once per pass, in dependency order, after every texture location
    /// of an operation has a frame. Implementations return a new frame (or an input frame
    /// passed through with `Frame.retained()`); the graph owns the returned frame and gives
    /// its memory back to the cache once the last target is done with it.
    ///
    /// - Parameters:
    ///   - inputs: for an operation, one frame per texture location (0, 1, …); empty for a
    ///     plain source.
    ///   - context: the executor and framebuffer cache of this pass.
    /// - Returns: the frame sent to every target.
    /// - Throws: `GraphError` naming this source.
    func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame
}

/// Something that receives frames at texture locations 0, 1, …: an operation or a target.
///
/// A consumer knows its sources through weak references, so the graph can be walked from any
/// node in both directions without retain cycles.
public protocol ImageConsumer: AnyObject {
    /// A short name used in errors.
    var name: String { get }
    /// The sources feeding each texture location.
    var sources: SourceList { get }
    /// How many texture locations (0..<numberOfInputs) must have a frame before this consumer
    /// runs. A two-input blend says 2.
    var numberOfInputs: Int { get }

    /// Receives the frames of one pass, one per texture location.
    ///
    /// Targets (outputs) do their work here. Operations produce frames in
    /// `ImageSource.makeFrame(from:in:)` instead, and the graph never calls this on them.
    /// The frames are valid only during the call; copy what you keep (`Frame.texture` is a
    /// value).
    ///
    /// - Throws: `GraphError` naming this consumer.
    func consume(_ frames: [Frame], in context: ProcessingContext) throws
}

/// A node that is both a consumer and a source: a filter.
public protocol ImageProcessingOperation: ImageSource, ImageConsumer {}

extension ImageProcessingOperation {
    /// Operations do their work in `makeFrame(from:in:)`; the graph never calls this.
    public func consume(_ frames: [Frame], in context: ProcessingContext) throws {}
}

// MARK: Wiring

extension ImageSource {
    /// Sends this source's frames to `target` at a texture location.
    ///
    /// A location that already has a source is taken over: the old source stops feeding it.
    /// Locations are checked when the graph is processed: a location at or beyond the target's
    /// `numberOfInputs` is an error then.
    ///
    /// - Parameters:
    ///   - target: the consumer.
    ///   - location: the texture location (0 is `inputImageTexture`, 1 is
    ///     `inputImageTexture2`, …); `nil` takes the target's lowest free location.
    public func addTarget(_ target: ImageConsumer, atTextureLocation location: Int? = nil) {
        let location = location ?? target.sources.nextFreeLocation
        if let previous = target.sources.source(atTextureLocation: location) {
            previous.targets.removeEdge(to: target, atTextureLocation: location)
        }
        targets.append(target, atTextureLocation: location)
        target.sources.set(self, atTextureLocation: location)
    }

    /// Stops sending frames to `target`, at every location this source fed.
    public func removeTarget(_ target: ImageConsumer) {
        for location in targets.locations(of: target) {
            target.sources.clear(atTextureLocation: location, ifSource: self)
        }
        targets.removeAll(target)
    }

    /// Stops sending frames to every target.
    public func removeAllTargets() {
        for edge in targets.edges {
            edge.target.sources.clear(atTextureLocation: edge.location, ifSource: self)
        }
        targets.removeAllEdges()
    }
}

extension ImageConsumer {
    /// Disconnects every source from this consumer.
    public func removeAllSources() {
        for (location, source) in sources.all {
            source.targets.removeEdge(to: self, atTextureLocation: location)
            sources.clear(atTextureLocation: location, ifSource: source)
        }
    }
}

// MARK: The chaining operator

precedencegroup ImageChainPrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
    lowerThan: TernaryPrecedence
}

/// Chains a source to a consumer at its next free texture location.
infix operator --> : ImageChainPrecedence

/// Sends `source`'s frames to `target` at the target's next free texture location and returns
/// `target`, so chains read left to right: `photo --> blur --> output`.
///
/// - Parameters:
///   - source: the upstream node.
///   - target: the downstream node.
/// - Returns: `target`.
@discardableResult
public func --> <Target: ImageConsumer>(source: ImageSource, target: Target) -> Target {
    source.addTarget(target)
    return target
}

// MARK: Edge lists

/// The targets of a source: (consumer, texture location) pairs in the order they were added.
/// Targets are held strongly.
public final class TargetList {
    /// One connection.
    public struct Edge {
        /// The consumer.
        public let target: ImageConsumer
        /// The texture location it receives the frame at.
        public let location: Int
    }

    /// Every connection, in the order added.
    public private(set) var edges: [Edge] = []

    /// Creates an empty list.
    public init() {}

    /// The number of connections (a target fed at two locations counts twice).
    public var count: Int { edges.count }

    /// The consumers, in the order added (a consumer fed at two locations appears twice).
    public var targets: [ImageConsumer] { edges.map(\.target) }

    func append(_ target: ImageConsumer, atTextureLocation location: Int) {
        edges.append(Edge(target: target, location: location))
    }

    func locations(of target: ImageConsumer) -> [Int] {
        edges.filter { $0.target === target }.map(\.location)
    }

    func removeEdge(to target: ImageConsumer, atTextureLocation location: Int) {
        edges.removeAll { $0.target === target && $0.location == location }
    }

    func removeAll(_ target: ImageConsumer) {
        edges.removeAll { $0.target === target }
    }

    func removeAllEdges() {
        edges.removeAll()
    }
}

/// The sources of a consumer by texture location, held weakly.
public final class SourceList {
    private struct WeakSource {
        weak var source: ImageSource?
    }

    private var slots: [Int: WeakSource] = [:]

    /// Creates an empty list.
    public init() {}

    /// The source feeding `location`, if it is still alive.
    public func source(atTextureLocation location: Int) -> ImageSource? {
        slots[location]?.source
    }

    /// Every live source with its location, by increasing location.
    public var all: [(location: Int, source: ImageSource)] {
        slots.keys.sorted().compactMap { k in slots[k]?.source.map { (k, $0) } }
    }

    /// The lowest location with no live source.
    public var nextFreeLocation: Int {
        var location = 0
        while source(atTextureLocation: location) != nil { location += 1 }
        return location
    }

    func set(_ source: ImageSource, atTextureLocation location: Int) {
        slots[location] = WeakSource(source: source)
    }

    func clear(atTextureLocation location: Int, ifSource source: ImageSource) {
        if let current = slots[location]?.source, current !== source { return }
        slots[location] = nil
    }
}
