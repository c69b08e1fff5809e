/// A property path in a query: `name`, `parentcustomerid_account/name`, `x0/fullname` inside a lambda. In OData v2,
/// Dynamics CRM's money, option set and lookup values are complex values whose value is a member (`Revenue/Value`).
public struct PropertyPath: Sendable {
    /// The payload names of the segments (a lambda's variable first inside its body); nil where a key path named no
    /// property of a generated class.
    public internal(set) var segments: [String?]
    /// The member OData v2 adds after the last segment, e.g. `Value`.
    public internal(set) var verboseMember: String?
    /// For a Dynamics party list of the query's own entity, the navigation property the Web API reads its parties
    /// through (`appointment_activity_parties`): selecting the list expands it in OData v4.
    var partiesNavigation: String?

    init(segments: [String?], verboseMember: String? = nil) {
        self.segments = segments
        self.verboseMember = verboseMember
    }

    /// The path of `keyPath` after `prefix`.
    static func of<Root: Entity>(_ keyPath: PartialKeyPath<Root>, after prefix: [String?] = []) -> PropertyPath {
        let resolved = PropertyPaths.resolve(keyPath)
        var path = path(resolved, after: prefix)
        if prefix.isEmpty, resolved?.payloadPath.count == 1, let metadata = resolved?.metadata,
            ActivityPartyNavigation.isPartyList(metadata), !Root.entityLogicalName.isEmpty
        {
            path.partiesNavigation = ActivityPartyNavigation.name(of: Root.entityLogicalName)
        }
        return path
    }

    /// The path of `keyPath` of a complex value after `prefix`, the path to the value.
    static func of<Root: ComplexValue>(_ keyPath: PartialKeyPath<Root>, after prefix: [String?]) -> PropertyPath {
        path(PropertyPaths.resolve(keyPath), after: prefix)
    }

    private static func path(_ resolved: PropertyPaths.Resolved?, after prefix: [String?]) -> PropertyPath {
        var member: String?
        if let metadata = resolved?.metadata, !metadata.isCollection {
            switch metadata.type {
            case .money, .optionSet: member = "Value"
            case .lookup: member = "Id"
            default: member = nil
            }
        }
        return PropertyPath(
            segments: prefix + (resolved.map { $0.payloadPath.map(Optional.some) } ?? [nil]),
            verboseMember: member
        )
    }

    /// The path in the URL syntax of `version`.
    public func text(_ version: ODataVersion) throws -> String {
        var names: [String] = []
        for segment in segments {
            guard let segment else {
                throw ODataEncodingError(
                    message: "a key path in the query does not read a property of a generated class"
                )
            }
            names.append(segment)
        }
        if version == .v2, let verboseMember { names.append(verboseMember) }
        return names.joined(separator: "/")
    }
}
