import DataverseModel
import Foundation
import MobileSdk
import MobileSdkOrganizationService

/// The organization service's generated classes, so that entities in responses are read as them too.
let registry: EntityRegistry = {
    let registry = EntityRegistry()
    GeneratedEntities.register(in: registry)
    return registry
}()

/// One input for the SOAP response reader: the bytes as an `Execute` response envelope. A response, a fault or a
/// clear error are all expected; crashes, hangs and sanitizer reports are bugs.
func read(_ bytes: [UInt8]) { _ = try? OrganizationResponse(envelope: Data(bytes), registry: registry) }

@main enum Fuzz { static func main() throws { try FuzzDriver.main(read) } }
