import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests sent with `URLSession` alone, to read or set a test server's state independently of the client under
/// test.
public enum PlainHTTP {
    /// Sends `method` to `url` with `json` as its body; the status and the JSON object of the answer, if any.
    public static func send(_ method: String, _ url: URL, json: [String: Any]? = nil, headers: [String: String] = [:])
        async throws -> (status: Int, body: [String: Any]?)
    {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, data.isEmpty ? nil : try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
