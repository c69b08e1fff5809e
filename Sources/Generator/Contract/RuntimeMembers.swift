// swift-format-ignore-file
// Written by scripts/update-runtime-members.sh from the symbol graph of the MobileSdk runtime: do not edit.
// RuntimeContractTests fails when the runtime's members and this file disagree.

extension RuntimeContract {
    /// The public member names each runtime type hands on to the generated types that subclass it or conform
    /// to it: its own, those of protocol extensions, and every requirement and extension member of the
    /// protocols it conforms to, standard-library ones included (`Hashable.hashValue`), as base names
    /// (`hash(into:)` → `hash`).
    static let inheritedMembers: [TypeName: Set<String>] = [
        .entity: [
            "ID", "acceptChanges", "alternateKeys", "attributeName", "attributes", "changedAttributeNames", "contains",
            "debugDescription", "discardChanges", "displayCollectionName", "displayName", "displayNameTable", "eTag",
            "entityLogicalName", "entityQualifiedName", "entitySetName", "formattedValue", "formattedValues",
            "fullSizeImage", "getRelated", "getRelatedCollection", "getValue", "getValues", "hasChanged", "hash",
            "hashValue", "id", "keyAttributes", "logicalName", "mediaResource", "navigationMetadata", "navigationName",
            "objectTypeCode", "primaryIdAttribute", "primaryNameAttribute", "propertyMetadata", "recordId", "reference",
            "relatedEntities", "reload", "removeAttribute", "setRelated", "setRelatedCollection", "setValue",
            "setValues", "snapshot", "stream", "toEntity",
        ],
        .complexValue: [
            "attributeValue", "attributes", "hash", "hashValue", "propertyMetadata",
        ],
        .optionSetEnumeration: [
            "AllCases", "allCases", "attributeValue", "hash", "hashValue", "label", "options", "rawValue", "unknown",
        ],
        .edmEnumeration: [
            "AllCases", "allCases", "attributeValue", "edmTypeName", "hash", "hashValue", "memberNames", "rawValue",
        ],
        .edmFlagsEnumeration: [
            "ArrayLiteralElement", "Element", "RawValue", "attributeValue", "codingKey", "contains", "edmTypeName",
            "encode", "formIntersection", "formSymmetricDifference", "formUnion", "hash", "hashValue", "insert",
            "intersection", "isDisjoint", "isEmpty", "isStrictSubset", "isStrictSuperset", "isSubset", "isSuperset",
            "memberNames", "rawValue", "remove", "subtract", "subtracting", "symmetricDifference", "union", "update",
        ],
        .odataOperation: [
            "Response", "call", "response",
        ],
    ]
}
