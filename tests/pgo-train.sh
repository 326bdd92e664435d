#!/bin/sh
# tests/pgo-train.sh BINDIR: the training run of make PGO=1 (the Makefile
# runs it on build-pgo/bin as PGO=gen made it: its tools count their
# branches into build-pgo/prof as they run): the demo's pipeline, and
# every sample and corpus of the repository read in each output format,
# read back and checked.  Its statuses and outputs are not looked at: it
# is run for the counts (make check runs the regress cases through the
# build made with them).
set -u
bin=$(cd "${1:?usage: tests/pgo-train.sh BINDIR}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
cd "$top"
P=$bin/armylist-parse
for f in samples/*.txt samples/*.html samples/*.tsv samples/*.csv \
    tests/corpus/*.txt; do
	for o in "" "-T tsv" "-T json" "-T text" "--rules=dba3" \
	    "--rules=dba22"; do
		# shellcheck disable=SC2086
		"$P" $o "$f" > "$w/out" 2>&1
	done
	"$bin/armylist-check" "$f" > "$w/out" 2>&1
done
"$P" samples/*.txt tests/corpus/*.txt > "$w/all.xml" 2>/dev/null
"$P" -T json "$w/all.xml" > "$w/all.json" 2>/dev/null
for f in "$w/all.xml" "$w/all.json"; do
	"$P" -T tsv "$f" > "$w/out" 2>&1
	"$bin/armylist-check" "$f" > "$w/out" 2>&1
done
# the demo, in a directory of its own (it writes demo/)
mkdir "$w/demo"
ln -s "$top/samples" "$w/demo/samples"
ln -s "$top/formats" "$w/demo/formats"
(cd "$w/demo" && sh samples/demo.sh "$bin") > "$w/out" 2>&1
exit 0
