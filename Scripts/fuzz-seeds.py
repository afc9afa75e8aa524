#!/usr/bin/env python3
"""Seeds for `make fuzz`, one folder per target, made from the shared recordings.

json, catalog: every recorded body. replay-request: the recorded requests as HTTP heads (one,
pipelined pairs, a Range header). input: terminal input the app meets. arguments: command lines
from the README, NUL-separated. mcp-messages: the transcript of `tunes mcp` in the README's
test, and bad lines. The first byte of input and replay-request seeds is the chunk
size the target feeds the bytes in.
"""
import os
import sys

shared, out = sys.argv[1], sys.argv[2]


def write(target, name, data):
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(data)


requests = []
for line in open(os.path.join(shared, "index.tsv"), encoding="utf-8"):
    fields = line.rstrip("\n").split("\t")
    if len(fields) < 3 or fields[0].startswith("#"):
        continue
    name, request = fields[0], fields[2]
    path = os.path.join(shared, name)
    if os.path.isfile(path):
        body = open(path, "rb").read()[:32768]
        write("json", name, body)
        write("catalog", name, body)
    if request.startswith("/"):
        requests.append(request)

for index, request in enumerate(requests):
    head = f"GET {request} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    write("replay-request", f"one-{index}", b"\x07" + head)
    write("replay-request", f"pair-{index}", b"\x01" + head + head.replace(b"GET", b"HEAD"))
write("replay-request", "range",
      b"\x10GET /files/a.m4a HTTP/1.1\r\nRange: bytes=0-99\r\nConnection: close\r\n\r\n")
write("replay-request", "body",
      b"\x03POST /search?term=x HTTP/1.0\r\nContent-Length: 5\r\n\r\nhelloGET / HTTP/1.1\n\n")

inputs = {
    "arrows": b"\x1b[A\x1b[B\x1b[C\x1b[D\x1bOA\x1b[1;5C",
    "text": "jack johnson café 日本 🎵\r".encode(),
    "controls": b"\x01\x05\x17\x15\x0b\x7f\x08\t\x1b",
    "mouse": b"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<64;3;3M\x1b[M !!",
    "paste": b"\x1b[200~pasted \x1b[A text\x1b[201~",
    "keys": b"\x1b[97;5u\x1b[1;2P\x1b[15~\x1b[3~\x1bOP\x1b[Z",
    "focus": b"\x1b[I\x1b[O\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;c",
}
for name, data in inputs.items():
    write("input", name, b"\x02" + data)

commands = [
    ["search", "jack", "johnson", "--limit", "3"],
    ["search", "x", "--media", "music", "--entity", "song", "--format", "ndjson"],
    ["search", "x", "--limt", "5"],
    ["lookup", "1441458047", "--entity", "song", "--limit", "200", "--country", "gb"],
    ["lookup", "-", "--format", "csv"],
    ["lookup", "--bundle-id", "com.facebook.Facebook", "--format", "json"],
    ["history", "--match", "bjork"],
    ["history", "--clear"],
    ["favorites", "add", "284882215", "1,2"],
    ["favorites", "list", "--format", "tsv"],
    ["favorites", "export", "--format", "csv"],
    ["doctor"],
    ["--version"],
    ["search", "--wait", "0", "x", "--offline"],
]
for index, command in enumerate(commands):
    write("arguments", f"command-{index}", "\0".join(command).encode())

# mcp-messages: the client's side of a conversation, whole and cut, and lines that are not one.
transcript = os.path.join(os.path.dirname(__file__), "..", "Tests", "EndToEndTests",
                          "__Snapshots__", "mcp-transcript.txt")
if os.path.isfile(transcript):
    sent = [line[2:] for line in open(transcript, encoding="utf-8").read().split("\n")
            if line.startswith("\u2192 ")]
    write("mcp-messages", "conversation", ("\n".join(sent) + "\n").encode())
    write("mcp-messages", "crlf", ("\r\n".join(sent)).encode())
write("mcp-messages", "bad", b'{"jsonrpc":"2.0","id":1,"method":\n[1,2]\n{"id":true}\n\n\xff\n')
write("mcp-messages", "tools-call",
      b'{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"search",'
      b'"arguments":{"term":"a\\u0000b","limit":1e400}}}\n')

# config: config.json as people write it: plain, with comments and trailing commas, with a bad
# value, cut short, not an object.
for name, text in [
    ("plain", '{"history": false, "columns": 3, "country": "GB", "images": "symbols",\n'
              ' "video": "audio", "mpvOptions": "--volume=50",\n'
              ' "filters": {"media": "music", "limit": 25}}'),
    ("comments", '{\n  // mine\n  "history": false, /* c */\n  "columns": 2,\n}\n'),
    ("bad-value", '{"columns": "two", "history": "no", "histroy": 1, "filters": [1]}'),
    ("cut", '{"history": fal'),
    ("array", '[1, 2, {"history": false}]'),
]:
    write("config", name, text.encode())

# csv: rows of fields (0x1E between rows, 0x1F between fields) with formulas, numbers, quotes,
# line breaks and escape sequences.
rows = [
    ["id", "kind", "title", "price"],
    ["1", "song", "=HYPERLINK(\"http://x\",\"y\")", "-1"],
    ["2", "song", "Evil\x1b[2J\x1b]52;c;aGk=\x07Title\u202e", "+44"],
    ["3", "song", "say \"hi\",\nthere\r\n", "'=already"],
    ["4", "", "@SUM(A1)", "-1.29e3"],
]
write("csv", "rows", "\x1e".join("\x1f".join(row) for row in rows).encode())
