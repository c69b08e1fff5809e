/// Qualified names of the vocabulary terms the generator understands.
public enum VocabularyTerms {
    /// Namespace of the OData Core vocabulary.
    public static let core = "Org.OData.Core.V1"
    /// Namespace of the OData Validation vocabulary.
    public static let validation = "Org.OData.Validation.V1"
    /// Namespace of the OData Capabilities vocabulary.
    public static let capabilities = "Org.OData.Capabilities.V1"
    /// Namespace of SAP's Common vocabulary.
    public static let sapCommon = "com.sap.vocabularies.Common.v1"
    /// Namespace of the OData community's Keys vocabulary, which Dataverse uses for alternate keys.
    public static let communityKeys = "OData.Community.Keys.V1"

    /// `Core.Description`: a short description (v2/v3 `<Documentation><Summary>` too).
    public static let description = QualifiedName(namespace: core, name: "Description")
    /// `Core.LongDescription`: a longer description (v2/v3 `<Documentation><LongDescription>` too).
    public static let longDescription = QualifiedName(namespace: core, name: "LongDescription")
    /// `Core.Computed`: the service computes the value; clients cannot set it.
    public static let computed = QualifiedName(namespace: core, name: "Computed")
    /// `Core.Immutable`: the value can be set on create, never on update.
    public static let immutable = QualifiedName(namespace: core, name: "Immutable")
    /// `Core.Permissions`: whether a client may read or write the value.
    public static let permissions = QualifiedName(namespace: core, name: "Permissions")
    /// `Core.AlternateKeys`: keys other than the declared one, each a list of property paths.
    public static let alternateKeys = QualifiedName(namespace: core, name: "AlternateKeys")
    /// `OData.Community.Keys.V1.AlternateKeys`: Dataverse's spelling of alternate keys.
    public static let communityAlternateKeys = QualifiedName(namespace: communityKeys, name: "AlternateKeys")
    /// `Validation.Minimum`: the smallest value allowed.
    public static let minimum = QualifiedName(namespace: validation, name: "Minimum")
    /// `Validation.Maximum`: the largest value allowed.
    public static let maximum = QualifiedName(namespace: validation, name: "Maximum")
    /// `Validation.Pattern`: a regular expression a string value must match.
    public static let pattern = QualifiedName(namespace: validation, name: "Pattern")
    /// `Validation.AllowedValues`: the values allowed, each a record with a `Value`.
    public static let allowedValues = QualifiedName(namespace: validation, name: "AllowedValues")
    /// `Capabilities.InsertRestrictions`: whether clients may insert, as its `Insertable` property.
    public static let insertRestrictions = QualifiedName(namespace: capabilities, name: "InsertRestrictions")
    /// `Capabilities.UpdateRestrictions`: whether clients may update, as its `Updatable` property.
    public static let updateRestrictions = QualifiedName(namespace: capabilities, name: "UpdateRestrictions")
    /// `Capabilities.DeleteRestrictions`: whether clients may delete, as its `Deletable` property.
    public static let deleteRestrictions = QualifiedName(namespace: capabilities, name: "DeleteRestrictions")
    /// `Common.Label` (SAP): a display label for the element.
    public static let sapLabel = QualifiedName(namespace: sapCommon, name: "Label")
}
