import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `mobilesdkgen` in the same build products folder as the test bundle.
public enum BuiltTool {
    /// The built `mobilesdkgen` executable; nil when it is not beside the test bundle.
    public static let executable = BuiltProducts.executable("mobilesdkgen")

    /// What a run of `mobilesdkgen` gave back.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var output: String
        /// Everything written to standard error.
        public var errors: String
        /// Standard output followed by standard error.
        public var all: String { output + errors }
    }

    /// Runs the executable with `arguments`, `environment` added to this process's and no standard input; with
    /// `interruptAfter`, sends it SIGINT after that many seconds; with `killAfter`, SIGKILL if it still runs then.
    public static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        interruptAfter: TimeInterval? = nil,
        killAfter: TimeInterval? = nil
    ) throws -> Result {
        if interruptAfter != nil, interruptsAreIgnored { throw InterruptsIgnored() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if let interruptAfter {
            Thread.sleep(forTimeInterval: interruptAfter)
            process.interrupt()
        }
        if let killAfter {
            let deadline = Date(timeIntervalSinceNow: killAfter)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self)
        )
    }

    /// Starts the executable with its output discarded; the caller waits for it.
    public static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Whether this process ignores SIGINT, as a job a non-interactive shell starts in the background does; a tool it
    /// starts then ignores it too (`swift test` starts the tests with it restored).
    static var interruptsAreIgnored: Bool {
        var current = sigaction()
        guard sigaction(SIGINT, nil, &current) == 0 else { return false }
        #if canImport(Darwin)
        let handler = current.__sigaction_u.__sa_handler
        #else
        let handler = current.__sigaction_handler.sa_handler
        #endif
        // C function pointers are not Equatable: compare their addresses (SIG_IGN is 1).
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// A test that interrupts the tool cannot run where SIGINT is ignored.
    public struct InterruptsIgnored: Error, CustomStringConvertible {
        /// What to do about it.
        public var description: String {
            "SIGINT is ignored in this test process (started in the background?), so mobilesdkgen would ignore it too: "
                + "run the tests in the foreground or with swift test"
        }
    }
}
