/// A model element that carries vocabulary annotations, with typed access to the terms the
/// emitter uses. External `<Annotations>` targeting the element are merged in by the reader.
public protocol Annotatable { var annotations: [Annotation] { get } }

/// `Core.Permissions`: what a client may do with a property.
public enum Permission: String, Hashable, Sendable, Codable {
    /// `None`: no access.
    case none = "None"
    /// `Read`: read-only.
    case read = "Read"
    /// `Write`: write-only.
    case write = "Write"
    /// `ReadWrite`, or both `Read` and `Write`: full access.
    case readWrite = "ReadWrite"
}

/// Insert, update and delete capabilities of an entity set or navigation property;
/// nil where the metadata does not say.
public struct Capabilities: Hashable, Sendable, Codable {
    /// `InsertRestrictions/Insertable`; nil when not annotated.
    public var isInsertable: Bool?
    /// `UpdateRestrictions/Updatable`; nil when not annotated.
    public var isUpdatable: Bool?
    /// `DeleteRestrictions/Deletable`; nil when not annotated.
    public var isDeletable: Bool?
}

/// `Validation` terms on a property or parameter.
public struct ValidationRules: Hashable, Sendable, Codable {
    /// `Validation.Minimum`, as its lexical text; nil when not annotated.
    public var minimum: String?
    /// `Validation.Maximum`, as its lexical text; nil when not annotated.
    public var maximum: String?
    /// `Validation.Pattern`: a regular expression the value must match; nil when not annotated.
    public var pattern: String?
    /// The `Value` of each `Validation.AllowedValues` record; empty when not annotated.
    public var allowedValues: [String] = []
}

extension Annotatable {
    /// The unqualified annotation with this term, or the first qualified one.
    public func annotation(_ term: QualifiedName) -> Annotation? {
        annotations.first { $0.term == term && $0.qualifier == nil } ?? annotations.first { $0.term == term }
    }

    /// `Core.Description`.
    public var coreDescription: String? { annotation(VocabularyTerms.description)?.value.text }

    /// `Core.LongDescription`.
    public var longDescription: String? { annotation(VocabularyTerms.longDescription)?.value.text }

    /// `Core.Computed`: the service computes the value; clients cannot set it.
    public var isComputed: Bool { annotation(VocabularyTerms.computed)?.value.boolValue ?? false }

    /// `Core.Immutable`: settable on create, never on update.
    public var isImmutable: Bool { annotation(VocabularyTerms.immutable)?.value.boolValue ?? false }

    /// `Core.Permissions`, as flags spelled `Read Write` (4.01) or a single member.
    public var permissions: Permission? {
        guard let text = annotation(VocabularyTerms.permissions)?.value.text else { return nil }
        let members = Set(
            text.split(whereSeparator: { $0 == " " || $0 == "," })
                .map { member in member.split(separator: "/").last.map(String.init) ?? String(member) }
        )
        if members.contains("ReadWrite") || (members.contains("Read") && members.contains("Write")) {
            return .readWrite
        }
        if members.contains("Read") { return .read }
        if members.contains("Write") { return .write }
        return members.contains("None") ? Permission.none : nil
    }

    /// A display label: SAP's `Common.Label`.
    public var displayLabel: String? { annotation(VocabularyTerms.sapLabel)?.value.text }

    /// `Validation` terms.
    public var validation: ValidationRules {
        var rules = ValidationRules()
        rules.minimum = annotation(VocabularyTerms.minimum)?.value.text
        rules.maximum = annotation(VocabularyTerms.maximum)?.value.text
        rules.pattern = annotation(VocabularyTerms.pattern)?.value.text
        rules.allowedValues =
            annotation(VocabularyTerms.allowedValues)?.value.elements.compactMap { $0[property: "Value"]?.text } ?? []
        return rules
    }

    /// `Capabilities.InsertRestrictions`, `UpdateRestrictions` and `DeleteRestrictions`.
    public var capabilities: Capabilities {
        Capabilities(
            isInsertable: annotation(VocabularyTerms.insertRestrictions)?.value[property: "Insertable"]?.boolValue,
            isUpdatable: annotation(VocabularyTerms.updateRestrictions)?.value[property: "Updatable"]?.boolValue,
            isDeletable: annotation(VocabularyTerms.deleteRestrictions)?.value[property: "Deletable"]?.boolValue
        )
    }

    /// Alternate keys (`Core.AlternateKeys` or Dataverse's `OData.Community.Keys.V1.AlternateKeys`),
    /// each a list of property paths.
    public var alternateKeys: [[String]] {
        let value =
            annotation(VocabularyTerms.alternateKeys)?.value
            ?? annotation(VocabularyTerms.communityAlternateKeys)?.value
        guard let value else { return [] }
        return value.elements.map { key in
            (key[property: "Key"]?.elements ?? []).compactMap { $0[property: "Name"]?.text }
        }
    }
}

extension Property: Annotatable {}
extension NavigationProperty: Annotatable {}
extension EnumType: Annotatable {}
extension EnumType.Member: Annotatable {}
extension TypeDefinition: Annotatable {}
extension Term: Annotatable {}
extension Operation: Annotatable {}
extension Parameter: Annotatable {}
extension EntityContainer: Annotatable {}
extension EntitySet: Annotatable {}
extension Singleton: Annotatable {}
extension ActionImport: Annotatable {}
extension FunctionImport: Annotatable {}
extension Schema: Annotatable {}
