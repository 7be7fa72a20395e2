extension ImageSource {
    /// Renders the whole graph connected to this source, in dependency order.
    ///
    /// Every node reachable from this source through targets or sources (so including the
    /// other sources of a fan-in) runs once: sources make their frames, each operation renders
    /// once all its texture locations have frames (each pass in parallel tiles through the
    /// context's executor), targets consume. A frame's memory returns to the cache as soon as
    /// its last consumer is done.
    ///
    /// - Parameter context: the executor and framebuffer cache; pass the same context again to
    ///   reuse framebuffers across passes. The default is a fresh context.
    /// - Throws: `GraphError`: an empty or out-of-range texture location, a cycle, or the
    ///   first failure of a node, naming it. Nothing crashes, and every frame of the failed
    ///   pass is returned to the cache.
    public func processImage(in context: ProcessingContext = ProcessingContext()) throws {
        try GraphProcessor.process(startingAt: [self], in: context)
    }
}

/// Walks, orders and runs a graph.
enum GraphProcessor {
    /// One node of the graph, seen as whichever roles it has.
    struct Node {
        let object: AnyObject
        let source: ImageSource?
        let consumer: ImageConsumer?
        var name: String { source?.name ?? consumer?.name ?? "node" }
    }

    /// Every node connected to `starts`, in discovery order.
    static func component(of starts: [ImageSource]) -> [Node] {
        var seen = Set<ObjectIdentifier>()
        var nodes: [Node] = []
        var stack: [AnyObject] = starts.reversed()
        while let object = stack.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            let node = Node(object: object, source: object as? ImageSource, consumer: object as? ImageConsumer)
            nodes.append(node)
            if let consumer = node.consumer {
                for (_, source) in consumer.sources.all.reversed() { stack.append(source) }
            }
            if let source = node.source {
                for edge in source.targets.edges.reversed() { stack.append(edge.target) }
            }
        }
        return nodes
    }

    /// The nodes in an order where every source comes before its consumers.
    ///
    /// - Throws: `GraphError` for an empty or out-of-range location, a cycle, or a graph past
    ///   `limits`.
    static func dependencyOrder(of nodes: [Node], limits: GraphLimits = GraphLimits()) throws(GraphError) -> [Node] {
        if nodes.count > limits.maximumNodes {
            throw .tooManyNodes(operation: nodes[0].name, count: nodes.count, limit: limits.maximumNodes)
        }
        var waiting: [ObjectIdentifier: Int] = [:]
        for node in nodes {
            guard let consumer = node.consumer else { continue }
            if consumer.numberOfInputs > limits.maximumInputsPerOperation {
                throw .tooManyInputs(
                    operation: consumer.name, count: consumer.numberOfInputs, limit: limits.maximumInputsPerOperation)
            }
            let connected = consumer.sources.all
            for (location, _) in connected where location < 0 || location >= consumer.numberOfInputs {
                throw .textureLocationOutOfRange(
                    operation: consumer.name, location: location, numberOfInputs: consumer.numberOfInputs)
            }
            for location in 0..<consumer.numberOfInputs
            where consumer.sources.source(atTextureLocation: location) == nil {
                throw .emptyTextureLocation(operation: consumer.name, location: location)
            }
            waiting[ObjectIdentifier(node.object)] = connected.count
        }
        let byID = Dictionary(nodes.map { (ObjectIdentifier($0.object), $0) }, uniquingKeysWith: { a, _ in a })
        var ready = nodes.filter { (waiting[ObjectIdentifier($0.object)] ?? 0) == 0 }.reversed() as [Node]
        var order: [Node] = []
        while let node = ready.popLast() {
            order.append(node)
            guard let source = node.source else { continue }
            for edge in source.targets.edges {
                let id = ObjectIdentifier(edge.target)
                guard let count = waiting[id] else { continue }
                waiting[id] = count - 1
                if count - 1 == 0, let next = byID[id] { ready.insert(next, at: 0) }
            }
        }
        if order.count < nodes.count {
            let done = Set(order.map { ObjectIdentifier($0.object) })
            throw .cycle(operations: nodes.filter { !done.contains(ObjectIdentifier($0.object)) }.map(\.name))
        }
        return order
    }

    /// Runs every node connected to `starts` once.
    static func process(startingAt starts: [ImageSource], in context: ProcessingContext) throws {
        let order = try dependencyOrder(of: component(of: starts), limits: context.limits)
        // Each source's frame and how many of its target edges have not consumed it yet.
        var frames: [ObjectIdentifier: (frame: Frame, uses: Int)] = [:]
        defer {
            // After a failure, give back whatever the pass still holds.
            for (frame, uses) in frames.values { for _ in 0..<uses { frame.release() } }
        }
        for node in order {
            var inputs: [Frame] = []
            var inputSources: [ObjectIdentifier] = []
            if let consumer = node.consumer {
                for location in 0..<consumer.numberOfInputs {
                    let id = ObjectIdentifier(consumer.sources.source(atTextureLocation: location)!)
                    guard let frame = frames[id]?.frame else {
                        preconditionFailure("internal error: \(consumer.name) ran before its source at location \(location)")
                    }
                    inputs.append(frame)
                    inputSources.append(id)
                }
            }
            if let source = node.source {
                let frame = try source.makeFrame(from: inputs, in: context)
                let uses = source.targets.count
                if uses == 0 {
                    frame.release()
                } else {
                    frame.retain(uses - 1)
                    frames[ObjectIdentifier(node.object)] = (frame, uses)
                }
            } else if let consumer = node.consumer {
                try consumer.consume(inputs, in: context)
            }
            for (frame, id) in zip(inputs, inputSources) {
                frame.release()
                if let entry = frames[id] {
                    frames[id] = entry.uses > 1 ? (frame, entry.uses - 1) : nil
                }
            }
        }
    }
}
