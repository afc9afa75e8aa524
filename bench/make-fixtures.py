#!/usr/bin/env python3
"""Writes the benchmark recordings: a 200-result search in Apple's raw layout, built from the shared
recorded responses (songs and movies), plus an index.tsv for the replay server."""
import json, os, sys

shared, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
songs = json.load(open(os.path.join(shared, "song-search-jack-johnson-50-mixed-movie.json")))["results"]
mixed = json.load(open(os.path.join(shared, "mixed-search-jack-johnson-limit25-songs-and-movies.json")))["results"]
results = (songs * 4)[:175] + mixed
# Apple's raw layout: three leading newlines, one result a line, ", " between members.
body = "\n\n\n{\n \"resultCount\":200,\n \"results\": [\n" + ", \n".join(
    json.dumps(r, ensure_ascii=False, separators=(", ", ":")) for r in results) + "]\n}\n\n\n"
open(os.path.join(out, "search-200.json"), "w").write(body)
with open(os.path.join(out, "index.tsv"), "w") as index:
    index.write("file\tstatus\trequest\tsource\tnote\n")
    index.write("search-200.json\t200\t/search?term=bench&limit=200\tgenerated\t200 results\n")
print(len(body.encode()))
