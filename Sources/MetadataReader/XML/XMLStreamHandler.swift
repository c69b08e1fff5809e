import MetadataModel

/// What the stream reader does with an element and everything inside it.
enum ElementDisposition {
    /// Report its child elements to the handler one by one.
    case descend
    /// Build the element and its descendants as one `XMLNode` and hand it over at its end.
    case capture
    /// Ignore it and everything inside, cheaply.
    case skip
}

/// Receives a document's elements from `XMLStreamReader`.
protocol XMLStreamHandler: AnyObject {
    /// An element starts; `element` has its attributes but no children or text yet.
    func start(_ element: XMLNode, depth: Int) -> ElementDisposition
    /// A descended-into element ends.
    func end(_ element: XMLNode, depth: Int)
    /// A captured element is complete.
    func captured(_ element: XMLNode, depth: Int)
}
