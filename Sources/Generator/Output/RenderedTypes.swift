import Dispatch
import SwiftEmitter

/// A generated type (a class with the extension holding its properties), or a further part of a large class
/// (`LargeTypeParts`), rendered.
struct RenderedPart {
    var name: String
    /// Its size as the file layout counts it: `TypeFileLayout.weight(of:)`.
    var weight: Int
    var text: String
}

/// Renders types on other cores as they are handed over, and gives their parts back in the order they came: a type's
/// text depends only on its declaration.
final class RenderedTypes: @unchecked Sendable {
    /// Each type's parts, by the order it came in; a serial queue guards them.
    private var slots: [[RenderedPart]] = []
    private let slotsQueue = DispatchQueue(label: "mobilesdkgen.rendered-types")
    private let work = DispatchQueue(label: "mobilesdkgen.render", attributes: .concurrent)
    private let group = DispatchGroup()

    /// Starts rendering `type`.
    func add(_ type: (name: String, declaration: Declaration)) {
        let index = slotsQueue.sync {
            slots.append([])
            return slots.count - 1
        }
        work.async(group: group) {
            // A class's properties go into an extension laid out with it; a class too large for one file continues in
            // further extensions that are laid out as types of their own (see `LargeTypeParts`).
            let renderer = SwiftRenderer()
            let parts = LargeTypeParts.split([type])
                .map { part in
                    RenderedPart(
                        name: part.name,
                        weight: TypeFileLayout.weight(of: part.declarations),
                        // An empty line between declarations, as in a file.
                        text: part.declarations.map(renderer.render).joined(separator: "\n")
                    )
                }
            self.slotsQueue.sync { self.slots[index] = parts }
        }
    }

    /// Every part of every type added, in order, once all are rendered.
    func parts() -> [RenderedPart] {
        group.wait()
        return slotsQueue.sync { slots.flatMap { $0 } }
    }
}
