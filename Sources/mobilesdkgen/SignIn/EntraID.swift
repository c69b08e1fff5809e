import Foundation

/// Microsoft Entra ID's v2.0 endpoints for a tenant (`--tenant`), and the scope Dataverse expects by default: the
/// organization's origin followed by `/.default`, e.g. `https://contoso.crm.dynamics.com/.default`.
enum EntraID {
    /// A tenant id (GUID), a domain name, or `organizations`/`common`: letters, digits, dots and dashes.
    static func isValidTenant(_ tenant: String) -> Bool {
        !tenant.isEmpty && tenant.count <= 253 && !tenant.hasPrefix(".")
            && tenant.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-")
            }
    }

    static func tokenURL(tenant: String) -> URL? {
        URL(string: "https://login.microsoftonline.com/\(tenant)/oauth2/v2.0/token")
    }

    static func deviceAuthorizationURL(tenant: String) -> URL? {
        URL(string: "https://login.microsoftonline.com/\(tenant)/oauth2/v2.0/devicecode")
    }

    /// `scheme://host/.default` for the service.
    static func defaultScope(for serviceURL: URL) -> String? {
        guard let scheme = serviceURL.scheme?.lowercased(), let host = serviceURL.host?.lowercased(), !host.isEmpty
        else { return nil }
        return "\(scheme)://\(host)/.default"
    }
}
