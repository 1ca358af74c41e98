#!/usr/bin/env python3
"""`make docs`: the API reference of the TextFit and TextFitLayout products, built offline with the
toolchain's DocC, and held to two rules (issue 50):

1. Every public symbol has a summary line: a documentation comment whose first line says what it
   is. The symbol graph of each product's umbrella module, with the modules it re-exports
   (swift-symbolgraph-extract's -experimental-allowed-reexported-modules: `import TextFit` brings
   them, so their symbols are the product's), is read, and a public symbol without one is listed
   with its file and line; any such symbol fails the build.
2. No DocC warning: a symbol link (``Name``) that does not resolve, an ambiguous one, a missing
   article, a parameter documented that does not exist… DocC's diagnostics (its --diagnostics-file
   JSON) are printed, and any warning fails the build.

3. The articles' code compiles: each ```swift block (but a package manifest) is type-checked by
   itself against the built modules.

Steps: the debug build's modules (the Makefile builds the TextFit target first) → symbol graphs in
.build/docs/symbol-graphs/PRODUCT → `docc convert` of Sources/PRODUCT/PRODUCT.docc → a static site
in .build/docs/PRODUCT (hosting base path PRODUCT, so `python3 -m http.server -d .build/docs`
serves both: http://localhost:8000/TextFit/documentation/textfit/).

Usage: Tests/docs/build.py [--swift swift] [--out .build/docs] [--product TextFit] [--check-only] [--self-test]
(--check-only: the symbol graphs, the summary check and the articles' code, no DocC; --self-test:
a copy of TextFitLayout's catalog with a broken symbol link and a broken code block must fail both
checks, so a check that passes can fail).
"""
import argparse, json, os, shutil, subprocess, sys, time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# Each product's umbrella module and the modules it re-exports (Sources/PRODUCT/PRODUCT.swift's
# `@_exported import`s of this package's modules).
PRODUCTS = {
    "TextFit": ["TextFitLayout", "Typography", "TextLayout", "LayoutCore", "Layouts", "Controls", "Rendering",
                "PreviewSupport", "LocalizationStress", "Catalogs"],
    "TextFitLayout": ["Typography", "TextLayout", "LayoutCore", "Layouts", "Catalogs", "Controls", "Rendering",
                      "PreviewSupport"],
}


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs).stdout.strip()


def toolchain_tool(swift, name):
    """A tool of the toolchain `swift` belongs to (docc, swift-symbolgraph-extract)."""
    path = shutil.which(swift) or swift
    candidate = os.path.join(os.path.dirname(os.path.realpath(path)), name)
    return candidate if os.access(candidate, os.X_OK) else (shutil.which(name) or name)


def reexported(product):
    """The package modules `Sources/PRODUCT/PRODUCT.swift` re-exports, to keep PRODUCTS honest."""
    with open(os.path.join(ROOT, "Sources", product, product + ".swift")) as f:
        return [line.split()[-1] for line in f if line.startswith("@_exported import ")]


def c_module_flags(bin_path):
    """The C modules the Swift modules import, as SwiftPM passes them: module maps and headers."""
    cflags = []
    for modulemap in ["CICU/include/module.modulemap", "CHarfBuzz/module.modulemap", "CFreeType/module.modulemap",
                      "CFontconfig/module.modulemap", "CMicroHTTPD/include/module.modulemap",
                      os.path.join(bin_path, "CRSVG.build", "module.modulemap")]:
        cflags += ["-Xcc", "-fmodule-map-file=" + os.path.join(ROOT, modulemap)]
    for include in ["CICU/include", "CRSVG/include", "CMicroHTTPD/include"]:
        cflags += ["-Xcc", "-I" + os.path.join(ROOT, include)]
    for flag in run(["pkg-config", "--cflags-only-I", "harfbuzz", "freetype2", "fontconfig"]).split():
        cflags += ["-Xcc", flag]
    return cflags


def symbol_graph(swift, bin_path, product, out):
    """Extracts PRODUCT's symbol graph, its re-exported modules included, into `out`."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    cflags = c_module_flags(bin_path)
    triple = json.loads(run([toolchain_tool(swift, "swiftc"), "-print-target-info"]))["target"]["triple"]
    run([toolchain_tool(swift, "swift-symbolgraph-extract"), "-module-name", product,
         "-I", os.path.join(bin_path, "Modules"), "-target", triple,
         "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", out,
         "-experimental-allowed-reexported-modules=" + ",".join(PRODUCTS[product])] + cflags)


def summary(symbol):
    """The first line of a symbol's documentation comment, or ''."""
    lines = (symbol.get("docComment") or {}).get("lines") or []
    for line in lines:
        text = line.get("text", "").strip()
        if text:
            return text
    return ""


def undocumented(graph_dir, product):
    """Public symbols of the product without a summary line: (file:line, title, kind)."""
    missing = []
    for name in sorted(os.listdir(graph_dir)):
        if not name.startswith(product + ".") and not name.startswith(product + "@"):
            continue
        with open(os.path.join(graph_dir, name)) as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            if summary(symbol):
                continue
            location = symbol.get("location") or {}
            uri = location.get("uri", "").replace("file://", "")
            where = os.path.relpath(uri, ROOT) if uri else "?"
            line = location.get("position", {}).get("line", -1) + 1
            path = ".".join(symbol["pathComponents"])
            missing.append((f"{where}:{line}", path, symbol["kind"]["identifier"]))
    return sorted(set(missing))


def catalog_path(product):
    """PRODUCT's DocC catalog (the self-test points it at a broken copy)."""
    return CATALOGS.get(product) or os.path.join(ROOT, "Sources", product, product + ".docc")


CATALOGS = {}


def swift_blocks(product):
    """The ```swift blocks of PRODUCT.docc's articles: (article, line, code). A package manifest
    (`// swift-tools-version`) is not one: it is not compiled against TextFit."""
    catalog = catalog_path(product)
    blocks = []
    for name in sorted(os.listdir(catalog)):
        if not name.endswith(".md"):
            continue
        with open(os.path.join(catalog, name)) as f:
            lines = f.read().split("\n")
        start = None
        for number, line in enumerate(lines, 1):
            if start is None and line.strip() == "```swift":
                start = number
            elif start is not None and line.strip() == "```":
                code = "\n".join(lines[start:number - 1])
                if not code.startswith("// swift-tools-version"):
                    blocks.append((os.path.join(catalog, name), start, code))
                start = None
    return blocks


def check_snippets(swift, bin_path, product, out, only=None):
    """Type-checks each ```swift block of PRODUCT's articles (of the article named `only`, if given),
    by itself, against the built modules, so the articles' code cannot drift from the API. Returns
    the failures."""
    cflags = c_module_flags(bin_path)
    failures = []
    folder = os.path.join(out, "snippets", product)
    shutil.rmtree(folder, ignore_errors=True)
    for index, (article, line, code) in enumerate(swift_blocks(product)):
        if only and os.path.basename(article) != only:
            continue
        directory = os.path.join(folder, str(index))
        os.makedirs(directory)
        with open(os.path.join(directory, "main.swift"), "w") as f:
            f.write(code + "\n")
        result = subprocess.run([toolchain_tool(swift, "swiftc"), "-typecheck", "-I", os.path.join(bin_path, "Modules"),
                                 os.path.join(directory, "main.swift")] + cflags, capture_output=True, text=True)
        if result.returncode != 0:
            errors = [l for l in result.stderr.splitlines() if ": error:" in l]
            failures.append(f"{os.path.relpath(article, ROOT)}:{line}: the code block does not compile: "
                            + "; ".join(e.split(": error: ", 1)[1] for e in errors[:3]))
    return failures


def docc(swift, product, graph_dir, out):
    """Converts Sources/PRODUCT/PRODUCT.docc with the symbol graphs; returns DocC's warnings."""
    catalog = catalog_path(product)
    target = os.path.join(out, product)
    shutil.rmtree(target, ignore_errors=True)
    diagnostics = os.path.join(out, product + "-diagnostics.json")
    subprocess.run([toolchain_tool(swift, "docc"), "convert", catalog, "--additional-symbol-graph-dir", graph_dir,
                    "--fallback-display-name", product, "--fallback-bundle-identifier", "org.textfit." + product,
                    "--output-path", target, "--transform-for-static-hosting", "--hosting-base-path", product,
                    "--diagnostics-file", diagnostics],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(diagnostics) as f:
        found = json.load(f)["diagnostics"]
    warnings = []
    for item in found:
        if item.get("severity") not in ("warning", "error"):
            continue
        source = (item.get("source") or "").replace("file://", "")
        line = ((item.get("range") or {}).get("start") or {}).get("line", "?")
        where = f"{os.path.relpath(source, ROOT)}:{line}" if source else product
        warnings.append(f"{where}: {item.get('summary')}")
    return warnings


def self_test(swift, bin_path, out):
    """The checks can fail: a copy of TextFitLayout's catalog with a symbol link that does not
    resolve and a code block that does not compile must give a DocC warning naming the link and a
    failing block. Returns the problems found with the checks (none when they work)."""
    import tempfile
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        broken = os.path.join(folder, "TextFitLayout.docc")
        shutil.copytree(catalog_path("TextFitLayout"), broken, symlinks=False)
        with open(os.path.join(broken, "Broken.md"), "w") as f:
            f.write("# Broken\n\nA link to ``NoSuchSymbolInTextFit``.\n\n```swift\nimport TextFitLayout\n"
                    "let width: Double = Shaper.noSuchMember\n```\n")
        CATALOGS["TextFitLayout"] = broken
        try:
            graphs = os.path.join(out, "symbol-graphs", "TextFitLayout")
            if not os.path.isdir(graphs):
                symbol_graph(swift, bin_path, "TextFitLayout", graphs)
            blocks = check_snippets(swift, bin_path, "TextFitLayout", os.path.join(folder, "out"), only="Broken.md")
            if len(blocks) != 1 or "noSuchMember" not in blocks[0]:
                problems.append(f"a code block that does not compile was not caught: {blocks}")
            warnings = docc(swift, "TextFitLayout", graphs, os.path.join(folder, "out"))
            if not any("NoSuchSymbolInTextFit" in w and "Broken.md" in w for w in warnings):
                problems.append(f"a symbol link that does not resolve gave no DocC warning: {warnings}")
        finally:
            del CATALOGS["TextFitLayout"]
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--swift", default="swift")
    parser.add_argument("--out", default=os.path.join(ROOT, ".build", "docs"))
    parser.add_argument("--product", action="append", choices=sorted(PRODUCTS))
    parser.add_argument("--check-only", action="store_true")
    parser.add_argument("--self-test", action="store_true", help="check that a broken link and a broken code block fail")
    options = parser.parse_args()
    bin_path = run([options.swift, "build", "--package-path", ROOT, "--show-bin-path"])
    if options.self_test:
        started = time.time()
        problems = self_test(options.swift, bin_path, options.out)
        for problem in problems:
            print("docs self-test: " + problem)
        print(f"docs self-test: a broken symbol link and a code block that does not compile "
              f"{'are not both caught' if problems else 'are caught'} ({time.time() - started:.1f} s)")
        return 1 if problems else 0
    failed = False
    for product in options.product or ["TextFit", "TextFitLayout"]:
        started = time.time()
        own = [module for module in reexported(product) if module in PRODUCTS["TextFit"] + ["TextFitLayout"]]
        if sorted(own) != sorted(PRODUCTS[product]):
            print(f"docs: Sources/{product}/{product}.swift re-exports {sorted(own)}, Tests/docs/build.py lists "
                  f"{sorted(PRODUCTS[product])}: update PRODUCTS")
            failed = True
        graphs = os.path.join(options.out, "symbol-graphs", product)
        symbol_graph(options.swift, bin_path, product, graphs)
        missing = undocumented(graphs, product)
        for where, path, kind in missing:
            print(f"{where}: {path} ({kind}) has no summary line")
        if missing:
            print(f"docs: {product}: {len(missing)} public symbols without a summary line (a /// comment whose first line says what it is)")
            failed = True
        broken = check_snippets(options.swift, bin_path, product, options.out)
        for failure in broken:
            print(failure)
        if broken:
            print(f"docs: {product}: {len(broken)} code blocks in the articles do not compile")
            failed = True
        if options.check_only:
            continue
        warnings = docc(options.swift, product, graphs, options.out)
        for warning in warnings:
            print(warning)
        if warnings:
            print(f"docs: {product}: {len(warnings)} DocC warnings (unresolved or ambiguous symbol links, …)")
            failed = True
        print(f"docs: {product}: {os.path.relpath(os.path.join(options.out, product), ROOT)} "
              f"({len(missing)} undocumented, {len(warnings)} warnings, {time.time() - started:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
