extension Entity {
    /// The metadata of a navigation property of this class or one of its base classes, by name (e.g. `"BestFriend"`,
    /// `"parentcustomerid_account"`); nil for late-bound `Entity` and for names the generated classes do not declare.
    /// Its ``PropertyMetadata/isCollection`` tells a collection-valued navigation property from a single-valued one.
    public static func navigationMetadata(_ name: String) -> PropertyMetadata? {
        let table = PropertyTable.of(self)
        if let property = table.navigationsByName[name] { return property }
        guard let property = table.byPropertyName[name], case .navigation = property.type else { return nil }
        return property
    }
}
