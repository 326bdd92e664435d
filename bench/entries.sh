#!/bin/sh
# armylist-check --book: 1000 players' entries (the element list of a
# random 3.0 list each, general left open where the list has a choice)
# checked against the 634 lists of the 3.0 corpus, beside the same run
# without --book (the entries checked as lists).  $1: the bin directory.
# BENCH_ENTRIES for another count; BENCH_BIG_RUNS runs each (default 5).
set -eu
bin=$(cd "${1:?usage: bench/entries.sh BINDIR}" && pwd)
. "$(dirname "$0")/goal.inc"
top=$(cd "$(dirname "$0")/.." && pwd)
n=${BENCH_ENTRIES:-1000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
book=$top/tests/corpus/dba3-lists.txt
# the id line and the last line (the elements) of every n-th record, in
# turn, with a player
# (the file's comment, a record of its own, is no list)
awk -v n="$n" 'BEGIN { RS = ""; FS = "\n" }
	$1 !~ /^#/ { id[++m] = $1; el[m] = $NF }
	END {
		for (i = 1; i <= n; i++) {
			k = (i * 7919) % m + 1
			split(id[k], w, " ")
			printf "%s Entry %d\nPlayer: Player %d\n%s\n\n", w[1], i, i, el[k]
		}
	}' "$book" > "$dir/entries.txt"
"$bin/armylist-parse" --rules=dba3 "$book" > "$dir/book.xml" 2>/dev/null || true
k=${BENCH_BIG_RUNS:-5}
echo "input: $n entries against the $(grep -c '<army ' "$dir/book.xml") lists of the 3.0 corpus; $k runs each, medians of CPU time"
runs -n "$k" "$bin/armylist-check --rules=dba3 -o /dev/null --book=$dir/book.xml $dir/entries.txt" \
    "$bin/armylist-check --rules=dba3 -o /dev/null $dir/entries.txt" > "$dir/t" || true
sed "s|$dir/||g; s|$bin/||g" "$dir/t" | awk '{
	label = $9; for (i = 10; i <= NF; i++) label = label " " $i
	printf "%-78s %6.3f s cpu %6.3f s wall %8d KiB peak RSS\n",
	    label, $1 / 1000, $4 / 1000, $8 }'
"$bin/armylist-check" --rules=dba3 --book="$dir/book.xml" "$dir/entries.txt" > /dev/null 2> "$dir/err" || true
echo "entries: $(tail -n 1 "$dir/err")"
