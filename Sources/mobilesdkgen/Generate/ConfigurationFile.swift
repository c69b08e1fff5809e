import Foundation
import Generator
import MetadataModel

/// A `generate` configuration file, read with diagnostics in the compiler's form: a key the generator does not know
/// (with the nearest one it does) is an error rather than silently ignored, and so is a value of the wrong kind.
enum ConfigurationFile {
    /// The configuration, or the diagnostics that say what is wrong with the file.
    static func load(_ path: String) -> Result<GeneratorConfiguration, DiagnosticsError> {
        let file = SourceLocation.file(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else { return .failure(DiagnosticsError([.error("cannot read the configuration file", at: file)])) }
        let text = String(decoding: data, as: UTF8.self)
        guard let root = try? JSONSerialization.jsonObject(with: data) else {
            return .failure(DiagnosticsError([.error("the configuration is not JSON: \(explain(data))", at: file)]))
        }
        guard let object = root as? [String: Any] else {
            return .failure(
                DiagnosticsError([.error("the configuration must be a JSON object ({\"entities\": …})", at: file)])
            )
        }
        var diagnostics: [Diagnostic] = []
        for key in object.keys.sorted() {
            if !GeneratorConfiguration.keys.contains(key) {
                diagnostics.append(
                    .error(unknown(key, known: GeneratorConfiguration.keys), at: locate(key, in: text, path: path))
                )
            } else if let inner = object[key] as? [String: Any] {
                // The keys of an object value: a filter's, or the sections of `renames`.
                let known =
                    key == "renames"
                    ? GeneratorConfiguration.Renames.keys
                    : GeneratorConfiguration.filterKeys.contains(key) ? GeneratorConfiguration.Filter.keys : nil
                guard let known else { continue }
                let after = locate(key, in: text, path: path)
                for name in inner.keys.sorted() where !known.contains(name) {
                    diagnostics.append(
                        .error(
                            unknown("\(key).\(name)", known: known.map { "\(key).\($0)" }),
                            at: locate(name, in: text, path: path, after: after)
                        )
                    )
                }
            }
        }
        guard diagnostics.isEmpty else {
            return .failure(
                DiagnosticsError(
                    diagnostics.sorted {
                        ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
                    }
                )
            )
        }
        do {
            var configuration = try JSONDecoder().decode(GeneratorConfiguration.self, from: data)
            configuration.renames.locations = renameLocations(configuration.renames, in: text, path: path)
            let parameters = locate("optionSetParameters", in: text, path: path)
            for key in configuration.optionSetParameters.keys {
                configuration.optionSetParameterLocations[key] = locate(key, in: text, path: path, after: parameters)
            }
            return .success(configuration)
        } catch {
            let (message, key) = describe(error)
            return .failure(
                DiagnosticsError([
                    .error(
                        """
                        invalid configuration: \(message); the keys are entities, attributes, operations \
                        (each with include and exclude lists), propertyNaming (lowerCamelCase, schemaName, \
                        logicalName), typePrefix, accessLevel (public, internal), registryName, renames \
                        (types, properties and enumCases, each an object of names) and optionSetParameters \
                        (an object of names)
                        """,
                        at: key.map { locate($0, in: text, path: path) } ?? file
                    )
                ])
            )
        }
    }

    /// Where each rename's key is written: `"key":` inside its section inside `renames`.
    private static func renameLocations(_ renames: GeneratorConfiguration.Renames, in text: String, path: String)
        -> [String: SourceLocation]
    {
        guard !renames.isEmpty else { return [:] }
        let root = locate("renames", in: text, path: path)
        var locations: [String: SourceLocation] = [:]
        let sections = [("types", renames.types), ("properties", renames.properties), ("enumCases", renames.enumCases)]
        for (section, entries) in sections where !entries.isEmpty {
            let start = locate(section, in: text, path: path, after: root)
            for key in entries.keys { locations[section + "." + key] = locate(key, in: text, path: path, after: start) }
        }
        return locations
    }

    private static func unknown(_ key: String, known: [String]) -> String {
        let nearest = known.min { distance(key, $0) < distance(key, $1) }
        let suggestion =
            nearest.flatMap { distance(key, $0) <= max(2, key.count / 3) ? " (did you mean '\($0)'?)" : nil } ?? ""
        return "unknown key '\(key)'\(suggestion); the keys are \(known.joined(separator: ", "))"
    }

    /// Where `"key":` first appears (after `after`, when given), else the file.
    private static func locate(_ key: String, in text: String, path: String, after: SourceLocation? = nil)
        -> SourceLocation
    {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let pattern = "\"\(key)\""
        for (index, line) in lines.enumerated() where index + 1 >= (after?.line ?? 0) {
            var searchStart = line.startIndex
            if let after, index + 1 == after.line {
                searchStart = line.utf8.index(line.startIndex, offsetBy: min(after.column, line.utf8.count))
            }
            guard let range = line[searchStart...].range(of: pattern),
                line[range.upperBound...].drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).first == ":"
            else { continue }
            return SourceLocation(
                file: path,
                line: index + 1,
                column: line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1
            )
        }
        return after ?? .file(path)
    }

    /// The decoding error in words, and the key it is about.
    private static func describe(_ error: any Error) -> (String, String?) {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).filter { Int($0) == nil }
            return ("at '\(path.joined(separator: "."))': \(context.debugDescription)", path.last)
        case DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).filter { Int($0) == nil }
            return ("at '\(path.joined(separator: "."))': \(context.debugDescription)", path.last)
        default: return ("\(error)", nil)
        }
    }

    private static func explain(_ data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data)
            return "unreadable"
        } catch { return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "unreadable" }
    }

    /// The edit distance, for suggesting the key meant.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

/// Diagnostics that stop a command; printed by it before it exits non-zero.
struct DiagnosticsError: Error {
    var diagnostics: [Diagnostic]

    init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
