#!/bin/sh
# bench/move.sh BINDIR: moves per second and peak RSS of move-check on
# 1 000 000 generated move lines (text, -T tsv, -T xml), beside cat.
set -eu
bin=${1:?usage: bench/move.sh BINDIR}
n=${BENCH_LINES:-1000000}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

# Deterministic mix: a bound line before every fifth move, every troop
# type, groups, units, flags; about a third of the moves are illegal.
awk -v n="$n" 'BEGIN {
	split("Kn Cv LH Cm SCh El WWg Art Bd Sp Pk Ax Wb Bw Ps CF", t, " ")
	split("200|300|400|75mm|3in|1.5bw|500|100", d, "|")
	split("|road|difficult|far|general road|id=a|breakoff=Bd|zoc=other screened|contact|flank-contact face|hidden", f, "|")
	s = 12345
	for (i = 0; i < n; i++) {
		if (i % 5 == 0) {
			lost = (i % 35 == 0)
			print "bound " (i / 5 % 6 + 1) (lost ? " general-lost" : "")
		}
		s = (s * 1103515245 + 12345) % 2147483648; a = t[s % 16 + 1]
		s = (s * 1103515245 + 12345) % 2147483648; b = d[s % 8 + 1]
		s = (s * 1103515245 + 12345) % 2147483648; fl = f[s % 11 + 1]
		# no general element in a bound that lost its general
		if (lost && fl ~ /^general/)
			sub(/^general /, "", fl)
		if (i % 7 == 3 && fl !~ /breakoff|face/) {
			a = a "," a
			fl = fl " column"
		}
		print "move " a " " b " " fl
	}
}' > "$tmp/moves.txt"

# run LABEL CMD...: wall time, moves/s and peak RSS (KiB) of CMD, from
# /usr/bin/time -f '%e %M'
run() {
	label=$1
	shift
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$@" < "$tmp/moves.txt" \
	    > /dev/null 2> "$tmp/err" || true
	if grep -q 'error:' "$tmp/err"; then
		echo "bench/move.sh: $label: $(head -n 1 "$tmp/err")" >&2
	fi
	set -- $(tail -n 1 "$tmp/time")
	awk -v l="$label" -v s="$1" -v m="$2" -v n="$n" \
	    'BEGIN { t = s; if (t <= 0) t = 0.01
	             printf "%-22s %7.2f s %12.0f moves/s %8d KiB peak RSS\n", l, s, n / t, m }'
}

echo "move-check bench: $n moves, $(grep -c '^bound' "$tmp/moves.txt") bounds ($(wc -c < "$tmp/moves.txt") bytes)"
run "cat" cat
run "move-check (text)" "$bin/move-check"
run "move-check -T tsv" "$bin/move-check" -T tsv
run "move-check -T xml" "$bin/move-check" -T xml
run "move-check -T json" "$bin/move-check" -T json
# the same moves without bound lines: one bound without a PIP budget,
# streamed move by move
grep -v '^bound' "$tmp/moves.txt" > "$tmp/nobound.txt"
mv "$tmp/nobound.txt" "$tmp/moves.txt"
echo "without bound lines:"
run "cat" cat
run "move-check -T xml" "$bin/move-check" -T xml
