/// Whether the property behind `keyPath` has a setter: a read-only generated property gives a plain `KeyPath`.
func isWritable<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> Bool {
    (keyPath as AnyKeyPath) is WritableKeyPath<Root, Value>
}
