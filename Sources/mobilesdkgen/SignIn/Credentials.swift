import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sign-in options of `fetch`, turned into an `Authorization` value. Errors name the option or variable, never
/// the secret, and nothing here prints a token, a password or a token command's output.
struct Credentials {
    var tokenEnvironmentVariable: String?
    var tokenCommand: String?
    var user: String?
    var passwordEnvironmentVariable: String?

    /// The `Authorization` header value, or nil when no sign-in option was given.
    func authorization() throws -> String? {
        if let variable = tokenEnvironmentVariable {
            guard let token = Self.environment(variable) else {
                throw FetchError("--token-env: the environment variable \(variable) is not set or empty")
            }
            return "Bearer " + token
        }
        if let tokenCommand { return "Bearer " + (try Self.run(tokenCommand)) }
        if let user {
            let password: String
            if let variable = passwordEnvironmentVariable {
                guard let value = Self.environment(variable) else {
                    throw FetchError("--password-env: the environment variable \(variable) is not set or empty")
                }
                password = value
            } else {
                guard let typed = Self.readPassword(prompt: "Password for \(user): ") else {
                    throw FetchError("--user needs --password-env VAR, or a terminal to type the password at")
                }
                password = typed
            }
            return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        }
        return nil
    }

    private static func environment(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines),
            !value.isEmpty
        else { return nil }
        return value
    }

    /// The trimmed standard output of `command` run by `/bin/sh`; its standard error goes to ours.
    private static func run(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { throw FetchError("--token-command: cannot start /bin/sh") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw FetchError(
                """
                --token-command failed (\(process.terminationReason == .exit ? "exit status" : "signal") \
                \(process.terminationStatus)); its output is not shown
                """
            )
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw FetchError("--token-command printed no token") }
        guard !token.contains(where: \.isNewline) else {
            throw FetchError(
                "--token-command printed more than one line; it must print the token alone (output not shown)"
            )
        }
        return token
    }

    /// A line typed at the terminal without echo, or nil when standard input is not a terminal.
    private static func readPassword(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) != 0 else { return nil }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canSilence = tcgetattr(STDIN_FILENO, &saved) == 0
        if canSilence {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if canSilence { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard canSilence, let line = readLine(strippingNewline: true), !line.isEmpty else { return nil }
        return line
    }
}
