import Foundation
import MobileSdk

/// The organization service's messages the Dynamics CRM Mobile SDK typed, beyond create, read, update, delete and
/// `SetState`: each a request with its parameters typed and, where the message has results, a typed response.
/// They live in this namespace so that they never collide with the requests generated from a Web API `$metadata`
/// (`WinOpportunityRequest`), which an app uses instead where the server has the Web API — over SOAP too.
///
/// An option-set parameter takes an `OptionSetValue`: an integer literal, or a generated enum's case through
/// `OptionSetValue(OpportunityStatusCode.won)`.
public enum OrganizationMessages {

    /// `AddItemCampaign`: adds an item (a product, sales literature…) to a campaign.
    public struct AddItemCampaignRequest: OrganizationMessage {
        /// `CampaignId`.
        public var campaignId: UUID
        /// `EntityId`.
        public var entityId: UUID
        /// `EntityName`.
        public var entityName: String

        /// The message with its parameters.
        public init(campaignId: UUID, entityId: UUID, entityName: String) {
            self.campaignId = campaignId
            self.entityId = entityId
            self.entityName = entityName
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "AddItemCampaign",
                parameters: [
                    "CampaignId": .attribute(.guid(campaignId)), "EntityId": .attribute(.guid(entityId)),
                    "EntityName": .attribute(.string(entityName)),
                ]
            )
        }
    }

    /// `AddListMembersList`: adds members to a marketing list.
    public struct AddListMembersListRequest: OrganizationMessage {
        /// `ListId`.
        public var listId: UUID
        /// `MemberIds`.
        public var memberIds: [UUID]

        /// The message with its parameters.
        public init(listId: UUID, memberIds: [UUID]) {
            self.listId = listId
            self.memberIds = memberIds
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "AddListMembersList",
                parameters: ["ListId": .attribute(.guid(listId)), "MemberIds": .guids(memberIds)]
            )
        }
    }

    /// `AddMemberList`: adds one member to a marketing list.
    public struct AddMemberListRequest: OrganizationMessage {
        /// `ListId`.
        public var listId: UUID
        /// `EntityId`.
        public var entityId: UUID

        /// The message with its parameters.
        public init(listId: UUID, entityId: UUID) {
            self.listId = listId
            self.entityId = entityId
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "AddMemberList",
                parameters: ["ListId": .attribute(.guid(listId)), "EntityId": .attribute(.guid(entityId))]
            )
        }

        /// `Id`.
        public static func response(from response: OrganizationResponse) throws -> UUID { try response.value("Id") }
    }

    /// `AddPrincipalToQueue`: gives a user or team access to a queue.
    public struct AddPrincipalToQueueRequest: OrganizationMessage {
        /// `QueueId`.
        public var queueId: UUID
        /// `Principal`.
        public var principal: Entity

        /// The message with its parameters.
        public init(queueId: UUID, principal: Entity) {
            self.queueId = queueId
            self.principal = principal
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "AddPrincipalToQueue",
                parameters: ["QueueId": .attribute(.guid(queueId)), "Principal": .entity(principal)]
            )
        }
    }

    /// `AddProductToKit`: adds a product to a kit.
    public struct AddProductToKitRequest: OrganizationMessage {
        /// `KitId`.
        public var kitId: UUID
        /// `ProductId`.
        public var productId: UUID

        /// The message with its parameters.
        public init(kitId: UUID, productId: UUID) {
            self.kitId = kitId
            self.productId = productId
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "AddProductToKit",
                parameters: ["KitId": .attribute(.guid(kitId)), "ProductId": .attribute(.guid(productId))]
            )
        }
    }

    /// `AddRecurrence`: makes an appointment the first of a recurring series.
    public struct AddRecurrenceRequest: OrganizationMessage {
        /// `Target`.
        public var target: Entity
        /// `AppointmentId`.
        public var appointmentId: UUID

        /// The message with its parameters.
        public init(target: Entity, appointmentId: UUID) {
            self.target = target
            self.appointmentId = appointmentId
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "AddRecurrence",
                parameters: ["Target": .entity(target), "AppointmentId": .attribute(.guid(appointmentId))]
            )
        }

        /// `id`.
        public static func response(from response: OrganizationResponse) throws -> UUID { try response.value("id") }
    }

    /// `AddToQueue`: moves a record into a queue.
    public struct AddToQueueRequest: OrganizationMessage {
        /// `Target`.
        public var target: EntityReference
        /// `DestinationQueueId`.
        public var destinationQueueId: UUID
        /// `SourceQueueId`.
        public var sourceQueueId: UUID?
        /// `QueueItemProperties`.
        public var queueItemProperties: Entity?

        /// The message with its parameters.
        public init(
            target: EntityReference,
            destinationQueueId: UUID,
            sourceQueueId: UUID? = nil,
            queueItemProperties: Entity? = nil
        ) {
            self.target = target
            self.destinationQueueId = destinationQueueId
            self.sourceQueueId = sourceQueueId
            self.queueItemProperties = queueItemProperties
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            var request = OrganizationRequest(
                name: "AddToQueue",
                parameters: [
                    "Target": .attribute(.entityReference(target)),
                    "DestinationQueueId": .attribute(.guid(destinationQueueId)),
                ]
            )
            if let sourceQueueId { request["SourceQueueId"] = .attribute(.guid(sourceQueueId)) }
            if let queueItemProperties { request["QueueItemProperties"] = .entity(queueItemProperties) }
            return request
        }

        /// `QueueItemId`.
        public static func response(from response: OrganizationResponse) throws -> UUID {
            try response.value("QueueItemId")
        }
    }

    /// `Assign`: gives a record to another user or team.
    public struct AssignRequest: OrganizationMessage {
        /// `Target`.
        public var target: EntityReference
        /// `Assignee`.
        public var assignee: EntityReference

        /// The message with its parameters.
        public init(target: EntityReference, assignee: EntityReference) {
            self.target = target
            self.assignee = assignee
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "Assign",
                parameters: [
                    "Target": .attribute(.entityReference(target)), "Assignee": .attribute(.entityReference(assignee)),
                ]
            )
        }
    }

    /// `AssociateEntities`: links two records through a many-to-many relationship.
    public struct AssociateEntitiesRequest: OrganizationMessage {
        /// `Moniker1`.
        public var moniker1: EntityReference
        /// `Moniker2`.
        public var moniker2: EntityReference
        /// `RelationshipName`.
        public var relationshipName: String

        /// The message with its parameters.
        public init(moniker1: EntityReference, moniker2: EntityReference, relationshipName: String) {
            self.moniker1 = moniker1
            self.moniker2 = moniker2
            self.relationshipName = relationshipName
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "AssociateEntities",
                parameters: [
                    "Moniker1": .attribute(.entityReference(moniker1)),
                    "Moniker2": .attribute(.entityReference(moniker2)),
                    "RelationshipName": .attribute(.string(relationshipName)),
                ]
            )
        }
    }

    /// `BackgroundSendEmail`: sends the e-mail activities a query selects, from the e-mail router.
    public struct BackgroundSendEmailRequest: OrganizationMessage {
        /// `Query`.
        public var query: OrganizationValue

        /// The message with its parameters.
        public init(query: OrganizationValue) { self.query = query }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(name: "BackgroundSendEmail", parameters: ["Query": query])
        }

        /// `EntityCollection`.
        public static func response(from response: OrganizationResponse) throws -> EntityCollection {
            try response.entityCollection("EntityCollection")
        }
    }

    /// `Book`: schedules an appointment or service activity.
    public struct BookRequest: OrganizationMessage {
        /// `Target`.
        public var target: Entity
        /// `ReturnNotifications`.
        public var returnNotifications: Bool

        /// The message with its parameters.
        public init(target: Entity, returnNotifications: Bool) {
            self.target = target
            self.returnNotifications = returnNotifications
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "Book",
                parameters: [
                    "Target": .entity(target), "ReturnNotifications": .attribute(.boolean(returnNotifications)),
                ]
            )
        }

        /// `ValidationResult`.
        public static func response(from response: OrganizationResponse) throws -> ValidationResult {
            try response.validationResult("ValidationResult")
        }
    }

    /// `CancelContract`: cancels a contract.
    public struct CancelContractRequest: OrganizationMessage {
        /// `ContractId`.
        public var contractId: UUID
        /// `CancelDate`.
        public var cancelDate: Date
        /// `Status`.
        public var status: OptionSetValue

        /// The message with its parameters.
        public init(contractId: UUID, cancelDate: Date, status: OptionSetValue) {
            self.contractId = contractId
            self.cancelDate = cancelDate
            self.status = status
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "CancelContract",
                parameters: [
                    "ContractId": .attribute(.guid(contractId)), "CancelDate": .attribute(.dateTimeOffset(cancelDate)),
                    "Status": .attribute(.optionSetValue(status)),
                ]
            )
        }
    }

    /// `CancelSalesOrder`: cancels a sales order.
    public struct CancelSalesOrderRequest: OrganizationMessage {
        /// `OrderClose`.
        public var orderClose: Entity
        /// `Status`.
        public var status: OptionSetValue

        /// The message with its parameters.
        public init(orderClose: Entity, status: OptionSetValue) {
            self.orderClose = orderClose
            self.status = status
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "CancelSalesOrder",
                parameters: ["OrderClose": .entity(orderClose), "Status": .attribute(.optionSetValue(status))]
            )
        }
    }

    /// `CheckIncomingEmail`: asks whether an incoming e-mail should be delivered.
    public struct CheckIncomingEmailRequest: OrganizationMessage {
        /// `MessageId`.
        public var messageId: String
        /// `Subject`.
        public var subject: String
        /// `From`.
        public var from: String
        /// `To`.
        public var to: String
        /// `Cc`.
        public var cc: String
        /// `Bcc`.
        public var bcc: String

        /// The message with its parameters.
        public init(messageId: String, subject: String, from: String, to: String, cc: String, bcc: String) {
            self.messageId = messageId
            self.subject = subject
            self.from = from
            self.to = to
            self.cc = cc
            self.bcc = bcc
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "CheckIncomingEmail",
                parameters: [
                    "MessageId": .attribute(.string(messageId)), "Subject": .attribute(.string(subject)),
                    "From": .attribute(.string(self.from)), "To": .attribute(.string(to)),
                    "Cc": .attribute(.string(cc)), "Bcc": .attribute(.string(bcc)),
                ]
            )
        }

        /// The message's results.
        public struct Response: Sendable {
            /// `ShouldDeliver`.
            public var shouldDeliver: Bool
            /// `ReasonCode`.
            public var reasonCode: Int32
        }

        /// Reads the results.
        public static func response(from response: OrganizationResponse) throws -> Response {
            Response(shouldDeliver: try response.value("ShouldDeliver"), reasonCode: try response.value("ReasonCode"))
        }
    }

    /// `CheckPromoteEmail`: asks whether an e-mail should be promoted to an activity.
    public struct CheckPromoteEmailRequest: OrganizationMessage {
        /// `MessageId`.
        public var messageId: String
        /// `Subject`.
        public var subject: String

        /// The message with its parameters.
        public init(messageId: String, subject: String) {
            self.messageId = messageId
            self.subject = subject
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "CheckPromoteEmail",
                parameters: ["MessageId": .attribute(.string(messageId)), "Subject": .attribute(.string(subject))]
            )
        }

        /// The message's results.
        public struct Response: Sendable {
            /// `ShouldPromote`.
            public var shouldPromote: Bool
            /// `ReasonCode`.
            public var reasonCode: Int32
        }

        /// Reads the results.
        public static func response(from response: OrganizationResponse) throws -> Response {
            Response(shouldPromote: try response.value("ShouldPromote"), reasonCode: try response.value("ReasonCode"))
        }
    }

    /// `CloneContract`: copies a contract and its lines.
    public struct CloneContractRequest: OrganizationMessage {
        /// `ContractId`.
        public var contractId: UUID
        /// `IncludeCanceledLines`.
        public var includeCanceledLines: Bool

        /// The message with its parameters.
        public init(contractId: UUID, includeCanceledLines: Bool) {
            self.contractId = contractId
            self.includeCanceledLines = includeCanceledLines
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "CloneContract",
                parameters: [
                    "ContractId": .attribute(.guid(contractId)),
                    "IncludeCanceledLines": .attribute(.boolean(includeCanceledLines)),
                ]
            )
        }

        /// `Entity`.
        public static func response(from response: OrganizationResponse) throws -> Entity {
            try response.entity("Entity")
        }
    }

    /// `CloseIncident`: resolves a case.
    public struct CloseIncidentRequest: OrganizationMessage {
        /// `IncidentResolution`.
        public var incidentResolution: Entity
        /// `Status`.
        public var status: OptionSetValue

        /// The message with its parameters.
        public init(incidentResolution: Entity, status: OptionSetValue) {
            self.incidentResolution = incidentResolution
            self.status = status
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "CloseIncident",
                parameters: [
                    "IncidentResolution": .entity(incidentResolution), "Status": .attribute(.optionSetValue(status)),
                ]
            )
        }
    }

    /// `CloseQuote`: closes a quote.
    public struct CloseQuoteRequest: OrganizationMessage {
        /// `QuoteClose`.
        public var quoteClose: Entity
        /// `Status`.
        public var status: OptionSetValue

        /// The message with its parameters.
        public init(quoteClose: Entity, status: OptionSetValue) {
            self.quoteClose = quoteClose
            self.status = status
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "CloseQuote",
                parameters: ["QuoteClose": .entity(quoteClose), "Status": .attribute(.optionSetValue(status))]
            )
        }
    }

    /// `CopyDynamicListToStatic`: makes a static marketing list of a dynamic one.
    public struct CopyDynamicListToStaticRequest: OrganizationMessage {
        /// `ListId`.
        public var listId: UUID

        /// The message with its parameters.
        public init(listId: UUID) { self.listId = listId }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(name: "CopyDynamicListToStatic", parameters: ["ListId": .attribute(.guid(listId))])
        }

        /// `StaticListId`.
        public static func response(from response: OrganizationResponse) throws -> UUID {
            try response.value("StaticListId")
        }
    }

    /// `CreateException`: makes an exception of one appointment of a recurring series.
    public struct CreateExceptionRequest: OrganizationMessage {
        /// `Target`.
        public var target: Entity
        /// `OriginalStartDate`.
        public var originalStartDate: Date
        /// `IsDeleted`.
        public var isDeleted: Bool

        /// The message with its parameters.
        public init(target: Entity, originalStartDate: Date, isDeleted: Bool) {
            self.target = target
            self.originalStartDate = originalStartDate
            self.isDeleted = isDeleted
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "CreateException",
                parameters: [
                    "Target": .entity(target), "OriginalStartDate": .attribute(.dateTimeOffset(originalStartDate)),
                    "IsDeleted": .attribute(.boolean(isDeleted)),
                ]
            )
        }

        /// `id`.
        public static func response(from response: OrganizationResponse) throws -> UUID { try response.value("id") }
    }

    /// `CreateInstance`: creates the next instances of a recurring appointment.
    public struct CreateInstanceRequest: OrganizationMessage {
        /// `Target`.
        public var target: Entity
        /// `Count`.
        public var count: Int32

        /// The message with its parameters.
        public init(target: Entity, count: Int32) {
            self.target = target
            self.count = count
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "CreateInstance",
                parameters: ["Target": .entity(target), "Count": .attribute(.int32(count))]
            )
        }

        /// `EntityCollection`.
        public static func response(from response: OrganizationResponse) throws -> EntityCollection {
            try response.entityCollection("EntityCollection")
        }
    }

    /// `DeleteOpenInstances`: deletes the open instances of a recurring appointment after a date.
    public struct DeleteOpenInstancesRequest: OrganizationMessage {
        /// `Target`.
        public var target: Entity
        /// `SeriesEndDate`.
        public var seriesEndDate: Date
        /// `StateOfPastInstances`.
        public var stateOfPastInstances: Int32

        /// The message with its parameters.
        public init(target: Entity, seriesEndDate: Date, stateOfPastInstances: Int32) {
            self.target = target
            self.seriesEndDate = seriesEndDate
            self.stateOfPastInstances = stateOfPastInstances
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "DeleteOpenInstances",
                parameters: [
                    "Target": .entity(target), "SeriesEndDate": .attribute(.dateTimeOffset(seriesEndDate)),
                    "StateOfPastInstances": .attribute(.int32(stateOfPastInstances)),
                ]
            )
        }
    }

    /// `DeliverIncomingEmail`: creates an e-mail activity from an incoming message.
    public struct DeliverIncomingEmailRequest: OrganizationMessage {
        /// `MessageId`.
        public var messageId: String
        /// `Subject`.
        public var subject: String
        /// `From`.
        public var from: String
        /// `To`.
        public var to: String
        /// `Cc`.
        public var cc: String
        /// `Bcc`.
        public var bcc: String
        /// `ReceivedOn`.
        public var receivedOn: Date
        /// `SubmittedBy`.
        public var submittedBy: String
        /// `Importance`.
        public var importance: String
        /// `Body`.
        public var body: String
        /// `Attachments`.
        public var attachments: EntityCollection

        /// The message with its parameters.
        public init(
            messageId: String,
            subject: String,
            from: String,
            to: String,
            cc: String,
            bcc: String,
            receivedOn: Date,
            submittedBy: String,
            importance: String,
            body: String,
            attachments: EntityCollection
        ) {
            self.messageId = messageId
            self.subject = subject
            self.from = from
            self.to = to
            self.cc = cc
            self.bcc = bcc
            self.receivedOn = receivedOn
            self.submittedBy = submittedBy
            self.importance = importance
            self.body = body
            self.attachments = attachments
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "DeliverIncomingEmail",
                parameters: [
                    "MessageId": .attribute(.string(messageId)), "Subject": .attribute(.string(subject)),
                    "From": .attribute(.string(self.from)), "To": .attribute(.string(to)),
                    "Cc": .attribute(.string(cc)), "Bcc": .attribute(.string(bcc)),
                    "ReceivedOn": .attribute(.dateTimeOffset(receivedOn)),
                    "SubmittedBy": .attribute(.string(submittedBy)), "Importance": .attribute(.string(importance)),
                    "Body": .attribute(.string(body)), "Attachments": .entityCollection(attachments),
                ]
            )
        }

        /// `EmailId`.
        public static func response(from response: OrganizationResponse) throws -> UUID {
            try response.value("EmailId")
        }
    }

    /// `DeliverPromoteEmail`: creates or updates an e-mail activity from a promoted message.
    public struct DeliverPromoteEmailRequest: OrganizationMessage {
        /// `EmailId`.
        public var emailId: UUID
        /// `MessageId`.
        public var messageId: String
        /// `Subject`.
        public var subject: String
        /// `From`.
        public var from: String
        /// `To`.
        public var to: String
        /// `Cc`.
        public var cc: String
        /// `Bcc`.
        public var bcc: String
        /// `ReceivedOn`.
        public var receivedOn: Date
        /// `SubmittedBy`.
        public var submittedBy: String
        /// `Importance`.
        public var importance: String
        /// `Body`.
        public var body: String
        /// `Attachments`.
        public var attachments: EntityCollection

        /// The message with its parameters.
        public init(
            emailId: UUID,
            messageId: String,
            subject: String,
            from: String,
            to: String,
            cc: String,
            bcc: String,
            receivedOn: Date,
            submittedBy: String,
            importance: String,
            body: String,
            attachments: EntityCollection
        ) {
            self.emailId = emailId
            self.messageId = messageId
            self.subject = subject
            self.from = from
            self.to = to
            self.cc = cc
            self.bcc = bcc
            self.receivedOn = receivedOn
            self.submittedBy = submittedBy
            self.importance = importance
            self.body = body
            self.attachments = attachments
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "DeliverPromoteEmail",
                parameters: [
                    "EmailId": .attribute(.guid(emailId)), "MessageId": .attribute(.string(messageId)),
                    "Subject": .attribute(.string(subject)), "From": .attribute(.string(self.from)),
                    "To": .attribute(.string(to)), "Cc": .attribute(.string(cc)), "Bcc": .attribute(.string(bcc)),
                    "ReceivedOn": .attribute(.dateTimeOffset(receivedOn)),
                    "SubmittedBy": .attribute(.string(submittedBy)), "Importance": .attribute(.string(importance)),
                    "Body": .attribute(.string(body)), "Attachments": .entityCollection(attachments),
                ]
            )
        }

        /// `EmailId`.
        public static func response(from response: OrganizationResponse) throws -> UUID {
            try response.value("EmailId")
        }
    }

    /// `DisassociateEntities`: removes the link two records have through a many-to-many relationship.
    public struct DisassociateEntitiesRequest: OrganizationMessage {
        /// `Moniker1`.
        public var moniker1: EntityReference
        /// `Moniker2`.
        public var moniker2: EntityReference
        /// `RelationshipName`.
        public var relationshipName: String

        /// The message with its parameters.
        public init(moniker1: EntityReference, moniker2: EntityReference, relationshipName: String) {
            self.moniker1 = moniker1
            self.moniker2 = moniker2
            self.relationshipName = relationshipName
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "DisassociateEntities",
                parameters: [
                    "Moniker1": .attribute(.entityReference(moniker1)),
                    "Moniker2": .attribute(.entityReference(moniker2)),
                    "RelationshipName": .attribute(.string(relationshipName)),
                ]
            )
        }
    }

    /// `LockInvoicePricing`: freezes the prices of an invoice.
    public struct LockInvoicePricingRequest: OrganizationMessage {
        /// `InvoiceId`.
        public var invoiceId: UUID

        /// The message with its parameters.
        public init(invoiceId: UUID) { self.invoiceId = invoiceId }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(name: "LockInvoicePricing", parameters: ["InvoiceId": .attribute(.guid(invoiceId))])
        }
    }

    /// `LockSalesOrderPricing`: freezes the prices of a sales order.
    public struct LockSalesOrderPricingRequest: OrganizationMessage {
        /// `SalesOrderId`.
        public var salesOrderId: UUID

        /// The message with its parameters.
        public init(salesOrderId: UUID) { self.salesOrderId = salesOrderId }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "LockSalesOrderPricing",
                parameters: ["SalesOrderId": .attribute(.guid(salesOrderId))]
            )
        }
    }

    /// `LoseOpportunity`: closes an opportunity as lost.
    public struct LoseOpportunityRequest: OrganizationMessage {
        /// `OpportunityClose`.
        public var opportunityClose: Entity
        /// `Status`.
        public var status: OptionSetValue

        /// The message with its parameters.
        public init(opportunityClose: Entity, status: OptionSetValue) {
            self.opportunityClose = opportunityClose
            self.status = status
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "LoseOpportunity",
                parameters: [
                    "OpportunityClose": .entity(opportunityClose), "Status": .attribute(.optionSetValue(status)),
                ]
            )
        }
    }

    /// `Merge`: merges one record into another of the same kind.
    public struct MergeRequest: OrganizationMessage {
        /// `Target`.
        public var target: EntityReference
        /// `SubordinateId`.
        public var subordinateId: UUID
        /// `UpdateContent`.
        public var updateContent: Entity
        /// `PerformParentingChecks`.
        public var performParentingChecks: Bool

        /// The message with its parameters.
        public init(target: EntityReference, subordinateId: UUID, updateContent: Entity, performParentingChecks: Bool) {
            self.target = target
            self.subordinateId = subordinateId
            self.updateContent = updateContent
            self.performParentingChecks = performParentingChecks
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "Merge",
                parameters: [
                    "Target": .attribute(.entityReference(target)), "SubordinateId": .attribute(.guid(subordinateId)),
                    "UpdateContent": .entity(updateContent),
                    "PerformParentingChecks": .attribute(.boolean(performParentingChecks)),
                ]
            )
        }
    }

    /// `PickFromQueue`: assigns a queue item to a user.
    public struct PickFromQueueRequest: OrganizationMessage {
        /// `QueueItemId`.
        public var queueItemId: UUID
        /// `WorkerId`.
        public var workerId: UUID
        /// `RemoveQueueItem`.
        public var removeQueueItem: Bool

        /// The message with its parameters.
        public init(queueItemId: UUID, workerId: UUID, removeQueueItem: Bool) {
            self.queueItemId = queueItemId
            self.workerId = workerId
            self.removeQueueItem = removeQueueItem
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "PickFromQueue",
                parameters: [
                    "QueueItemId": .attribute(.guid(queueItemId)), "WorkerId": .attribute(.guid(workerId)),
                    "RemoveQueueItem": .attribute(.boolean(removeQueueItem)),
                ]
            )
        }
    }

    /// `QualifyLead`: qualifies a lead, creating an account, contact or opportunity from it.
    public struct QualifyLeadRequest: OrganizationMessage {
        /// `LeadId`.
        public var leadId: EntityReference
        /// `CreateAccount`.
        public var createAccount: Bool
        /// `CreateContact`.
        public var createContact: Bool
        /// `CreateOpportunity`.
        public var createOpportunity: Bool
        /// `Status`.
        public var status: OptionSetValue
        /// `OpportunityCurrencyId`.
        public var opportunityCurrencyId: EntityReference?
        /// `OpportunityCustomerId`.
        public var opportunityCustomerId: EntityReference?
        /// `SourceCampaignId`.
        public var sourceCampaignId: EntityReference?

        /// The message with its parameters.
        public init(
            leadId: EntityReference,
            createAccount: Bool,
            createContact: Bool,
            createOpportunity: Bool,
            status: OptionSetValue,
            opportunityCurrencyId: EntityReference? = nil,
            opportunityCustomerId: EntityReference? = nil,
            sourceCampaignId: EntityReference? = nil
        ) {
            self.leadId = leadId
            self.createAccount = createAccount
            self.createContact = createContact
            self.createOpportunity = createOpportunity
            self.status = status
            self.opportunityCurrencyId = opportunityCurrencyId
            self.opportunityCustomerId = opportunityCustomerId
            self.sourceCampaignId = sourceCampaignId
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            var request = OrganizationRequest(
                name: "QualifyLead",
                parameters: [
                    "LeadId": .attribute(.entityReference(leadId)),
                    "CreateAccount": .attribute(.boolean(createAccount)),
                    "CreateContact": .attribute(.boolean(createContact)),
                    "CreateOpportunity": .attribute(.boolean(createOpportunity)),
                    "Status": .attribute(.optionSetValue(status)),
                ]
            )
            if let opportunityCurrencyId {
                request["OpportunityCurrencyId"] = .attribute(.entityReference(opportunityCurrencyId))
            }
            if let opportunityCustomerId {
                request["OpportunityCustomerId"] = .attribute(.entityReference(opportunityCustomerId))
            }
            if let sourceCampaignId { request["SourceCampaignId"] = .attribute(.entityReference(sourceCampaignId)) }
            return request
        }

        /// `CreatedEntities`.
        public static func response(from response: OrganizationResponse) throws -> [EntityReference] {
            try response.entityReferences("CreatedEntities")
        }
    }

    /// `Recalculate`: recalculates the totals of an opportunity, quote, order or invoice.
    public struct RecalculateRequest: OrganizationMessage {
        /// `Target`.
        public var target: EntityReference

        /// The message with its parameters.
        public init(target: EntityReference) { self.target = target }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(name: "Recalculate", parameters: ["Target": .attribute(.entityReference(target))])
        }
    }

    /// `ReleaseToQueue`: releases a queue item back to its queue.
    public struct ReleaseToQueueRequest: OrganizationMessage {
        /// `QueueItemId`.
        public var queueItemId: UUID

        /// The message with its parameters.
        public init(queueItemId: UUID) { self.queueItemId = queueItemId }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(name: "ReleaseToQueue", parameters: ["QueueItemId": .attribute(.guid(queueItemId))])
        }
    }

    /// `RemoveFromQueue`: removes an item from its queue.
    public struct RemoveFromQueueRequest: OrganizationMessage {
        /// `QueueItemId`.
        public var queueItemId: UUID

        /// The message with its parameters.
        public init(queueItemId: UUID) { self.queueItemId = queueItemId }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(name: "RemoveFromQueue", parameters: ["QueueItemId": .attribute(.guid(queueItemId))])
        }
    }

    /// `RemoveItemCampaign`: removes an item from a campaign.
    public struct RemoveItemCampaignRequest: OrganizationMessage {
        /// `CampaignId`.
        public var campaignId: UUID
        /// `EntityId`.
        public var entityId: UUID

        /// The message with its parameters.
        public init(campaignId: UUID, entityId: UUID) {
            self.campaignId = campaignId
            self.entityId = entityId
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "RemoveItemCampaign",
                parameters: ["CampaignId": .attribute(.guid(campaignId)), "EntityId": .attribute(.guid(entityId))]
            )
        }
    }

    /// `RemoveMemberList`: removes a member from a marketing list.
    public struct RemoveMemberListRequest: OrganizationMessage {
        /// `ListId`.
        public var listId: UUID
        /// `EntityId`.
        public var entityId: UUID

        /// The message with its parameters.
        public init(listId: UUID, entityId: UUID) {
            self.listId = listId
            self.entityId = entityId
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "RemoveMemberList",
                parameters: ["ListId": .attribute(.guid(listId)), "EntityId": .attribute(.guid(entityId))]
            )
        }
    }

    /// `RemovePrivilegeRole`: removes a privilege from a security role.
    public struct RemovePrivilegeRoleRequest: OrganizationMessage {
        /// `RoleId`.
        public var roleId: UUID
        /// `PrivilegeId`.
        public var privilegeId: UUID

        /// The message with its parameters.
        public init(roleId: UUID, privilegeId: UUID) {
            self.roleId = roleId
            self.privilegeId = privilegeId
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "RemovePrivilegeRole",
                parameters: ["RoleId": .attribute(.guid(roleId)), "PrivilegeId": .attribute(.guid(privilegeId))]
            )
        }
    }

    /// `RemoveRelated`: removes the links between records of a one-to-many relationship.
    public struct RemoveRelatedRequest: OrganizationMessage {
        /// `Target`.
        public var target: [EntityReference]

        /// The message with its parameters.
        public init(target: [EntityReference]) { self.target = target }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(name: "RemoveRelated", parameters: ["Target": .entityReferenceArray(target)])
        }
    }

    /// `ReplacePrivilegesRole`: replaces the privileges of a security role.
    public struct ReplacePrivilegesRoleRequest: OrganizationMessage {
        /// `RoleId`.
        public var roleId: UUID
        /// `Privileges`.
        public var privileges: [RolePrivilege]

        /// The message with its parameters.
        public init(roleId: UUID, privileges: [RolePrivilege]) {
            self.roleId = roleId
            self.privileges = privileges
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "ReplacePrivilegesRole",
                parameters: ["RoleId": .attribute(.guid(roleId)), "Privileges": .rolePrivileges(privileges)]
            )
        }
    }

    /// `Reschedule`: moves an appointment or service activity to another time.
    public struct RescheduleRequest: OrganizationMessage {
        /// `Target`.
        public var target: Entity
        /// `ReturnNotifications`.
        public var returnNotifications: Bool

        /// The message with its parameters.
        public init(target: Entity, returnNotifications: Bool) {
            self.target = target
            self.returnNotifications = returnNotifications
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "Reschedule",
                parameters: [
                    "Target": .entity(target), "ReturnNotifications": .attribute(.boolean(returnNotifications)),
                ]
            )
        }

        /// `ValidationResult`.
        public static func response(from response: OrganizationResponse) throws -> ValidationResult {
            try response.validationResult("ValidationResult")
        }
    }

    /// `RetrieveUserQueues`: the queues a user is a member of.
    public struct RetrieveUserQueuesRequest: OrganizationMessage {
        /// `UserId`.
        public var userId: UUID
        /// `IncludePublic`.
        public var includePublic: Bool

        /// The message with its parameters.
        public init(userId: UUID, includePublic: Bool) {
            self.userId = userId
            self.includePublic = includePublic
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "RetrieveUserQueues",
                parameters: ["UserId": .attribute(.guid(userId)), "IncludePublic": .attribute(.boolean(includePublic))]
            )
        }

        /// `EntityCollection`.
        public static func response(from response: OrganizationResponse) throws -> EntityCollection {
            try response.entityCollection("EntityCollection")
        }
    }

    /// `RouteTo`: routes a queue item to a queue, user or team.
    public struct RouteToRequest: OrganizationMessage {
        /// `Target`.
        public var target: EntityReference
        /// `QueueItemId`.
        public var queueItemId: UUID

        /// The message with its parameters.
        public init(target: EntityReference, queueItemId: UUID) {
            self.target = target
            self.queueItemId = queueItemId
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "RouteTo",
                parameters: [
                    "Target": .attribute(.entityReference(target)), "QueueItemId": .attribute(.guid(queueItemId)),
                ]
            )
        }
    }

    /// `SendEmail`: sends an e-mail activity.
    public struct SendEmailRequest: OrganizationMessage {
        /// `EmailId`.
        public var emailId: UUID
        /// `IssueSend`.
        public var issueSend: Bool
        /// `TrackingToken`.
        public var trackingToken: String

        /// The message with its parameters.
        public init(emailId: UUID, issueSend: Bool, trackingToken: String) {
            self.emailId = emailId
            self.issueSend = issueSend
            self.trackingToken = trackingToken
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "SendEmail",
                parameters: [
                    "EmailId": .attribute(.guid(emailId)), "IssueSend": .attribute(.boolean(issueSend)),
                    "TrackingToken": .attribute(.string(trackingToken)),
                ]
            )
        }

        /// `Subject`.
        public static func response(from response: OrganizationResponse) throws -> String {
            try response.value("Subject")
        }
    }

    /// `SendFax`: sends a fax activity.
    public struct SendFaxRequest: OrganizationMessage {
        /// `FaxId`.
        public var faxId: UUID
        /// `IssueSend`.
        public var issueSend: Bool

        /// The message with its parameters.
        public init(faxId: UUID, issueSend: Bool) {
            self.faxId = faxId
            self.issueSend = issueSend
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "SendFax",
                parameters: ["FaxId": .attribute(.guid(faxId)), "IssueSend": .attribute(.boolean(issueSend))]
            )
        }
    }

    /// `SetRelated`: links records through a one-to-many relationship.
    public struct SetRelatedRequest: OrganizationMessage {
        /// `Target`.
        public var target: [EntityReference]

        /// The message with its parameters.
        public init(target: [EntityReference]) { self.target = target }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(name: "SetRelated", parameters: ["Target": .entityReferenceArray(target)])
        }
    }

    /// `ValidateRecurrenceRule`: checks a recurrence rule.
    public struct ValidateRecurrenceRuleRequest: OrganizationMessage {
        /// `Target`.
        public var target: Entity

        /// The message with its parameters.
        public init(target: Entity) { self.target = target }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(name: "ValidateRecurrenceRule", parameters: ["Target": .entity(target)])
        }

        /// The message's results.
        public struct Response: Sendable {
            /// `IsValid`.
            public var isValid: Bool
            /// `ErrorCode`.
            public var errorCode: Int32
            /// `ErrorMessage`.
            public var errorMessage: String
        }

        /// Reads the results.
        public static func response(from response: OrganizationResponse) throws -> Response {
            Response(
                isValid: try response.value("IsValid"),
                errorCode: try response.value("ErrorCode"),
                errorMessage: try response.value("ErrorMessage")
            )
        }
    }

    /// `WinOpportunity`: closes an opportunity as won.
    public struct WinOpportunityRequest: OrganizationMessage {
        /// `OpportunityClose`.
        public var opportunityClose: Entity
        /// `Status`.
        public var status: OptionSetValue

        /// The message with its parameters.
        public init(opportunityClose: Entity, status: OptionSetValue) {
            self.opportunityClose = opportunityClose
            self.status = status
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "WinOpportunity",
                parameters: [
                    "OpportunityClose": .entity(opportunityClose), "Status": .attribute(.optionSetValue(status)),
                ]
            )
        }
    }

    /// `WinQuote`: closes a quote as won.
    public struct WinQuoteRequest: OrganizationMessage {
        /// `QuoteClose`.
        public var quoteClose: Entity
        /// `Status`.
        public var status: OptionSetValue

        /// The message with its parameters.
        public init(quoteClose: Entity, status: OptionSetValue) {
            self.quoteClose = quoteClose
            self.status = status
        }

        /// What the message sends.
        public var request: OrganizationRequest {
            OrganizationRequest(
                name: "WinQuote",
                parameters: ["QuoteClose": .entity(quoteClose), "Status": .attribute(.optionSetValue(status))]
            )
        }
    }

}
