/// The runtime version that generated code was written for.
///
/// Every generated file declares `fileprivate enum _MobileSdkRuntimeCheck: MobileSdk.MobileSdkRuntimeVersion1 {}`,
/// so code generated for another runtime version fails to compile with a message naming this protocol
/// instead of with unrelated errors.
public protocol MobileSdkRuntimeVersion1 {}
