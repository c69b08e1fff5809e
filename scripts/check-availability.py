#!/usr/bin/env python3
"""Checks the libraries apps link (MobileSdk, MobileSdkClient, MobileSdkOffline, MobileSdkOrganizationService,
MobileSdkTesting, and
ServiceAccess and JSONSyntax below them) against the Apple platform minimums in Package.swift.

Linux cannot build for Apple platforms, but the Swift standard library's modules carry Apple availability here too:
this script extracts their symbol graphs (swift-symbolgraph-extract), reads which of their symbols the libraries
reference from the index store of the last debug build (libIndexStore), and fails, naming file and line, for every
reference to a symbol introduced after the declared minimum of a platform. Foundation on Linux carries no Apple
availability; README's "Platforms" lists what was checked there by reading.

usage: scripts/check-availability.py [--floor PLATFORM=MAJOR.MINOR ...] [BUILD_DIR]   (default: .build, after
`swift build`); --floor replaces a declared minimum, so that the test command can show the check failing below them.
"""
import ctypes
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECKED_MODULES = ["Swift", "_Concurrency", "Observation", "Synchronization", "_StringProcessing"]
LIBRARIES = {
    "MobileSdk", "MobileSdkClient", "MobileSdkOffline", "MobileSdkOrganizationService", "MobileSdkTesting", "ServiceAccess",
    "JSONSyntax",
}
PLATFORM_NAMES = {"iOS": "iOS", "macOS": "macOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS"}
ROLE_DECLARATION, ROLE_DEFINITION = 1, 2


def minimums():
    """The `platforms:` of Package.swift, e.g. {"iOS": (17, 0)}."""
    text = open(os.path.join(ROOT, "Package.swift")).read()
    # The package's `platforms:` list holds versions (`.iOS(.v17)`); a dependency's `.when(platforms: [.linux])` does not.
    declared = re.search(r"platforms:\s*\[([^\]]*\.v\d[^\]]*)\]", text, re.S)
    if not declared:
        sys.exit("error: Package.swift declares no platforms")
    found = {}
    for name, major, minor in re.findall(r"\.(iOS|macOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?\)", declared.group(1)):
        found[name] = (int(major), int(minor or 0))
    if not found:
        sys.exit("error: no Apple platform minimums found in Package.swift's platforms")
    return found


def introduced_versions(swift_frontend_dir):
    """USR → {platform: (major, minor)} for every symbol of the checked modules that names an introduction."""
    result = {}
    with tempfile.TemporaryDirectory() as out:
        for module in CHECKED_MODULES:
            subprocess.run([os.path.join(swift_frontend_dir, "swift-symbolgraph-extract"), "-module-name", module,
                            "-target", "x86_64-unknown-linux-gnu", "-output-dir", out, "-minimum-access-level", "public"],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for name in os.listdir(out):
            graph = json.load(open(os.path.join(out, name)))
            for symbol in graph["symbols"]:
                versions = {}
                for entry in symbol.get("availability", []):
                    platform, introduced = entry.get("domain"), entry.get("introduced")
                    if platform in PLATFORM_NAMES and introduced:
                        versions[platform] = (introduced["major"], introduced.get("minor", 0))
                if versions:
                    result[symbol["identifier"]["precise"]] = (symbol["names"]["title"], versions)
    return result


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode() if self.data else ""


def references(store_path, library_path):
    """(module, file, line, column, usr) for every reference the libraries' units record."""
    lib = ctypes.CDLL(library_path)
    p = ctypes.c_void_p
    lib.indexstore_store_create.restype = p
    lib.indexstore_store_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(p)]
    lib.indexstore_unit_reader_create.restype = p
    lib.indexstore_unit_reader_create.argtypes = [p, ctypes.c_char_p, ctypes.POINTER(p)]
    lib.indexstore_unit_reader_get_module_name.restype = StringRef
    lib.indexstore_unit_reader_get_module_name.argtypes = [p]
    lib.indexstore_unit_reader_get_main_file.restype = StringRef
    lib.indexstore_unit_reader_get_main_file.argtypes = [p]
    lib.indexstore_unit_dependency_get_kind.restype = ctypes.c_int
    lib.indexstore_unit_dependency_get_kind.argtypes = [p]
    lib.indexstore_unit_dependency_get_name.restype = StringRef
    lib.indexstore_unit_dependency_get_name.argtypes = [p]
    lib.indexstore_record_reader_create.restype = p
    lib.indexstore_record_reader_create.argtypes = [p, ctypes.c_char_p, ctypes.POINTER(p)]
    lib.indexstore_occurrence_get_symbol.restype = p
    lib.indexstore_occurrence_get_symbol.argtypes = [p]
    lib.indexstore_occurrence_get_roles.restype = ctypes.c_uint64
    lib.indexstore_occurrence_get_roles.argtypes = [p]
    lib.indexstore_occurrence_get_line_col.argtypes = [p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]
    lib.indexstore_symbol_get_usr.restype = StringRef
    lib.indexstore_symbol_get_usr.argtypes = [p]
    applier = ctypes.CFUNCTYPE(ctypes.c_bool, p, p)
    unit_applier = ctypes.CFUNCTYPE(ctypes.c_bool, p, StringRef)
    for name in ["indexstore_store_units_apply_f"]:
        getattr(lib, name).argtypes = [p, ctypes.c_uint, p, unit_applier]
    lib.indexstore_unit_reader_dependencies_apply_f.argtypes = [p, p, applier]
    lib.indexstore_record_reader_occurrences_apply_f.argtypes = [p, p, applier]

    error = p()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        sys.exit(f"error: cannot open the index store at {store_path}")
    units = []
    keep = unit_applier(lambda _, name: units.append(name.text()) or True)
    lib.indexstore_store_units_apply_f(store, 1, None, keep)

    found, seen_records = [], set()
    for unit in units:
        reader = lib.indexstore_unit_reader_create(store, unit.encode(), ctypes.byref(error))
        if not reader:
            continue
        module = lib.indexstore_unit_reader_get_module_name(reader).text()
        if module not in LIBRARIES:
            continue
        main_file = lib.indexstore_unit_reader_get_main_file(reader).text()
        records = []

        def dependency(_, dep):
            if lib.indexstore_unit_dependency_get_kind(dep) == 2:   # a record
                records.append(lib.indexstore_unit_dependency_get_name(dep).text())
            return True

        lib.indexstore_unit_reader_dependencies_apply_f(reader, None, applier(dependency))
        for record in records:
            if (module, record) in seen_records:
                continue
            seen_records.add((module, record))
            record_reader = lib.indexstore_record_reader_create(store, record.encode(), ctypes.byref(error))
            if not record_reader:
                continue

            def occurrence(_, occ):
                if lib.indexstore_occurrence_get_roles(occ) & (ROLE_DECLARATION | ROLE_DEFINITION):
                    return True
                line, column = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
                usr = lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(occ)).text()
                found.append((module, main_file, line.value, column.value, usr))
                return True

            lib.indexstore_record_reader_occurrences_apply_f(record_reader, None, applier(occurrence))
    return found


def main():
    arguments, overrides = sys.argv[1:], {}
    while arguments[:1] == ["--floor"] and len(arguments) > 1:
        platform, _, version = arguments[1].partition("=")
        major, _, minor = version.partition(".")
        overrides[platform] = (int(major), int(minor or 0))
        arguments = arguments[2:]
    build = arguments[0] if arguments else os.path.join(ROOT, ".build")
    bin_path = subprocess.check_output(["swift", "build", "--show-bin-path", "--scratch-path", build], cwd=ROOT, text=True)
    store = os.path.join(bin_path.strip(), "index", "store")
    if not os.path.isdir(store):
        sys.exit(f"error: no index store at {store}: run `swift build` first")
    swift_bin = os.path.dirname(os.path.realpath(subprocess.check_output(["which", "swift"], text=True).strip()))
    floors = {**minimums(), **overrides}
    symbols = introduced_versions(swift_bin)
    occurrences = references(store, os.path.join(os.path.dirname(swift_bin), "lib", "libIndexStore.so"))
    problems, checked = set(), set()
    for module, path, line, column, usr in occurrences:
        if usr not in symbols:
            continue
        checked.add(usr)
        title, versions = symbols[usr]
        for platform, introduced in versions.items():
            floor = floors.get(platform)
            if floor and introduced > floor:
                problems.add(f"{path}:{line}:{column}: error: {title} needs {platform} {introduced[0]}.{introduced[1]}, "
                             f"above the declared {floor[0]}.{floor[1]}")
    for problem in sorted(problems):
        print(problem)
    print(f"availability: {len(occurrences)} references in {', '.join(sorted(LIBRARIES))}; {len(checked)} distinct "
          f"standard-library symbols with Apple availability checked against "
          + ", ".join(f"{k} {v[0]}.{v[1]}" for k, v in sorted(floors.items())) + f"; {len(problems)} above")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
