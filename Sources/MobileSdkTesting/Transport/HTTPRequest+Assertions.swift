import Foundation
import MobileSdkClient

extension HTTPRequest {
    /// The body as UTF-8 text; empty when there is none.
    public var bodyText: String { body.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The body as a JSON object; empty when it is not one.
    public var bodyObject: [String: Any] {
        body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
    }

    /// The decoded value of the URL's first query item named `name` (`$filter`, say); nil when there is none.
    public func queryValue(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }
}
