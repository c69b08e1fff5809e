import MobileSdkTesting

extension ScriptedTransport.Reply {
    /// A JSON response with a payload from `Payloads/`.
    static func payload(_ name: String, status: Int = 200, headers: [String: String] = [:]) -> Self {
        var fields = ["Content-Type": "application/json; odata.metadata=minimal"]
        fields.merge(headers) { $1 }
        return .json(Payloads.data(name), status: status, headers: fields)
    }
}
