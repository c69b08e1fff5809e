extension OrganizationRequest {
    /// A message named `name` with the parameters of `parameters` that have a value, in their order: how a generated
    /// message (``OrganizationMessages``) leaves out the optional parameters it was not given.
    init(name: String, omittingNil parameters: KeyValuePairs<String, OrganizationValue?>) {
        self.init(name: name)
        self.parameters = parameters.compactMap { name, value in value.map { (name: name, value: $0) } }
    }
}
