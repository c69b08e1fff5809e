import Foundation
import Generator
import MetadataModel
import MetadataReader

/// A `generate` configuration file, read with diagnostics in the compiler's form: a key the generator does not know
/// (with the nearest one it does) is an error rather than silently ignored, and so is a value of the wrong kind.
enum ConfigurationFile {
    /// The configuration, or the diagnostics that say what is wrong with the file. The file is parsed once, into a
    /// tree that knows where each key and value is written; keys are checked and values decoded from that tree.
    static func load(_ path: String) -> Result<GeneratorConfiguration, DiagnosticsError> {
        let file = SourceLocation.file(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else { return .failure(DiagnosticsError([.error("cannot read the configuration file", at: file)])) }
        let root: JSONValue
        do { root = try JSONParser.parse(Array(data), path: path) } catch {
            return .failure(
                DiagnosticsError([.error("the configuration is not JSON: \(error.message)", at: error.location)])
            )
        }
        guard root.isObject else {
            return .failure(
                DiagnosticsError([
                    .error("the configuration must be a JSON object ({\"entities\": …})", at: root.location)
                ])
            )
        }
        let diagnostics = keyProblems(in: root)
        guard diagnostics.isEmpty else { return .failure(DiagnosticsError(diagnostics)) }
        do {
            var configuration = try JSONTreeDecoder.decode(GeneratorConfiguration.self, from: root)
            let renames = root["renames"]
            for section in GeneratorConfiguration.Renames.keys {
                for member in renames?[section]?.members ?? [] {
                    configuration.renames.locations[section + "." + member.key] = member.keyLocation
                }
            }
            for member in root["optionSetParameters"]?.members ?? [] {
                configuration.optionSetParameterLocations[member.key] = member.keyLocation
            }
            return .success(configuration)
        } catch let mismatch as JSONTreeDecoder.Mismatch {
            return .failure(
                DiagnosticsError([
                    .error(
                        """
                        invalid configuration: at '\(mismatch.path)': \(mismatch.message); the keys are entities, \
                        attributes, operations (each with include and exclude lists), propertyNaming (lowerCamelCase, \
                        schemaName, logicalName), typePrefix, accessLevel (public, internal), registryName, renames \
                        (types, properties and enumCases, each an object of names) and optionSetParameters \
                        (an object of names)
                        """,
                        at: mismatch.location
                    )
                ])
            )
        } catch { return .failure(DiagnosticsError([.error("invalid configuration: \(error)", at: file)])) }
    }

    /// Keys the generator does not know (with the nearest one it does) and keys written twice, at each key, in the
    /// order they are written: the root's, a filter's, the sections of `renames` and the names in them and in
    /// `optionSetParameters` (where any name is a key, but a second one would be silently lost).
    private static func keyProblems(in root: JSONValue) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func check(_ object: JSONValue, known: [String]?, prefix: String) {
            var seen: Set<String> = []
            for member in object.members {
                let name = prefix + member.key
                if let known, !known.contains(member.key) {
                    diagnostics.append(.error(unknown(name, known: known.map { prefix + $0 }), at: member.keyLocation))
                } else if !seen.insert(member.key).inserted {
                    diagnostics.append(.error("the key '\(name)' is written twice", at: member.keyLocation))
                }
            }
        }
        check(root, known: GeneratorConfiguration.keys, prefix: "")
        for member in root.members where member.value.isObject {
            if member.key == "renames" {
                check(member.value, known: GeneratorConfiguration.Renames.keys, prefix: "renames.")
                for section in member.value.members where section.value.isObject {
                    check(section.value, known: nil, prefix: "renames.\(section.key).")
                }
            } else if member.key == "optionSetParameters" {
                check(member.value, known: nil, prefix: "optionSetParameters.")
            } else if GeneratorConfiguration.filterKeys.contains(member.key) {
                check(member.value, known: GeneratorConfiguration.Filter.keys, prefix: member.key + ".")
            }
        }
        return diagnostics.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    private static func unknown(_ key: String, known: [String]) -> String {
        let nearest = known.min { distance(key, $0) < distance(key, $1) }
        let suggestion =
            nearest.flatMap { distance(key, $0) <= max(2, key.count / 3) ? " (did you mean '\($0)'?)" : nil } ?? ""
        return "unknown key '\(key)'\(suggestion); the keys are \(known.joined(separator: ", "))"
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
