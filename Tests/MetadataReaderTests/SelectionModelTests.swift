import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// MobileSdkGen's `-m` model file.
struct SelectionModelTests {
    @Test func readsEntitiesAttributesAndOptionSets() throws {
        let path = try Paths.write(
            """
            <Model IncludeAllEntities="false" IncludeAllGlobalOptionSets="true">
              <Entities>
                <Entity Name="account"><Attributes><Attribute Name="name"/><Attribute Name="revenue"/></Attributes></Entity>
                <Entity Name="contact"/>
              </Entities>
              <GlobalOptionSets><GlobalOptionSet Name="new_tier"/></GlobalOptionSets>
            </Model>
            """
        )
        let (model, diagnostics) = SelectionModel.read(path: path)
        #expect(diagnostics.isEmpty)
        let read = try #require(model)
        #expect(read.entities.map(\.name) == ["account", "contact"])
        #expect(read.entities.map(\.attributes) == [["name", "revenue"], nil])
        #expect(read.globalOptionSets == ["new_tier"])
        #expect(read.includeAllGlobalOptionSets && !read.includeAllEntities)
    }

    @Test func mistakesAreLocated() throws {
        let path = try Paths.write("<Model>\n  <Entities>\n    <Entity/>\n  </Entities>\n</Model>\n")
        let (model, diagnostics) = SelectionModel.read(path: path)
        #expect(model == nil)
        #expect(diagnostics.map(\.description) == ["\(path):3:5: error: <Entity> has no Name attribute"])
    }
}
