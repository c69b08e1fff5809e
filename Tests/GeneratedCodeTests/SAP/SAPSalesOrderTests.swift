import Foundation
import MobileSdk
import SAPModel
import Testing

/// SAP Gateway (OData v2 with `sap:` attributes): the labelled properties and the order–item association.
struct SAPSalesOrderTests {
    @Test func salesOrderProperties() throws {
        let amount = try #require(Decimal(string: "1999.99"))
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let order = SalesOrder()
        // Neither creatable nor updatable: values come from the service, through the attribute storage.
        order["SalesOrderID"] = .string("0500000001")
        order["CustomerName"] = .string("Contoso")
        order["NetAmount"] = .decimal(amount)
        order["LifecycleStatus"] = .string("N")
        order["LifecycleStatusText"] = .string("New")
        order["CreatedAt"] = .dateTimeOffset(created)
        order["ChangedAt"] = .dateTimeOffset(created)
        order.acceptChanges()
        order.customerID = "100000"
        order.currencyCode = "EUR"

        #expect(order.salesOrderID == "0500000001")
        #expect(order.netAmount == amount)
        #expect(order.createdAt == created)
        #expect(order.customerName == "Contoso")
        #expect(order.changedAttributeNames == ["CurrencyCode", "CustomerID"])
    }

    @Test func salesOrderItemProperties() throws {
        let quantity = try #require(Decimal(string: "2.5"))
        let item = SalesOrderItem()
        item["SalesOrderID"] = .string("0500000001")
        item["ItemPosition"] = .string("000010")
        item.productID = "HT-1000"
        item.quantity = quantity
        item.quantityUnit = "KG"
        item.isRejected = false
        item.deliveryTime = TimeOfDay(hour: 9, minute: 30, second: 0)

        #expect(item["Quantity"] == .decimal(quantity))
        #expect(item["IsRejected"] == .boolean(false))
        #expect(item.deliveryTime == TimeOfDay("09:30:00"))
        #expect(item.itemPosition == "000010")
    }

    @Test func metadata() {
        #expect(SalesOrder.entityLogicalName == "SalesOrder")
        #expect(SalesOrder.entityQualifiedName == "ZSAMPLE_SALES_SRV.SalesOrder")
        #expect(SalesOrder.entitySetName == "SalesOrderSet")
        #expect(SalesOrder.keyAttributes == ["SalesOrderID"])
        #expect(SalesOrderItem.keyAttributes == ["SalesOrderID", "ItemPosition"])
        #expect(SalesOrderItem.attributeName(\.quantityUnit) == "QuantityUnit")
    }

    @Test func association() {
        let order = SalesOrder()
        let first = SalesOrderItem()
        let second = SalesOrderItem()
        order.toItems = [first, second]
        first.toHeader = order

        #expect(order.toItems?.count == 2)
        #expect(order.toItems?.last === second)
        #expect(first.toHeader === order)
        #expect(second.toHeader == nil)
    }

    @Test func neitherCreatableNorUpdatableIsReadOnly() {
        #expect(!isWritable(\SalesOrder.salesOrderID))
        #expect(!isWritable(\SalesOrder.customerName))
        #expect(!isWritable(\SalesOrder.netAmount))
        #expect(!isWritable(\SalesOrder.changedAt))
        #expect(!isWritable(\SalesOrderItem.itemPosition))

        // Creatable or updatable properties keep their setter.
        #expect(isWritable(\SalesOrder.customerID))
        #expect(isWritable(\SalesOrderItem.quantity))
    }
}
