#!/bin/sh
# bench/battle.sh BINDIR: CPU time and peak RSS of battle-scan on
# generated battlefields of 100 to 10 000 elements (lines of pairs in
# front contact, a wood every 50 elements) and plans of as many moves as
# one side has elements; the spatial grid keeps it near-linear.
set -eu
bin=${1:?usage: bench/battle.sh BINDIR}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

# field N: N elements in rows of 50 pairs
field() {
	awk -v n="$1" -v plan="$tmp/plan.txt" 'BEGIN {
		rows = int((n + 99) / 100)
		printf "<battlefield version=\"1\" width=\"8400\" height=\"%d\">\n", rows * 500 + 400
		for (r = 0; r < rows; r++)
			printf "<feature kind=\"wood\" going=\"difficult\"><point x=\"100\" y=\"%d\"/><point x=\"150\" y=\"%d\"/><point x=\"150\" y=\"%d\"/></feature>\n", r * 500 + 300, r * 500 + 300, r * 500 + 450
		for (s = 0; s < 2; s++) {
			printf "<side name=\"%s\" pips=\"6\">\n", s ? "blue" : "red"
			k = 0
			for (r = 0; r < rows && k < n / 2; r++)
				for (i = 0; i < 50 && k < n / 2; i++) {
					printf "<element id=\"%s%d\" troop=\"%s\" x=\"%d\" y=\"%d\" facing=\"%d\"%s/>\n", s ? "b" : "r", k, s ? "Wb" : "Bd", 200 + i * 160, r * 500 + 200, s * 180, k == 0 ? " general=\"yes\"" : ""
					if (s == 0)
						printf "move r%d back 40\n", k > plan
					k++
				}
			print "</side>"
		}
		print "</battlefield>"
	}' > "$tmp/field.xml"
}

run() {
	label=$1
	shift
	/usr/bin/time -f '%U %M' -o "$tmp/time" "$@" > /dev/null 2> "$tmp/err" || true
	if grep -q 'error:' "$tmp/err"; then
		echo "bench/battle.sh: $label: $(head -n 1 "$tmp/err")" >&2
	fi
	set -- $(tail -n 1 "$tmp/time")
	printf '%-28s %7.2f s CPU %8d KiB peak RSS\n' "$label" "$1" "$2"
}

for n in ${BENCH_ELEMENTS:-100 1000 3000 10000}; do
	rm -f "$tmp/plan.txt"
	field "$n"
	echo "battle-scan bench: $n elements, $(wc -l < "$tmp/plan.txt") moves"
	run "$n -T combat" "$bin/battle-scan" -T combat "$tmp/field.xml"
	run "$n -T xml" "$bin/battle-scan" -T xml "$tmp/field.xml"
	run "$n -T moves --plan" "$bin/battle-scan" -T moves \
	    --plan="$tmp/plan.txt" "$tmp/field.xml"
done
