#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks runtime/kernel/api.list against the kernel SDK, and writes the
support table of docs/kernel-api.md from it.

    api_list.py check SDK_DIR RUNTIME_INCLUDE DOC GXX CLANGXX   (ctest unit_sdk_api_list)
    api_list.py doc SDK_DIR DOC                     (rewrite the table in DOC)

check fails when
  - the SDK declares a public name api.list does not have, or has as `no`;
  - api.list says a name is supported, partial or extra and the SDK does not
    declare it (the g++ probe says which, with g++'s own error);
  - the table in DOC is not the one `doc` would write.

The SDK's names are found by the compilers, not by reading text: clang's
AST of two translation units (a BRISC build of every data-movement header,
a TRISC math build of every compute header) for declarations, g++ -E -dD
of the same units for macros. A name is public unless it is in the
namespaces ttfs, std or detail (or an anonymous one), begins with ttfs_,
TTFS_ or __, or is declared outside runtime/kernel or in its std/.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

STATUSES = ("supported", "partial", "no", "extra")
COMPUTE_PREFIXES = ("api/compute/", "compute_kernel_api", "sfpi")
# chlkc_*: the compute entry's NAMESPACE, the kernel's own.
INTERNAL_NAMESPACES = {"ttfs", "std", "detail", "(anonymous)", "chlkc_unpack", "chlkc_math",
                       "chlkc_pack"}
DECL_KINDS = {
    "FunctionDecl", "FunctionTemplateDecl", "CXXRecordDecl", "ClassTemplateDecl",
    "EnumDecl", "VarDecl", "VarTemplateDecl", "TypedefDecl", "TypeAliasDecl",
    "TypeAliasTemplateDecl",
}
TABLE_BEGIN = "<!-- table generated from runtime/kernel/api.list by tests/unit/sdk/api_list.py doc -->"
TABLE_END = "<!-- end of generated table -->"


class Entry:
    def __init__(self, name, kind, header, status, note, line):
        self.name, self.kind, self.header = name, kind, header
        self.status, self.note, self.line = status, note, line


def read_list(path):
    """api.list: `name kind header status [note...]`, # comments."""
    entries, errors = {}, []
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            fields = text.split(None, 4)
            if len(fields) < 4:
                errors.append(f"api.list:{n}: want `name kind header status [note]`: {text}")
                continue
            name, kind, header, status = fields[:4]
            note = fields[4] if len(fields) > 4 else ""
            if kind not in ("name", "macro"):
                errors.append(f"api.list:{n}: kind is `name` or `macro`, not `{kind}`")
            if status not in STATUSES:
                errors.append(f"api.list:{n}: status is one of {', '.join(STATUSES)}, not `{status}`")
            if status == "partial" and not note:
                errors.append(f"api.list:{n}: a partial name says what is missing")
            if name in entries:
                errors.append(f"api.list:{n}: {name} is listed twice (also line {entries[name].line})")
            entries[name] = Entry(name, kind, header, status, note, n)
    return entries, errors


def public_headers(sdk):
    """Every header a kernel may include, split by the side that includes it."""
    dm, compute = [], []
    for root, dirs, files in os.walk(sdk):
        rel_root = os.path.relpath(root, sdk)
        if rel_root.split(os.sep)[0] in ("std", "ttfs"):
            continue
        for f in files:
            if not f.endswith((".h", ".hpp")):
                continue
            rel = os.path.normpath(os.path.join(rel_root, f))
            (compute if rel.startswith(COMPUTE_PREFIXES) else dm).append(rel)
    return sorted(dm), sorted(compute)


def side_flags(sdk, inc, side):
    # The compute side as C++20: the 2.0 API's headers need it, as a
    # kernel build gives it to a kernel that includes them.
    std = "-std=c++20" if side == "compute" else "-std=c++17"
    base = [std, "-ffreestanding", "-nostdlib", f"-I{sdk}", f"-I{sdk}/std", f"-I{inc}",
            "-DKERNEL_BUILD", "-DARCH_BLACKHOLE", "-DNOC_MODE=0", "-DNUM_DRAM_BANKS=7",
            "-DNUM_L1_BANKS=110", "-DKERNEL_COMPILE_TIME_ARGS=0",
            "-include", os.path.join(sdk, "prelude.h")]
    if side == "compute":
        return base + ["-DCOMPILE_FOR_TRISC=1", "-DTRISC_MATH", "-DUCK_CHLKC_MATH",
                       "-DNAMESPACE=chlkc_math", "-DPROCESSOR_INDEX=3"]
    return base + ["-DCOMPILE_FOR_BRISC", "-DPROCESSOR_INDEX=0", "-DNOC_INDEX=0"]


def write_unit(tmp, side, headers, extra=""):
    path = os.path.join(tmp, f"{side}.cpp")
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(f'#include "{h}"\n' for h in headers)
        f.write(extra)
    return path


class LocTracker:
    """clang's JSON dump names a location's file only when it changes: follow it."""

    def __init__(self):
        self.file = None

    def see(self, loc):
        if not isinstance(loc, dict):
            return None
        if "spellingLoc" in loc or "expansionLoc" in loc:
            self.see(loc.get("spellingLoc"))
            return self.see(loc.get("expansionLoc"))
        if "file" in loc:
            self.file = loc["file"]
        return self.file

    def node(self, n):
        where = self.see(n.get("loc"))
        rng = n.get("range", {})
        self.see(rng.get("begin"))
        self.see(rng.get("end"))
        return where


def clang_decls(clang, unit, flags):
    """(qualified name, file) of every namespace-scope declaration of a unit."""
    cmd = [clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-nostdinc++", "-w",
           "-fsyntax-only", "-Xclang", "-ast-dump=json"] + flags + [unit]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if not res.stdout:
        raise RuntimeError(f"clang++ made no AST of {unit}:\n{res.stderr[:2000]}")
    tree = json.loads(res.stdout)
    tracker, found = LocTracker(), {}

    def skip(n):
        tracker.node(n)
        for c in n.get("inner", ()):
            skip(c)

    def visit(n, scope):
        where = tracker.node(n)
        kind, name = n.get("kind"), n.get("name")
        if kind == "NamespaceDecl":
            for c in n.get("inner", ()):
                visit(c, scope + [name or "(anonymous)"])
            return
        if kind == "LinkageSpecDecl":
            for c in n.get("inner", ()):
                visit(c, scope)
            return
        # A deduction guide (clang names it "<deduction guide for X>")
        # belongs to its class, as a constructor does.
        if kind in DECL_KINDS and name and not name.startswith("<") and not n.get("isImplicit"):
            found.setdefault("::".join(scope + [name]), (where, scope, name))
        for c in n.get("inner", ()):
            skip(c)

    for c in tree.get("inner", ()):
        visit(c, [])
    return found, res.stderr


def gxx_macros(gxx, unit, flags):
    """name -> file of every macro a unit's headers define."""
    res = subprocess.run([gxx, "-march=rv32im", "-mabi=ilp32", "-E", "-dD"] + flags + [unit],
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"{gxx} -E {unit} failed:\n{res.stderr[:2000]}")
    found, where = {}, None
    for line in res.stdout.splitlines():
        m = re.match(r'# \d+ "([^"]*)"', line)
        if m:
            where = m.group(1)
        elif line.startswith("#define "):
            name = re.match(r"#define (\w+)", line).group(1)
            found.setdefault(name, where)
    return found


def in_sdk(sdk, path):
    if not path or path.startswith("<"):
        return False
    rel = os.path.relpath(os.path.realpath(path), os.path.realpath(sdk))
    return not rel.startswith("..") and not rel.startswith("std" + os.sep)


def sdk_relative(sdk, path):
    return os.path.relpath(os.path.realpath(path), os.path.realpath(sdk))


def internal_name(name):
    # Operators come with their types; they are not names a kernel calls.
    return name.startswith(("ttfs_", "TTFS_", "__", "operator"))


def sdk_names(sdk, inc, gxx, clang, tmp):
    """name -> ('name' | 'macro', SDK header, side) of the SDK's public names,
    side the first unit (dm, compute) that declares it."""
    dm, compute = public_headers(sdk)
    names = {}
    for side, headers in (("dm", dm), ("compute", compute)):
        flags = side_flags(sdk, inc, side)
        unit = write_unit(tmp, side, headers)
        decls, _ = clang_decls(clang, unit, flags)
        for qual, (where, scope, name) in decls.items():
            if set(scope) & INTERNAL_NAMESPACES or internal_name(name):
                continue
            if in_sdk(sdk, where):
                names.setdefault(qual, ("name", sdk_relative(sdk, where), side))
        for name, where in gxx_macros(gxx, unit, flags).items():
            if in_sdk(sdk, where) and not internal_name(name) and not name.startswith("_"):
                # A name that is also a macro (DPRINT: an object and a
                # function-like macro) is the macro to a kernel.
                if names.get(name, ("macro",))[0] != "macro":
                    del names[name]
                names.setdefault(name, ("macro", sdk_relative(sdk, where), side))
    return names


def probe(gxx, sdk, inc, tmp, entries, names):
    """Compile, with the real kernel compiler, a use of every listed name
    clang found, in the unit clang found it in: g++ must agree."""
    dm, compute = public_headers(sdk)
    errors = []
    for side, headers in (("dm", dm), ("compute", compute)):
        checks = []
        for e in entries.values():
            if e.status == "no" or e.name not in names or names[e.name][2] != side:
                continue
            if e.kind == "macro":
                checks.append(f"#ifndef {e.name}\n#error api.list: macro {e.name} is not defined\n#endif\n")
            else:
                checks.append(f"namespace api_list_probe_{len(checks)} {{ using ::{e.name}; }}\n")
        unit = write_unit(tmp, side + "_probe", headers, "".join(checks))
        res = subprocess.run([gxx, "-march=rv32im", "-mabi=ilp32", "-fsyntax-only", "-w",
                              "-fmax-errors=0"] + side_flags(sdk, inc, side) + [unit],
                             capture_output=True, text=True)
        if res.returncode != 0:
            lines = [l for l in res.stderr.splitlines() if "error" in l]
            errors.append(f"the {side} probe does not compile:\n  " + "\n  ".join(lines[:40]))
    return errors


def compare(entries, names):
    errors = []
    for name, (kind, header, _) in sorted(names.items()):
        e = entries.get(name)
        if e is None:
            errors.append(f"{header}: declares {name}, which api.list does not have: add\n"
                          f"    {name} {kind} <tt-metal header> supported|partial|extra <note>")
        elif e.status == "no":
            errors.append(f"{header}: declares {name}, which api.list (line {e.line}) says is `no`")
        elif e.kind != kind:
            errors.append(f"api.list:{e.line}: {name} is a {kind} in {header}, not a {e.kind}")
    for e in entries.values():
        if e.status != "no" and e.name not in names:
            errors.append(f"api.list:{e.line}: {e.name} is `{e.status}`, but no public SDK "
                          f"header declares it (gone, renamed, or now internal?)")
    return errors


def md_escape(text):
    return text.replace("|", "\\|")


def table(entries):
    """The generated part of docs/kernel-api.md: one table per tt-metal header."""
    by_header = {}
    for e in entries.values():
        by_header.setdefault(e.header if e.status != "extra" else "(ttfs only)", []).append(e)
    out = [TABLE_BEGIN, ""]
    counts = {s: sum(1 for e in entries.values() if e.status == s) for s in STATUSES}
    out.append("Names: " + ", ".join(f"{counts[s]} {s}" for s in STATUSES) + ".")
    out.append("")
    for header in sorted(by_header, key=lambda h: (h == "(ttfs only)", h)):
        out.append(f"### `{header}`" if header != "(ttfs only)" else "### ttfs only (`extra`)")
        out.append("")
        out.append("| name | status | note |")
        out.append("|---|---|---|")
        for e in sorted(by_header[header], key=lambda e: e.name):
            shown = f"`{e.name}`" + (" (macro)" if e.kind == "macro" else "")
            note = md_escape(e.note)
            if e.status == "extra":
                note = (f"`{e.header}`: " + note) if note else f"`{e.header}`"
            out.append(f"| {shown} | {e.status} | {note} |")
        out.append("")
    out.append(TABLE_END)
    return "\n".join(out) + "\n"


def split_doc(doc):
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    start, end = text.find(TABLE_BEGIN), text.find(TABLE_END)
    if start < 0 or end < start:
        raise RuntimeError(f"{doc}: no generated table markers")
    return text[:start], text[start:end + len(TABLE_END) + 1], text[end + len(TABLE_END) + 1:]


def main(argv):
    if len(argv) == 4 and argv[1] == "doc":
        sdk, doc = argv[2], argv[3]
        entries, errors = read_list(os.path.join(sdk, "api.list"))
        if errors:
            print("\n".join(errors))
            return 1
        head, _, tail = split_doc(doc)
        with open(doc, "w", encoding="utf-8") as f:
            f.write(head + table(entries) + tail)
        return 0
    if len(argv) != 7 or argv[1] != "check":
        print(__doc__)
        return 2
    _, _, sdk, inc, doc, gxx, clang = argv
    entries, errors = read_list(os.path.join(sdk, "api.list"))
    with tempfile.TemporaryDirectory() as tmp:
        names = sdk_names(sdk, inc, gxx, clang, tmp)
        errors += compare(entries, names)
        errors += probe(gxx, sdk, inc, tmp, entries, names)
    if split_doc(doc)[1] != table(entries):
        errors.append(f"{doc}: its table is not api.list's: run "
                      f"tests/unit/sdk/api_list.py doc runtime/kernel docs/kernel-api.md")
    for e in errors:
        print("FAIL:", e)
    print(f"{len(entries)} names in api.list, {len(names)} public names in the SDK")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
