/// Qualified names of the vocabulary terms the generator understands.
public enum VocabularyTerms {
    public static let core = "Org.OData.Core.V1"
    public static let validation = "Org.OData.Validation.V1"
    public static let capabilities = "Org.OData.Capabilities.V1"
    public static let sapCommon = "com.sap.vocabularies.Common.v1"
    public static let communityKeys = "OData.Community.Keys.V1"

    public static let description = QualifiedName(namespace: core, name: "Description")
    public static let longDescription = QualifiedName(namespace: core, name: "LongDescription")
    public static let computed = QualifiedName(namespace: core, name: "Computed")
    public static let immutable = QualifiedName(namespace: core, name: "Immutable")
    public static let permissions = QualifiedName(namespace: core, name: "Permissions")
    public static let alternateKeys = QualifiedName(namespace: core, name: "AlternateKeys")
    public static let communityAlternateKeys = QualifiedName(namespace: communityKeys, name: "AlternateKeys")
    public static let minimum = QualifiedName(namespace: validation, name: "Minimum")
    public static let maximum = QualifiedName(namespace: validation, name: "Maximum")
    public static let pattern = QualifiedName(namespace: validation, name: "Pattern")
    public static let allowedValues = QualifiedName(namespace: validation, name: "AllowedValues")
    public static let insertRestrictions = QualifiedName(namespace: capabilities, name: "InsertRestrictions")
    public static let updateRestrictions = QualifiedName(namespace: capabilities, name: "UpdateRestrictions")
    public static let deleteRestrictions = QualifiedName(namespace: capabilities, name: "DeleteRestrictions")
    public static let sapLabel = QualifiedName(namespace: sapCommon, name: "Label")
}
