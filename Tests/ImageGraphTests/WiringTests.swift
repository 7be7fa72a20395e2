import ImageGraph
import Testing

@Suite struct WiringTests {}
