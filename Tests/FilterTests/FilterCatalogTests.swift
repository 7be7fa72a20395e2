import Testing
@testable import ImageGraph

@Suite("Filter catalog")
struct FilterCatalogTests {
    @Test("every embedded filter parses")
    func catalogIsComplete() {
        #expect(FilterCatalog.all.count == 120)
    }
}
