import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import TestSupport
import Testing

@testable import MobileSdkOrganizationService

/// Each message of the seed SDK's set, sent to the organization service test server: every envelope validates
/// against the published schemas (the server refuses one that does not), and the results are read typed.
enum TypedMessageSamples {
    /// Each typed message with sample parameters, sent; what some read is checked by `everyMessageReadsItsResults`.
    static let all: [(String, @Sendable (OrganizationServiceClient) async throws -> Void)] = [
        (
            "AddItemCampaign",
            {
                try await $0.execute(
                    OrganizationMessages.AddItemCampaignRequest(
                        campaignId: UUID(),
                        entityId: UUID(),
                        entityName: "text <&>"
                    )
                )
            }
        ),
        (
            "AddListMembersList",
            {
                try await $0.execute(
                    OrganizationMessages.AddListMembersListRequest(listId: UUID(), memberIds: [UUID(), UUID()])
                )
            }
        ),
        (
            "AddMemberList",
            { try await $0.execute(OrganizationMessages.AddMemberListRequest(listId: UUID(), entityId: UUID())) }
        ),
        (
            "AddPrincipalToQueue",
            {
                try await $0.execute(
                    OrganizationMessages.AddPrincipalToQueueRequest(
                        queueId: UUID(),
                        principal: Entity(logicalName: "contract")
                    )
                )
            }
        ),
        (
            "AddProductToKit",
            { try await $0.execute(OrganizationMessages.AddProductToKitRequest(kitId: UUID(), productId: UUID())) }
        ),
        (
            "AddRecurrence",
            {
                try await $0.execute(
                    OrganizationMessages.AddRecurrenceRequest(
                        target: Entity(logicalName: "contract"),
                        appointmentId: UUID()
                    )
                )
            }
        ),
        (
            "AddToQueue",
            {
                try await $0.execute(
                    OrganizationMessages.AddToQueueRequest(
                        target: EntityReference(Account.self, id: UUID()),
                        destinationQueueId: UUID(),
                        sourceQueueId: UUID(),
                        queueItemProperties: Entity(logicalName: "contract")
                    )
                )
            }
        ),
        (
            "Assign",
            {
                try await $0.execute(
                    OrganizationMessages.AssignRequest(
                        target: EntityReference(Account.self, id: UUID()),
                        assignee: EntityReference(Account.self, id: UUID())
                    )
                )
            }
        ),
        (
            "AssociateEntities",
            {
                try await $0.execute(
                    OrganizationMessages.AssociateEntitiesRequest(
                        moniker1: EntityReference(Account.self, id: UUID()),
                        moniker2: EntityReference(Account.self, id: UUID()),
                        relationshipName: "text <&>"
                    )
                )
            }
        ),
        (
            "BackgroundSendEmail",
            {
                try await $0.execute(
                    OrganizationMessages.BackgroundSendEmailRequest(
                        query: .fetchExpression(#"<fetch><entity name="email"/></fetch>"#)
                    )
                )
            }
        ),
        (
            "Book",
            {
                try await $0.execute(
                    OrganizationMessages.BookRequest(target: Entity(logicalName: "contract"), returnNotifications: true)
                )
            }
        ),
        (
            "CancelContract",
            {
                try await $0.execute(
                    OrganizationMessages.CancelContractRequest(
                        contractId: UUID(),
                        cancelDate: Date(timeIntervalSince1970: 1_700_000_000),
                        status: OptionSetValue(OpportunityStatusCode.won)
                    )
                )
            }
        ),
        (
            "CancelSalesOrder",
            {
                try await $0.execute(
                    OrganizationMessages.CancelSalesOrderRequest(
                        orderClose: Entity(logicalName: "contract"),
                        status: OptionSetValue(OpportunityStatusCode.won)
                    )
                )
            }
        ),
        (
            "CheckIncomingEmail",
            {
                try await $0.execute(
                    OrganizationMessages.CheckIncomingEmailRequest(
                        messageId: "text <&>",
                        subject: "text <&>",
                        from: "text <&>",
                        to: "text <&>",
                        cc: "text <&>",
                        bcc: "text <&>"
                    )
                )
            }
        ),
        (
            "CheckPromoteEmail",
            {
                try await $0.execute(
                    OrganizationMessages.CheckPromoteEmailRequest(messageId: "text <&>", subject: "text <&>")
                )
            }
        ),
        (
            "CloneContract",
            {
                try await $0.execute(
                    OrganizationMessages.CloneContractRequest(contractId: UUID(), includeCanceledLines: true)
                )
            }
        ),
        (
            "CloseIncident",
            {
                try await $0.execute(
                    OrganizationMessages.CloseIncidentRequest(
                        incidentResolution: Entity(logicalName: "contract"),
                        status: OptionSetValue(OpportunityStatusCode.won)
                    )
                )
            }
        ),
        (
            "CloseQuote",
            {
                try await $0.execute(
                    OrganizationMessages.CloseQuoteRequest(
                        quoteClose: Entity(logicalName: "contract"),
                        status: OptionSetValue(OpportunityStatusCode.won)
                    )
                )
            }
        ),
        (
            "CopyDynamicListToStatic",
            { try await $0.execute(OrganizationMessages.CopyDynamicListToStaticRequest(listId: UUID())) }
        ),
        (
            "CreateException",
            {
                try await $0.execute(
                    OrganizationMessages.CreateExceptionRequest(
                        target: Entity(logicalName: "contract"),
                        originalStartDate: Date(timeIntervalSince1970: 1_700_000_000),
                        isDeleted: true
                    )
                )
            }
        ),
        (
            "CreateInstance",
            {
                try await $0.execute(
                    OrganizationMessages.CreateInstanceRequest(target: Entity(logicalName: "contract"), count: 2)
                )
            }
        ),
        (
            "DeleteOpenInstances",
            {
                try await $0.execute(
                    OrganizationMessages.DeleteOpenInstancesRequest(
                        target: Entity(logicalName: "contract"),
                        seriesEndDate: Date(timeIntervalSince1970: 1_700_000_000),
                        stateOfPastInstances: 2
                    )
                )
            }
        ),
        (
            "DeliverIncomingEmail",
            {
                try await $0.execute(
                    OrganizationMessages.DeliverIncomingEmailRequest(
                        messageId: "text <&>",
                        subject: "text <&>",
                        from: "text <&>",
                        to: "text <&>",
                        cc: "text <&>",
                        bcc: "text <&>",
                        receivedOn: Date(timeIntervalSince1970: 1_700_000_000),
                        submittedBy: "text <&>",
                        importance: "text <&>",
                        body: "text <&>",
                        attachments: EntityCollection()
                    )
                )
            }
        ),
        (
            "DeliverPromoteEmail",
            {
                try await $0.execute(
                    OrganizationMessages.DeliverPromoteEmailRequest(
                        emailId: UUID(),
                        messageId: "text <&>",
                        subject: "text <&>",
                        from: "text <&>",
                        to: "text <&>",
                        cc: "text <&>",
                        bcc: "text <&>",
                        receivedOn: Date(timeIntervalSince1970: 1_700_000_000),
                        submittedBy: "text <&>",
                        importance: "text <&>",
                        body: "text <&>",
                        attachments: EntityCollection()
                    )
                )
            }
        ),
        (
            "DisassociateEntities",
            {
                try await $0.execute(
                    OrganizationMessages.DisassociateEntitiesRequest(
                        moniker1: EntityReference(Account.self, id: UUID()),
                        moniker2: EntityReference(Account.self, id: UUID()),
                        relationshipName: "text <&>"
                    )
                )
            }
        ),
        (
            "LockInvoicePricing",
            { try await $0.execute(OrganizationMessages.LockInvoicePricingRequest(invoiceId: UUID())) }
        ),
        (
            "LockSalesOrderPricing",
            { try await $0.execute(OrganizationMessages.LockSalesOrderPricingRequest(salesOrderId: UUID())) }
        ),
        (
            "LoseOpportunity",
            {
                try await $0.execute(
                    OrganizationMessages.LoseOpportunityRequest(
                        opportunityClose: Entity(logicalName: "contract"),
                        status: OptionSetValue(OpportunityStatusCode.won)
                    )
                )
            }
        ),
        (
            "Merge",
            {
                try await $0.execute(
                    OrganizationMessages.MergeRequest(
                        target: EntityReference(Account.self, id: UUID()),
                        subordinateId: UUID(),
                        updateContent: Entity(logicalName: "contract"),
                        performParentingChecks: true
                    )
                )
            }
        ),
        (
            "PickFromQueue",
            {
                try await $0.execute(
                    OrganizationMessages.PickFromQueueRequest(
                        queueItemId: UUID(),
                        workerId: UUID(),
                        removeQueueItem: true
                    )
                )
            }
        ),
        (
            "QualifyLead",
            {
                try await $0.execute(
                    OrganizationMessages.QualifyLeadRequest(
                        leadId: EntityReference(Account.self, id: UUID()),
                        createAccount: true,
                        createContact: true,
                        createOpportunity: true,
                        status: OptionSetValue(OpportunityStatusCode.won),
                        opportunityCurrencyId: EntityReference(Account.self, id: UUID()),
                        opportunityCustomerId: EntityReference(Account.self, id: UUID()),
                        sourceCampaignId: EntityReference(Account.self, id: UUID())
                    )
                )
            }
        ),
        (
            "Recalculate",
            {
                try await $0.execute(
                    OrganizationMessages.RecalculateRequest(target: EntityReference(Account.self, id: UUID()))
                )
            }
        ),
        ("ReleaseToQueue", { try await $0.execute(OrganizationMessages.ReleaseToQueueRequest(queueItemId: UUID())) }),
        ("RemoveFromQueue", { try await $0.execute(OrganizationMessages.RemoveFromQueueRequest(queueItemId: UUID())) }),
        (
            "RemoveItemCampaign",
            {
                try await $0.execute(
                    OrganizationMessages.RemoveItemCampaignRequest(campaignId: UUID(), entityId: UUID())
                )
            }
        ),
        (
            "RemoveMemberList",
            { try await $0.execute(OrganizationMessages.RemoveMemberListRequest(listId: UUID(), entityId: UUID())) }
        ),
        (
            "RemovePrivilegeRole",
            {
                try await $0.execute(
                    OrganizationMessages.RemovePrivilegeRoleRequest(roleId: UUID(), privilegeId: UUID())
                )
            }
        ),
        (
            "RemoveRelated",
            {
                try await $0.execute(
                    OrganizationMessages.RemoveRelatedRequest(target: [EntityReference(Contact.self, id: UUID())])
                )
            }
        ),
        (
            "ReplacePrivilegesRole",
            {
                try await $0.execute(
                    OrganizationMessages.ReplacePrivilegesRoleRequest(
                        roleId: UUID(),
                        privileges: [RolePrivilege(privilegeId: UUID(), depth: .global, businessUnitId: UUID())]
                    )
                )
            }
        ),
        (
            "Reschedule",
            {
                try await $0.execute(
                    OrganizationMessages.RescheduleRequest(
                        target: Entity(logicalName: "contract"),
                        returnNotifications: true
                    )
                )
            }
        ),
        (
            "RetrieveUserQueues",
            {
                try await $0.execute(
                    OrganizationMessages.RetrieveUserQueuesRequest(userId: UUID(), includePublic: true)
                )
            }
        ),
        (
            "RouteTo",
            {
                try await $0.execute(
                    OrganizationMessages.RouteToRequest(
                        target: EntityReference(Account.self, id: UUID()),
                        queueItemId: UUID()
                    )
                )
            }
        ),
        (
            "SendEmail",
            {
                try await $0.execute(
                    OrganizationMessages.SendEmailRequest(emailId: UUID(), issueSend: true, trackingToken: "text <&>")
                )
            }
        ), ("SendFax", { try await $0.execute(OrganizationMessages.SendFaxRequest(faxId: UUID(), issueSend: true)) }),
        (
            "SetRelated",
            {
                try await $0.execute(
                    OrganizationMessages.SetRelatedRequest(target: [EntityReference(Contact.self, id: UUID())])
                )
            }
        ),
        (
            "ValidateRecurrenceRule",
            {
                try await $0.execute(
                    OrganizationMessages.ValidateRecurrenceRuleRequest(target: Entity(logicalName: "contract"))
                )
            }
        ),
        (
            "WinOpportunity",
            {
                try await $0.execute(
                    OrganizationMessages.WinOpportunityRequest(
                        opportunityClose: Entity(logicalName: "contract"),
                        status: OptionSetValue(OpportunityStatusCode.won)
                    )
                )
            }
        ),
        (
            "WinQuote",
            {
                try await $0.execute(
                    OrganizationMessages.WinQuoteRequest(
                        quoteClose: Entity(logicalName: "contract"),
                        status: OptionSetValue(OpportunityStatusCode.won)
                    )
                )
            }
        ),
    ]
}

extension OrganizationServiceLiveTests {
    @Test(arguments: TypedMessageSamples.all.map { $0.0 }) func everyTypedMessageValidatesAndIsAnswered(_ name: String)
        async throws
    {
        let send = try #require(TypedMessageSamples.all.first { $0.0 == name }?.1)
        try await send(try service())
        #expect(try exchanges() == ["\(name) 200"])
    }

    @Test func everyMessageReadsItsResults() async throws {
        let service = try service()
        let member = try await service.execute(
            OrganizationMessages.AddMemberListRequest(listId: UUID(), entityId: UUID())
        )
        #expect(member == UUID(uuidString: "5e1f3a2b-0000-4000-8000-000000000001"))
        let check = try await service.execute(
            OrganizationMessages.CheckIncomingEmailRequest(
                messageId: "<1@example.com>",
                subject: "Hi",
                from: "a@example.com",
                to: "b@example.com",
                cc: "",
                bcc: ""
            )
        )
        #expect(check.shouldDeliver && check.reasonCode == 2)
        let created = try await service.execute(
            OrganizationMessages.QualifyLeadRequest(
                leadId: EntityReference(logicalName: "lead", id: UUID()),
                createAccount: true,
                createContact: false,
                createOpportunity: false,
                status: 3
            )
        )
        #expect(created.map(\.logicalName) == ["account"])
        let queues = try await service.execute(
            OrganizationMessages.RetrieveUserQueuesRequest(userId: UUID(), includePublic: true)
        )
        #expect(queues.entities.map(\.logicalName) == ["queue"])
        let rule = try await service.execute(
            OrganizationMessages.ValidateRecurrenceRuleRequest(target: Entity(logicalName: "recurrencerule"))
        )
        #expect(rule.isValid && rule.errorCode == 2 && rule.errorMessage == "Result 3")
        let subject = try await service.execute(
            OrganizationMessages.SendEmailRequest(emailId: UUID(), issueSend: true, trackingToken: "CRM:0001")
        )
        #expect(subject == "Result 1")
        let clone = try await service.execute(
            OrganizationMessages.CloneContractRequest(contractId: UUID(), includeCanceledLines: false)
        )
        #expect(clone.logicalName == "contract")
        let booked = try await service.execute(
            OrganizationMessages.BookRequest(target: Entity(logicalName: "appointment"), returnNotifications: false)
        )
        #expect(!booked.validationSuccess && booked.errorCodes == ["ErrorConflictingResource"])
        #expect(booked.activityId == UUID(uuidString: "5e1f3a2b-0000-4000-8000-000000000001"))
    }
}
