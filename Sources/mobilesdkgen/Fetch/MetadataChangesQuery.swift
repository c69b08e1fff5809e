import Foundation

/// The `RetrieveMetadataChanges` request with which `fetch` learns which entity definitions changed: the same query
/// every time (a version stamp applies only to the query it came from), asking for little — the entities' names and
/// their attributes', relationships' and keys' items, with the attributes' option sets, so that a change to any of
/// them names its entity — and for every kind of deleted item.
struct MetadataChangesQuery {
    /// The logical names of the entities asked about, sorted; nil for every entity of the organization.
    let logicalNames: [String]?

    /// The function's path and query under the service root, with `ClientVersionStamp` when there is a stamp.
    func path(since stamp: String?) -> String {
        var parameters = ["Query=@q", "DeletedMetadataFilters=@d"]
        var values = [("@q", query), ("@d", "Microsoft.Dynamics.CRM.DeletedMetadataFilters'All'")]
        if let stamp {
            parameters.append("ClientVersionStamp=@s")
            values.append(("@s", "'" + stamp.replacingOccurrences(of: "'", with: "''") + "'"))
        }
        let query = values.map { "\($0.0)=\(Self.escape($0.1))" }.joined(separator: "&")
        return "RetrieveMetadataChanges(\(parameters.joined(separator: ",")))?\(query)"
    }

    /// The `EntityQueryExpression`, as JSON.
    private var query: String {
        let entityProperties = [
            "LogicalName", "SchemaName", "Attributes", "Keys", "ManyToOneRelationships", "OneToManyRelationships",
            "ManyToManyRelationships",
        ]
        var members: [String] = []
        if let logicalNames {
            // A string-array value is written as its JSON text, as the Web API's samples show.
            let list = "[" + logicalNames.map { "\\\"\($0)\\\"" }.joined(separator: ",") + "]"
            members.append(
                """
                "Criteria":{"FilterOperator":"And","Conditions":[{"PropertyName":"LogicalName",\
                "ConditionOperator":"In","Value":{"Type":"System.String[]","Value":"\(list)"}}]}
                """
            )
        }
        members += [
            "\"Properties\":\(Self.properties(entityProperties))",
            "\"AttributeQuery\":{\"Properties\":\(Self.properties(["LogicalName", "OptionSet"]))}",
            "\"RelationshipQuery\":{\"Properties\":\(Self.properties(["SchemaName"]))}",
            "\"KeyQuery\":{\"Properties\":\(Self.properties(["LogicalName"]))}",
        ]
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func properties(_ names: [String]) -> String {
        "{\"AllProperties\":false,\"PropertyNames\":[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]}"
    }

    /// Percent-encodes a parameter alias's value for the query string.
    private static func escape(_ value: String) -> String {
        let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~'()!*,:@"
        )
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
