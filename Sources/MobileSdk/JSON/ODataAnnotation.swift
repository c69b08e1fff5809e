/// Names of OData JSON control information and annotations.
enum ODataAnnotation {
    /// The name of an instance annotation key without its `@` and, for control information, without `odata.`
    /// (OData 4.01 allows leaving it out): `@odata.nextLink` and `@nextLink` give `nextLink`,
    /// `@Microsoft.Dynamics.CRM.morerecords` gives `Microsoft.Dynamics.CRM.morerecords`; nil for a property name.
    static func controlName(_ key: String) -> String? {
        guard key.utf8.first == UInt8(ascii: "@") else { return nil }
        let name = key.dropFirst()
        return String(name.hasPrefix("odata.") ? name.dropFirst(6) : name)
    }

    /// `#Microsoft.Dynamics.CRM.account` → `Microsoft.Dynamics.CRM.account`; a 4.01 short primitive name such as
    /// `#Guid` → `Edm.Guid`, also inside a collection: `#Collection(String)` → `Collection(Edm.String)`.
    static func qualifiedTypeName(_ annotation: String) -> String {
        let name = annotation.hasPrefix("#") ? annotation.dropFirst() : Substring(annotation)
        if name.hasPrefix("Collection("), name.hasSuffix(")") {
            return "Collection(" + qualified(name.dropFirst(11).dropLast()) + ")"
        }
        return qualified(name)
    }

    /// A type name with `Edm.` put before a 4.01 short primitive name.
    private static func qualified(_ name: Substring) -> String {
        name.contains(".") || name.isEmpty ? String(name) : "Edm." + name
    }
}
