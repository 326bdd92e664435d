#!/bin/sh
# bench/scale-out.sh BINDIR [CORPUS_DIR]: the same answer split over
# processes.  The list corpus (CORPUS_DIR/*.txt, default
# tests/corpus) is repeated to BENCH_MB megabytes (default
# 50), every army given an id of its own; then armylist-parse runs once
# over the whole, and through GNU parallel in chunks of BENCH_BLOCK
# (default 4M) with 1, 2 and 4 jobs, as bellis(7) SCALING shows for
# large outputs: a file per chunk, TSV joined with one header, XML with
# one declaration and root.  Each run is timed SCALE_OUT_RUNS times
# (default 3): the median wall time with its spread, the median CPU time of all
# its processes.  The joined outputs are compared with cmp, TSV also
# with the single run's.  The machine's load is printed before and
# after: on a busy machine the wall times say little, the CPU times
# bound what free cores could give.  Last, armylist-check over chunks of
# the JSON Lines against the collection's index, compared with one run.
# Needs GNU parallel (make deps).
set -eu
bin=$(cd "${1:?usage: bench/scale-out.sh BINDIR [CORPUS_DIR]}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${2:-$top/tests/corpus}
mb=${BENCH_MB:-50}
runs=${SCALE_OUT_RUNS:-3}
block=${BENCH_BLOCK:-4M}
PATH=$bin:$PATH
export PATH
command -v parallel > /dev/null ||
    { echo "scale-out: GNU parallel is missing (make deps)" >&2; exit 1; }
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

# ---- the input: the corpus to $mb MB, ids made unique ----------------
cat "$corpus"/*.txt > "$tmp/one.txt"
one=$(wc -c < "$tmp/one.txt")
[ "$one" -gt 0 ] || { echo "scale-out: no corpus in $corpus" >&2; exit 1; }
n=$(((mb * 1048576 + one - 1) / one))
i=0
while [ "$i" -lt "$n" ]; do
	echo "$tmp/one.txt"
	i=$((i + 1))
done | xargs awk '/^[IVX]+\// { s++; i = index($0, "/"); j = index($0, " ")
	$0 = substr($0, 1, i) s substr($0, j) } { print }' > "$tmp/in.txt"
in=$tmp/in.txt
armies=$(grep -c '^[IVX]*/' "$in")
dups=$(grep '^[IVX]*/' "$in" | cut -d ' ' -f 1 | sort | uniq -d | wc -l)
echo "input: $(($(wc -c < "$in") / 1048576)) MB of list text, $armies armies ($n copies of the corpus, $dups ids twice), chunks of $block"
echo "machine: $(nproc) cores; load before: $(cut -d ' ' -f 1-3 /proc/loadavg)"

# ---- timing ------------------------------------------------------------
# timed OUT CMD: run the shell command CMD (stdout to OUT) $runs times;
# sets med (median wall seconds), spread ("min-max") and cpu (median user
# + system seconds of CMD and all its processes)
timed() {
	out=$1 cmd=$2
	: > "$tmp/times"
	k=0
	while [ "$k" -lt "$runs" ]; do
		/usr/bin/time -f '%e %U %S' -o "$tmp/t" sh -c "$cmd" > "$out"
		awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$tmp/t" >> "$tmp/times"
		k=$((k + 1))
	done
	sort -n "$tmp/times" > "$tmp/sorted"
	med=$(awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }' "$tmp/sorted")
	spread=$(awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }' "$tmp/sorted")
	cpu=$(sort -n -k 2 "$tmp/times" | awk '{ v[NR] = $2 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')
}

# the recipe of bellis(7) SCALING for large outputs: each job writes a
# file (not with -o, which keeps no output of a chunk with an error, and
# the corpus has some), parallel -k prints their names in the order of the chunks,
# the files are joined: TSV with the first header, XML with the first
# file's declaration and root tags around the inside of each.  The
# corpus has real typos: the jobs' messages and statuses are not what is
# measured.
job() {     # JOBS TOOL EXT
	printf "rm -f '%s'/p*.%s; parallel -j %s -k --pipepart -a '%s' --block %s --recend '\\n\\n' '%s > %s/p{#}.%s 2>/dev/null; echo %s/p{#}.%s' > '%s/list'" \
	    "$tmp" "$3" "$1" "$in" "$block" "$2" "$tmp" "$3" "$tmp" "$3" "$tmp"
}
tsvjoin="{ head -n 1 \$(head -n 1 '$tmp/list'); xargs tail -q -n +2 < '$tmp/list'; }"
xmljoin="{ head -n 2 \$(head -n 1 '$tmp/list'); while read -r f; do tail -n +3 \"\$f\" | head -n -1; done < '$tmp/list'; tail -n 1 \$(head -n 1 '$tmp/list'); }"

# row LABEL JOBS CMP: the table row of the last timed run
row() {
	printf '%-14s %4s %8.2f s  %-13s %7.2f s %7s  %s\n' "$1" "$2" "$med" \
	    "$spread" "$cpu" \
	    "$(awk -v a="$base" -v b="$med" 'BEGIN { printf "%.2f", a / b }')" "$3"
}

for fmt in tsv xml; do
	case $fmt in
	tsv) tool="armylist-parse -T tsv" join=$tsvjoin ;;
	xml) tool="armylist-parse --rules=dba22" join=$xmljoin ;;
	esac
	echo
	echo "armylist-parse, $fmt: one run, then 1, 2 and 4 jobs of chunks (median of $runs, wall)"
	printf '%-14s %4s %10s  %-13s %9s %7s  %s\n' run jobs wall spread cpu speed-up "cmp"
	timed "$tmp/whole.$fmt" "$tool '$in' 2>/dev/null; true"
	single=$med single_cpu=$cpu
	base=$med
	row "one process" - "-"
	for j in 1 2 4; do
		timed "$tmp/out.$fmt.$j" "$(job "$j" "$tool" "$fmt"); $join"
		if [ "$j" = 1 ]; then
			base=$med one_job=$med
			# TSV names no position: as one run; XML names the chunk's
			if [ "$fmt" = tsv ]; then
				c=$(cmp "$tmp/whole.$fmt" "$tmp/out.$fmt.1" > /dev/null 2>&1 && echo "same as one run" || echo "DIFFERS from one run")
			else
				c=$(xmllint --stream --noout "$tmp/out.$fmt.1" 2> /dev/null && echo "well-formed, $(wc -l < "$tmp/list") chunks" || echo "NOT WELL-FORMED")
			fi
		else
			c=$(cmp "$tmp/out.$fmt.1" "$tmp/out.$fmt.$j" > /dev/null 2>&1 && echo "same as 1 job" || echo "DIFFERS from 1 job")
		fi
		[ "$j" = 2 ] && two=$med two_cpu=$cpu
		row "parallel -j $j" "$j" "$c"
	done
	echo "$fmt: speed-up with 2 jobs: $(awk -v a="$one_job" -v b="$two" 'BEGIN { printf "%.2f", a / b }') against 1 job, $(awk -v a="$single" -v b="$two" 'BEGIN { printf "%.2f", a / b }') against one process (goal: 1.7 on 2 quiet cores); the CPU time of 2 jobs is $(awk -v a="$single_cpu" -v b="$two_cpu" 'BEGIN { printf "%.2f", b / a }') of one process's, so 2 free cores could give at most $(awk -v a="$single_cpu" -v b="$two_cpu" 'BEGIN { printf "%.2f", 2 * a / b }') against it"
	rm -f "$tmp"/out.$fmt.* "$tmp/whole.$fmt" "$tmp"/p*.$fmt
	eval "one_$fmt=\$one_job two_$fmt=\$two"
done

# the goal (with make bench also in its summary): 2 jobs
# against 1, wall time, TSV (what one run gives byte for byte)
load=$(cut -d ' ' -f 1 /proc/loadavg)
ratio=$(awk -v a="$one_tsv" -v b="$two_tsv" 'BEGIN { printf "%.2f", a / b }')
if [ -n "${BENCH_SUMMARY:-}" ]; then
	. "$top/bench/goal.inc"
	goal "scale-out: armylist-parse -T tsv ${mb} MB, 2 jobs vs 1 (wall, load $load)" \
	    "$two_tsv s vs $one_tsv s" "$ratio" ge 1.7
else
	echo "goal: scale-out: 2 jobs vs 1 (wall, load $load): ${ratio}x (goal >= 1.7x)"
fi

# ---- armylist-check: chunks of JSON Lines judged against the index ----
# The recipe of bellis(7) SCALING: the index of the whole written once
# (not timed: a collection's index serves again while it does not
# change), then the JSON Lines cut into chunks, each checked with
# --index, the findings joined by parallel -k and compared with those
# of one run with the index (the order of one run without it differs:
# its unknown-reference warnings come last).
armylist-parse -T jsonl "$in" > "$tmp/in.jsonl" 2> /dev/null || true
armylist-check --write-index="$tmp/ids.tsv" "$tmp/in.jsonl" > /dev/null 2>&1 || true
echo
echo "armylist-check --index, JSON Lines: one run, then 1, 2 and 4 jobs of chunks (median of $runs, wall)"
printf '%-14s %4s %10s  %-13s %9s %7s  %s\n' run jobs wall spread cpu speed-up "cmp"
chk="armylist-check --index='$tmp/ids.tsv'"
timed "$tmp/whole.chk" "$chk '$tmp/in.jsonl' 2>/dev/null; true"
base=$med
row "one process" - "-"
for j in 1 2 4; do
	timed "$tmp/out.chk.$j" "parallel -j $j -k --pipepart -a '$tmp/in.jsonl' --block $block '$chk 2>/dev/null; true'"
	[ "$j" = 1 ] && base=$med one_chk=$med
	[ "$j" = 2 ] && two_chk=$med
	c=$(cmp "$tmp/whole.chk" "$tmp/out.chk.$j" > /dev/null 2>&1 && echo "same as one run, $(wc -l < "$tmp/whole.chk") findings" || echo "DIFFERS from one run")
	row "parallel -j $j" "$j" "$c"
done
echo "armylist-check: speed-up with 2 jobs: $(awk -v a="$one_chk" -v b="$two_chk" 'BEGIN { printf "%.2f", a / b }') against 1 job"
rm -f "$tmp"/out.chk.* "$tmp/whole.chk"

echo
echo "load after: $(cut -d ' ' -f 1-3 /proc/loadavg)"
