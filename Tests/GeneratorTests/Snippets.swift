import Foundation
@testable import Generator
import MetadataModel
import MetadataReader
import SwiftEmitter

/// Small metadata fragments in, the Swift text of one generated type out.
enum Snippets {
    /// Wraps schema members in an OData v4 document (namespace `Test`, alias `t`).
    static func csdl(_ members: String, extraSchema: String = "") -> String {
        """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="Test" Alias="t" xmlns="http://docs.oasis-open.org/odata/ns/edm">
        \(members)
            </Schema>
        \(extraSchema)
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    /// The model of a document written to a temporary file.
    static func service(_ document: String) throws -> Service {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("Snippet.xml")
        try Data(document.utf8).write(to: url)
        let result = MetadataLoader().load([url.path])
        guard !result.hasErrors else { throw SnippetError.unreadable(result.diagnostics.map(\.description)) }
        return result.service
    }

    /// The rendered declaration of the generated type named `swiftName`, and the generator's diagnostics.
    static func render(_ document: String, type swiftName: String, configuration: GeneratorConfiguration = GeneratorConfiguration()) throws -> (text: String, diagnostics: [String]) {
        let service = try service(document)
        let context = GenerationContext(service: service, configuration: configuration)
        context.nameTypes()
        let renderer = SwiftRenderer()
        for (name, type) in context.entityTypes where context.typeNames.name(of: name) == swiftName {
            var inherited = UniqueNames(reserved: GenerationContext.entityMembers)
            if let base = type.baseType, let baseType = context.entityIndex[base] {
                inherited = context.translateEntityType(base, baseType, inheritedNames: inherited).1
            }
            return (renderer.render(context.translateEntityType(name, type, inheritedNames: inherited).0), messages(context))
        }
        for schema in service.schemas {
            for type in schema.complexTypes {
                let name = QualifiedName(namespace: schema.namespace, name: type.name)
                if context.typeNames.name(of: name) == swiftName { return (renderer.render(context.translateComplexType(name, type)), messages(context)) }
            }
            for type in schema.enumTypes {
                let name = QualifiedName(namespace: schema.namespace, name: type.name)
                if context.typeNames.name(of: name) == swiftName { return (renderer.render(context.translateEnumType(name, type)), messages(context)) }
            }
        }
        for (name, type) in context.entityTypes {
            for property in type.properties {
                guard let set = property.dynamics?.optionSet, let key = context.optionSetKey(set, entity: name, property: property),
                      context.typeNames.optionSetNames[key] == swiftName else { continue }
                return (renderer.render(context.translateOptionSet(set, name: swiftName)), messages(context))
            }
        }
        var operations: [(plan: GenerationContext.OperationPlan, initializer: [FunctionDeclaration.Parameter], response: TypeName)] = []
        for plan in context.planOperations() {
            let translated = context.translateOperationWithInitializer(plan)
            if plan.structName == swiftName { return (translated.map { renderer.render($0.declaration) } ?? "", messages(context)) }
            if let translated { operations.append((plan, translated.initializer, translated.response)) }
        }
        for schema in service.schemas {
            for container in schema.entityContainers {
                let (name, declaration) = context.translateService(container, namespace: schema.namespace, operations: operations)
                if name == swiftName { return (renderer.render(declaration), messages(context)) }
            }
        }
        throw SnippetError.noSuchType(swiftName, context.typeNames.names.values.sorted())
    }

    /// The diagnostics of planning and translating every operation.
    static func operationDiagnostics(_ document: String) throws -> [String] {
        let context = GenerationContext(service: try service(document), configuration: GeneratorConfiguration())
        context.nameTypes()
        for plan in context.planOperations() { _ = context.translateOperation(plan) }
        return messages(context)
    }

    private static func messages(_ context: GenerationContext) -> [String] {
        context.diagnostics.map { "\($0.severity.rawValue): \($0.message)" }
    }

    enum SnippetError: Error {
        case unreadable([String])
        case noSuchType(String, [String])
    }
}
