#!/usr/bin/env python3
"""Drops the lazily bound libraries from an executable's start-up dependencies (`make release`).

  python3 Scripts/lazy-libraries.py BINARY

The `tunes` executable links stubs of every function it uses from libcurl, GIO, GObject, GLib,
chafa, TurboJPEG and libpng (Sources/CStartup): each loads its library on its first call.
The linker still records the libraries as needed (SwiftPM puts them before any `--as-needed`), so
the dynamic loader would map and relocate them and their 35 dependencies before `main`. This
removes those DT_NEEDED entries in place, then proves the result: the binary must run
`--version` with LD_BIND_NOW=1 (every symbol resolved at start, so one still owed to a removed
library fails here, not later), and on a pseudo-terminal too. When the proof fails the
original is put back and the script exits 1. Running it again on a patched binary changes nothing.
"""
import os, shutil, struct, subprocess, sys

LAZY = {b"libcurl.so.4", b"libgio-2.0.so.0", b"libgobject-2.0.so.0", b"libglib-2.0.so.0",
        b"libchafa.so.0", b"libturbojpeg.so.0", b"libpng16.so.16"}
PT_DYNAMIC, DT_NULL, DT_NEEDED, DT_STRTAB = 2, 0, 1, 5


def patch(path):
    with open(path, "r+b") as f:
        data = bytearray(f.read())
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            sys.exit(f"lazy-libraries: {path} is not a 64-bit little-endian ELF file")
        phoff, = struct.unpack_from("<Q", data, 0x20)
        phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
        segments = [struct.unpack_from("<IIQQQQQQ", data, phoff + i * phentsize)
                    for i in range(phnum)]
        dynamic = next((s for s in segments if s[0] == PT_DYNAMIC), None)
        if dynamic is None:
            return []
        offset, size = dynamic[2], dynamic[5]
        entries = [struct.unpack_from("<qQ", data, offset + i * 16) for i in range(size // 16)]
        strtab_addr = next(v for t, v in entries if t == DT_STRTAB)
        # The string table's file offset, from the load segment that holds its address.
        load = next(s for s in segments if s[0] == 1 and s[3] <= strtab_addr < s[3] + s[5])
        strtab = strtab_addr - load[3] + load[2]

        def name(value):
            start = strtab + value
            return bytes(data[start:data.index(0, start)])

        kept, dropped = [], []
        for tag, value in entries:
            if tag == DT_NEEDED and name(value) in LAZY:
                dropped.append(name(value).decode())
            else:
                kept.append((tag, value))
        if not dropped:
            return []
        kept += [(DT_NULL, 0)] * (len(entries) - len(kept))
        for i, (tag, value) in enumerate(kept):
            struct.pack_into("<qQ", data, offset + i * 16, tag, value)
        f.seek(0)
        f.write(data)
    return dropped


def main():
    path = os.path.abspath(sys.argv[1])
    backup = path + ".eager"
    shutil.copy2(path, backup)
    dropped = patch(path)
    if not dropped:
        os.remove(backup)
        print(f"lazy-libraries: {path}: nothing to drop")
        return
    env = dict(os.environ, LD_BIND_NOW="1")
    proof = subprocess.run([path, "--version"], env=env, capture_output=True, text=True)
    if proof.returncode != 0:
        os.replace(backup, path)
        print(f"lazy-libraries: {path} does not start without {', '.join(dropped)}; left as it was:",
              file=sys.stderr)
        print(proof.stderr.strip(), file=sys.stderr)
        sys.exit(1)
    on_terminal = version_on_terminal(path)
    if on_terminal is not None:
        os.replace(backup, path)
        print(f"lazy-libraries: {path} --version on a terminal: {on_terminal}; left as it was",
              file=sys.stderr)
        sys.exit(1)
    os.remove(backup)
    print(f"lazy-libraries: {path}: {len(dropped)} libraries load on first use ({', '.join(dropped)})")


def version_on_terminal(path):
    """None when `path --version` on a pseudo-terminal prints its version line and exits (the
    start-up code takes another path there: Sources/CStartup/backtrace.c), else what went wrong."""
    import pty, select, time
    env = {k: v for k, v in os.environ.items() if k != "SWIFT_BACKTRACE"}
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(path, [path, "--version"], env)
    seen, deadline = b"", time.monotonic() + 10
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    finished, status = os.waitpid(pid, os.WNOHANG)
    if finished == 0:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        return "still running after 10 s"
    os.close(fd)
    if status != 0 or not seen.startswith(b"tunes "):
        return f"exit status {status}, printed {seen[:80]!r}"
    return None


main()
