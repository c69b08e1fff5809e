import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import MobileSdkOrganizationService
import MobileSdkTesting
import ServiceAccess
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every public error type of the libraries, every case of it, as an alert shows it: `localizedDescription` is a
/// sentence of its own, never Foundation's generic "The operation could not be completed", never a type name.
///
/// Each type has samples and a `caseIndex` switch without a `default`: a new case does not compile until it has an
/// index, and fails `casesHaveSamples` until it has a sample. `everyPublicErrorTypeIsWalked` finds the types in the
/// sources, so a new type fails until it is listed here.
struct ErrorMessageTests {
    /// The types walked below, by the name they are declared with.
    static let walkedTypes: Set<String> = [
        "EntityConversionError", "JSONPayloadError", "ODataEncodingError", "PropertyTableError", "ODataClientError",
        "ODataServiceError", "SignInError", "KeychainError", "OfflineStoreError", "OrganizationServiceError",
        "OrganizationServiceFault", "OAuthRefusal", "Failure", "UnansweredRequest", "SyncFailure",
    ]

    // MARK: MobileSdk

    @Test func entityConversionError() {
        func caseIndex(_ error: EntityConversionError) -> Int {
            switch error {
            case .logicalNameMismatch: 0
            }
        }
        Self.walk([EntityConversionError.logicalNameMismatch(expected: "account", actual: "contact")], 1, caseIndex)
    }

    @Test func payloadAndEncodingErrors() {
        Self.walk(
            [JSONPayloadError(message: "expected a value", line: 3, column: 7), JSONPayloadError(message: "empty")],
            1,
            { _ in 0 }
        )
        Self.walk([ODataEncodingError(message: "a decimal is NaN, which OData cannot represent")], 1, { _ in 0 })
    }

    @Test func propertyTableError() throws {
        func caseIndex(_ error: PropertyTableError) -> Int {
            switch error.problem {
            case .noVersion: 0
            case .unknownVersion: 1
            case .unreadableLine: 2
            }
        }
        let samples = try ["name string", "version 99", "version 1\nthis is not a property"]
            .map { table in
                guard case .failure(let error) = PropertyMetadata.readTable(table) else {
                    throw TableReadError(table: table)
                }
                return error
            }
        Self.walk(samples, 3, caseIndex)
    }

    struct TableReadError: Error { var table: String }

    // MARK: MobileSdkClient

    @Test func odataClientError() {
        func caseIndex(_ error: ODataClientError) -> Int {
            switch error {
            case .insecureURL: 0
            case .foreignHost: 1
            case .redirected: 2
            case .authenticationFailed: 3
            case .invalidResponse: 4
            case .unexpectedResponse: 5
            case .unaddressable: 6
            case .invalidRequest: 7
            case .pagingInterrupted: 8
            case .notExecuted: 9
            case .unreachable: 10
            case .windowsAuthenticationUnavailable: 11
            }
        }
        let request = "GET https://contoso.example.com/odata/People"
        let samples: [ODataClientError] = [
            .insecureURL("http://contoso.example.com/odata/People"),
            .foreignHost(url: "https://elsewhere.example.org/odata/People?$skiptoken=2", request: request),
            .redirected(status: 302, location: "https://login.example.com/sign-in", request: request),
            .redirected(status: 301, location: nil, request: request),
            .authenticationFailed(status: 400, reason: "invalid_grant: the refresh token expired"),
            .authenticationFailed(status: 0, reason: ""),
            .invalidResponse(JSONPayloadError(message: "expected a value", line: 1, column: 1), request: request),
            .unexpectedResponse("the response has no OData-EntityId", request: request),
            .unaddressable("Person has no entity set; pass entitySet:"),
            .invalidRequest("action Reset takes no query options"),
            .pagingInterrupted(
                receivedCount: 2,
                nextLink: request + "?$skiptoken=2",
                underlying: ODataServiceError(
                    statusCode: 500,
                    code: "",
                    message: "The database is down.",
                    request: request
                )
            ), .notExecuted(request: request), .unreachable(reason: .offline, request: request),
            .unreachable(reason: .hostNotFound, request: request),
            .unreachable(reason: .cannotConnect, request: request),
            .windowsAuthenticationUnavailable(reason: .unsupportedPlatform, request: request),
            .windowsAuthenticationUnavailable(reason: .anotherUserSignedIn, request: request),
        ]
        Self.walk(samples, 12, caseIndex)
    }

    @Test func odataServiceError() {
        func caseIndex(_ error: ODataServiceError) -> Int {
            switch error.reason {
            case .conflict: 0
            case .throttled: 1
            case .notFound: 2
            case .unauthorized: 3
            case .forbidden: 4
            case .validation: 5
            case .serviceFailure: 6
            case .other: 7
            }
        }
        let statuses = [
            412: "Precondition Failed", 429: "Too Many Requests", 404: "Not Found", 401: "Unauthorized",
            403: "Forbidden", 400: "Bad Request", 500: "Internal Server Error", 418: "HTTP 418",
        ]
        let request = "PATCH https://contoso.example.com/odata/People('ada')"
        // As the client makes them from a response without an error payload: the reason phrase as the message.
        let bare = statuses.map { ODataServiceError(statusCode: $0.key, code: "", message: $0.value, request: request) }
        let empty = statuses.keys.map { ODataServiceError(statusCode: $0, code: "", message: "", request: request) }
        Self.walk(bare + empty, 8, caseIndex)
        for error in bare + empty {
            #expect(!error.localizedDescription.contains(String(error.statusCode)) || error.reason == .other)
        }
        // The service's own message is what an alert shows.
        let answered = ODataServiceError(
            statusCode: 404,
            code: "0x80040217",
            message: "Entity 'account' With Id = 1 Does Not Exist",
            request: request
        )
        #expect(answered.localizedDescription == "Entity 'account' With Id = 1 Does Not Exist")
    }

    @Test func signInError() {
        func caseIndex(_ error: SignInError) -> Int {
            switch error {
            case .signInRequired: 0
            case .cancelled: 1
            case .timedOut: 2
            case .refused: 3
            case .stateMismatch: 4
            case .missingCode: 5
            case .listenerFailed: 6
            }
        }
        let samples: [SignInError] = [
            .signInRequired, .cancelled, .timedOut, .refused(error: "access_denied", description: nil),
            .refused(error: "invalid_request", description: "AADSTS90014: The request lacks a parameter."),
            .refused(error: "server_error", description: nil), .stateMismatch, .missingCode, .listenerFailed(98),
        ]
        Self.walk(samples, 7, caseIndex)
    }

    // MARK: MobileSdkOffline

    @Test func offlineStoreError() {
        func caseIndex(_ error: OfflineStoreError) -> Int {
            switch error {
            case .notAStore: 0
            case .corruptStore: 1
            case .invalidValue: 2
            case .unsupportedQuery: 3
            case .unknownType: 4
            case .missingKey: 5
            case .modelChangedWithPendingRequests: 6
            case .notFound: 7
            case .unsupportedOffline: 8
            case .requestInFlight: 9
            case .noClient: 10
            case .storageFull: 11
            case .database: 12
            }
        }
        let samples: [OfflineStoreError] = [
            .notAStore(path: "/tmp/store.sqlite", reason: "file is not a database"),
            .corruptStore("a text in an integer column"), .invalidValue("the age 'old' is not a number"),
            .unsupportedQuery("the function geo.distance"), .unknownType("Airline"),
            .missingKey("the Person has no key"), .modelChangedWithPendingRequests("Age changed from Int32 to String"),
            .notFound("no Person 'ada' is kept"), .unsupportedOffline("actions need the service"),
            .requestInFlight("the change of 'ada' was sent"), .noClient, .storageFull("database or disk is full"),
            .database("database is locked"), .missingKey(""),
        ]
        Self.walk(samples, 13, caseIndex)
    }

    @Test func syncFailure() {
        func caseIndex(_ failure: SyncFailure) -> Int {
            switch failure.reason {
            case .unreachable: 0
            case .notAuthorized: 1
            case .service: 2
            case .store: 3
            case .other: 4
            }
        }
        struct Unexplained: Error {}
        let request = "GET https://example.com/odata/People"
        let samples = [
            SyncFailure(.download, error: ODataClientError.unreachable(reason: .offline, request: request)),
            SyncFailure(.upload, error: ODataServiceError(statusCode: 401, code: "", message: "", request: request)),
            SyncFailure(
                .upload,
                error: ODataServiceError(statusCode: 500, code: "0x1", message: "Boom.", request: request)
            ), SyncFailure(.download, error: OfflineStoreError.storageFull("database or disk is full")),
            SyncFailure(.download, error: Unexplained()),
        ]
        Self.walk(samples, 5, caseIndex)
    }

    // MARK: MobileSdkOrganizationService

    @Test func organizationServiceErrors() {
        func caseIndex(_ error: OrganizationServiceError) -> Int {
            switch error {
            case .unsupportedValue: 0
            case .invalidResponse: 1
            case .missingResult: 2
            }
        }
        let samples: [OrganizationServiceError] = [
            .unsupportedValue("a time of day"), .invalidResponse("not a SOAP envelope"), .missingResult("EntityId"),
        ]
        Self.walk(samples, 3, caseIndex)
        let faults = [
            OrganizationServiceFault(errorCode: -2_147_220_969, message: "account With Id = 1 Does Not Exist"),
            OrganizationServiceFault(errorCode: -2_147_220_969, message: ""),
        ]
        // The service's message as it wrote it: not made a sentence.
        Self.walk(faults, 1, { _ in 0 }, sentences: false)
        #expect(faults[0].localizedDescription == "account With Id = 1 Does Not Exist")
    }

    // MARK: ServiceAccess

    @Test func serviceAccessErrors() throws {
        let refusals = [
            OAuthRefusal(code: "invalid_grant", description: "The refresh token expired."),
            OAuthRefusal(code: "access_denied", description: nil),
        ]
        Self.walk(refusals, 1, { _ in 0 })

        func caseIndex(_ error: OwnerOnlyFile.Failure) -> Int {
            switch error.reason {
            case .untrusted: 0
            case .system: 1
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "error-messages-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file others may read is not trusted.
        let shared = folder.appendingPathComponent("shared")
        try Data("x".utf8).write(to: shared)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: shared.path)
        var failures: [OwnerOnlyFile.Failure] = []
        for file in [shared, shared.appendingPathComponent("token")] {
            // The second: a file under a file, which the system cannot open (ENOTDIR).
            do { _ = try OwnerOnlyFile(file).read() } catch let failure as OwnerOnlyFile.Failure {
                failures.append(failure)
            }
        }
        Self.walk(failures, 2, caseIndex)
    }

    // MARK: MobileSdkTesting

    @Test func unansweredRequest() {
        Self.walk([UnansweredRequest(request: "GET https://example.com/odata/People")], 1, { _ in 0 })
    }

    #if canImport(Security)
    @Test func keychainError() { Self.walk([KeychainError(status: errSecInteractionNotAllowed)], 1, { _ in 0 }) }
    #endif

    // MARK: The list

    /// The public types conforming to `Error` in the libraries' sources are the ones walked here, and the `package`
    /// ones (ServiceAccess's): an app never names them, but what they throw can reach it as `any Error`.
    @Test func everyPublicErrorTypeIsWalked() throws {
        let modules = [
            "MobileSdk", "MobileSdkClient", "MobileSdkOffline", "MobileSdkOrganizationService", "MobileSdkTesting",
            "ServiceAccess",
        ]
        let declaration = try Regex(
            #"(?:public|package) (?:final )?(?:struct|enum|class|actor) (\w+)[^{]*\b(?:Error|LocalizedError)\b"#
        )
        var found: Set<String> = []
        for module in modules {
            let folder = Paths.root.appendingPathComponent("Sources").appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    guard let match = line.firstMatch(of: declaration), let name = match.output[1].substring else {
                        continue
                    }
                    found.insert(String(name))
                }
            }
        }
        #expect(
            found == Self.walkedTypes,
            "walk every public error type: \(found.symmetricDifference(Self.walkedTypes))"
        )
    }

    // MARK: Checks

    /// Checks that `samples` cover the type's `count` cases, and that each reads as an alert should.
    static func walk<E: Error>(
        _ samples: [E],
        _ count: Int,
        _ caseIndex: (E) -> Int,
        sentences: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let covered = Set(samples.map(caseIndex))
        #expect(covered == Set(0..<count), "\(E.self): a case has no sample", sourceLocation: sourceLocation)
        for sample in samples { check(sample, sentence: sentences, sourceLocation: sourceLocation) }
    }

    /// A sentence an app can show: not empty, not Foundation's generic text, no type or module name, words rather
    /// than a bare number, and (unless it is the service's own message) a capital letter first and a full stop last.
    static func check<E: Error>(_ error: E, sentence: Bool, sourceLocation: SourceLocation) {
        let text = (error as any Error).localizedDescription
        let typeName = String(describing: E.self)
        #expect(!text.isEmpty, "\(typeName) \(error)", sourceLocation: sourceLocation)
        #expect(!text.contains("operation could not be completed"), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("operation couldn’t be completed"), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains(typeName), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains(String(reflecting: E.self)), "\(text)", sourceLocation: sourceLocation)
        #expect(text.filter(\.isLetter).count >= 10, "\(text)", sourceLocation: sourceLocation)
        guard sentence else { return }
        #expect(text.first?.isUppercase == true, "\(text)", sourceLocation: sourceLocation)
        #expect(text.last.map { ".!?".contains($0) } == true, "\(text)", sourceLocation: sourceLocation)
    }
}
