import Foundation
import ServiceAccess
import Testing

/// One `application/x-www-form-urlencoded` for the client's and the tool's OAuth requests (RFC 6749 appendix B).
struct FormEncodingTests {
    @Test func escapesAsHTMLFormsDo() {
        #expect(FormEncoding.escape("a-b_c.d*e") == "a-b_c.d*e")
        #expect(FormEncoding.escape("odata offline_access") == "odata%20offline_access")
        #expect(FormEncoding.escape("~/+&=%") == "%7E%2F%2B%26%3D%25")
        #expect(FormEncoding.escape("é") == "%C3%A9")
    }

    @Test func encodesFieldsInOrder() {
        let fields = [(name: "grant_type", value: "client_credentials"), (name: "scope", value: "a b")]
        #expect(FormEncoding.encode(fields) == "grant_type=client_credentials&scope=a%20b")
        #expect(FormEncoding.body(fields) == Data("grant_type=client_credentials&scope=a%20b".utf8))
    }
}
