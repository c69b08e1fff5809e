/// The namespaces of the organization service's SOAP messages and their data contracts.
enum XMLNamespaces {
    /// SOAP 1.1's envelope.
    static let soapEnvelope = "http://schemas.xmlsoap.org/soap/envelope/"
    /// SOAP 1.2's envelope, which `Organization.svc` answers the .NET SDK in.
    static let soap12Envelope = "http://www.w3.org/2003/05/soap-envelope"
    /// The `Execute` operation and its faults.
    static let services = "http://schemas.microsoft.com/xrm/2011/Contracts/Services"
    /// Entity, EntityReference, OptionSetValue, Money, EntityCollection, ColumnSet, queries, requests, faults.
    static let contracts = "http://schemas.microsoft.com/xrm/2011/Contracts"
    /// Dynamics-specific contracts (`…/crm/2011/Contracts`).
    static let crmContracts = "http://schemas.microsoft.com/crm/2011/Contracts"
    /// Generic collections: `KeyValuePairOfstringanyType` and its kin.
    static let collections = "http://schemas.datacontract.org/2004/07/System.Collections.Generic"
    /// Arrays of primitives: `ArrayOfstring`, `ArrayOfguid`.
    static let arrays = "http://schemas.microsoft.com/2003/10/Serialization/Arrays"
    /// The data-contract serializer's own types: `guid`, `char`, `duration`.
    static let serialization = "http://schemas.microsoft.com/2003/10/Serialization/"
    /// XML Schema's types (`string`, `int`, `dateTime`…).
    static let schema = "http://www.w3.org/2001/XMLSchema"
    /// XML Schema instance: `i:type`, `i:nil`.
    static let instance = "http://www.w3.org/2001/XMLSchema-instance"
    /// The SOAP action of `Execute`.
    static let executeAction = "http://schemas.microsoft.com/xrm/2011/Contracts/Services/IOrganizationService/Execute"
}
