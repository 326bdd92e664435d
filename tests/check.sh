#!/bin/sh
# The test tiers, as make runs them:
#   sh tests/check.sh test    make test: the plain build (build/)
#   sh tests/check.sh check   make check: test's cases, then again through
#                             the ASan+UBSan build (build-san/), the
#                             hostile suites under valgrind (build/dyn),
#                             the fuzz inputs replayed (build-san/replay),
#                             the regress cases through the build that
#                             make install installs (build-pgo/)
#   sh tests/check.sh slow    make check-slow: tests/slow/*.bats, random
#                             fuzzing (build-fuzz/) and every suite under
#                             valgrind
# A case is a unit test function, a regress case (tests/regress), a bats
# test, a replayed harness, a lint stage, a fuzzed harness.  The jobs (a
# unit program set, a bats file, the regress cases of a build, ...) run
# CHECK_JOBS (2) at a time; each one's output is printed when it ends.
# Ends with a line per part and tier, then
#   check: N passed, N failed, N skipped
# and fails when a case failed or a part ran no case.
# BATS_FILTER (a regular expression) limits the bats tests that run,
# CHECK_PARTS (one too) the parts ("regress", "unit build-san");
# VALGRIND_BATS (files) the suites under valgrind in make check (empty:
# none); FUZZ_SECONDS (10) the random fuzzing of each harness in slow.
set -u
tier=${1:-test}
case $tier in
test|check|slow) ;;
*) echo "usage: check.sh test|check|slow" >&2; exit 3 ;;
esac
top=$(pwd)
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8
unset BELLIS_SEED BELLIS_RULES LANG LC_MESSAGES
jobs=${CHECK_JOBS:-2}
san_env='ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:exitcode=99 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1'

# ---- the jobs: "TIER PART<tab>COMMAND", a line each ---------------------
# PART names what the job's cases count under ("bats build-san"); the
# command prints TAP-like lines and one summary line of its kind.
: > "$tmp/jobs"
job() { printf '%s %s\t%s\n' "$1" "$2" "$3" >> "$tmp/jobs"; }   # TIER PART CMD
# the bats files, the heaviest first (the rest in name order)
heavy="refcard-render browser roundtrip common hostile-io hostile-data
armylist-parse images battle-scan hostile combat-calc"
bats_files() {  # DIR: the bats files of DIR, heaviest first
	for h in $heavy; do
		[ -f "$1/$h.bats" ] && echo "$1/$h.bats"
	done
	for f in "$1"/*.bats; do
		[ -f "$f" ] || continue
		case " $(echo $heavy) " in *" $(basename "$f" .bats) "*) continue ;; esac
		echo "$f"
	done
}
bats_jobs() {   # TIER BUILD SAN FILE...: a job a bats file
	t=$1 b=$2 s=$3
	shift 3
	for f in "$@"; do
		job "$t" "bats $b" "BELLIS_SAN=$s BELLIS_BIN=$top/$b/bin $([ -n "$s" ] && echo "$san_env") bats --tap --timing ${BATS_FILTER:+-f '$BATS_FILTER'} $f"
	done
}
case $tier in
test|check)
	bats_jobs test build "" $(bats_files tests)
	job test "unit build" "sh tests/unit/run.sh build"
	job test "regress build" "sh tests/regress/run.sh build/bin"
	job test "lint" "sh tests/lint.sh"
	job test "lint" "sh tests/mandoc.sh"
	job test "lint" "sh tests/cppcheck.sh"
	;;
esac
if [ "$tier" = check ]; then
	# valgrind first: each hostile suite is the longest job of its run
	if [ -n "${VALGRIND_BATS:-}" ]; then
		sh tests/valgrind.sh --prepare build/dyn || exit 4
		for f in $VALGRIND_BATS; do
			job check "valgrind build/dyn" "VALGRIND_PREPARED=1 sh tests/valgrind.sh build/dyn $f"
		done
	fi
	bats_jobs check build-san 1 $(bats_files tests)
	job check "unit build-san" "env $san_env sh tests/unit/run.sh build-san"
	job check "regress build-san" "env $san_env sh tests/regress/run.sh build-san/bin"
	job check "replay build-san" "sh tests/fuzz/replay.sh build-san"
	job check "regress build-pgo" "sh tests/regress/run.sh build-pgo/bin"
fi
if [ "$tier" = slow ]; then
	sh tests/valgrind.sh --prepare build/dyn || exit 4
	for f in tests/*.bats; do
		job slow "valgrind build/dyn" "VALGRIND_PREPARED=1 sh tests/valgrind.sh build/dyn $f"
	done
	bats_jobs slow build "" $(bats_files tests/slow)
	for f in tests/fuzz/fuzz_*.c; do
		job slow "fuzz build-fuzz" "sh tests/fuzz/run.sh build-fuzz ${FUZZ_SECONDS:-10} $(basename "$f" .c)"
	done
fi
# CHECK_PARTS (a regular expression): only the jobs of the parts it
# matches ("regress", "bats build-san")
if [ -n "${CHECK_PARTS:-}" ]; then
	awk -F '\t' -v re="${CHECK_PARTS}" '{ p = $1; sub(/^[a-z]+ /, "", p) }
	    p ~ re' "$tmp/jobs" > "$tmp/jobs.some"
	mv "$tmp/jobs.some" "$tmp/jobs"
fi
# the valgrind jobs before the rest (they are the longest)
{ grep '^[a-z]* valgrind' "$tmp/jobs"; grep -v '^[a-z]* valgrind' "$tmp/jobs"; } > "$tmp/jobs.sorted"
mv "$tmp/jobs.sorted" "$tmp/jobs"
njobs=$(wc -l < "$tmp/jobs")

# cpu FILE: the CPU seconds of the children between two `times` outputs
# in FILE (line 2 and line 4: user and system of the children)
cpu() {
	awk 'function sec(t) { split(t, a, "m"); return a[1] * 60 + a[2] }
	    NR == 2 { b = sec($1) + sec($2) } NR == 4 { e = sec($1) + sec($2) }
	    END { printf "%.0f", e - b }' "$1"
}

# ---- the pool: each worker claims the next job (mkdir is atomic) -------
worker() {
	i=0
	while IFS= read -r line; do
		i=$((i + 1))
		mkdir "$tmp/claim.$i" 2>/dev/null || continue
		part=${line%%"	"*}
		cmd=${line#*"	"}
		start=$(date +%s)
		times > "$tmp/cpu.$i"
		# a job is a process group of its own (setsid), ended whole on
		# an interrupt; no job reads the list of jobs (stdin /dev/null)
		setsid -w sh -c "$cmd" < /dev/null > "$tmp/out.$i" 2>&1 &
		echo "$!" > "$tmp/pid.$i"
		wait "$!"
		echo "$?" > "$tmp/rc.$i"
		rm -f "$tmp/pid.$i"
		times >> "$tmp/cpu.$i"
		{
			cat "$tmp/out.$i"
			echo "# job $i/$njobs ($part, $(($(date +%s) - start)) s, $(cpu "$tmp/cpu.$i") CPU-s): $cmd"
		} > "$tmp/done.$i"
		# whole, in one write where the system allows it
		cat "$tmp/done.$i"
	done < "$tmp/jobs"
}
# The tests write to /dev/null and /dev/full: if a run (ours or another
# tool's) ever replaced one of them by a plain file, say so plainly.
devices() {
	for d in /dev/null /dev/full; do
		if [ -e "$d" ] && [ ! -c "$d" ]; then
			echo "not ok $d is not a character device"
			echo "devices: 0 passed, 1 failed" > "$tmp/devices"
		fi
	done
}
devices
# An interrupt of make ends the workers and the jobs running, each job
# with all its children (its process group).
pids=
trap 'for p in $pids; do kill -TERM "$p"; done 2>/dev/null
	for f in "$tmp"/pid.*; do [ -f "$f" ] && kill -TERM -"$(cat "$f")"; done 2>/dev/null
	exit 130' INT TERM
w=0
while [ "$w" -lt "$jobs" ]; do
	w=$((w + 1))
	worker &
	pids="$pids $!"
done
wait
trap - INT TERM
devices

# ---- count: the summary line of each job, by part ----------------------
# count I: "P F S" of job I's output (its summary line, or its TAP)
count() {
	o=$tmp/out.$1 rcf=$tmp/rc.$1
	line=$(grep -E '^[a-z][a-z /-]*: [0-9]+ passed, [0-9]+ failed' "$o" | tail -n 1)
	if [ -n "$line" ]; then                  # a summary of its own
		set -- $(echo "${line#*: }" | sed 's/[^0-9 ]//g')
		p=$1 f=$2 s=${3:-0}
	elif grep -q '^1\.\.[0-9]' "$o"; then      # bats TAP
		plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$o" | head -n 1)
		s=$(grep -c -E '^ok [0-9]+ .*# [Ss][Kk][Ii][Pp]' "$o")
		p=$(($(grep -c -E '^ok [0-9]+' "$o") - s))
		f=$(grep -c -E '^not ok [0-9]+' "$o")
		[ "$plan" -eq $((p + f + s)) ] || f=$((f + 1))
	elif grep -qE '^(not )?ok ' "$o"; then   # lint: a line a rule
		p=0 s=0
		f=$(grep -c '^not ok ' "$o")
		[ "$f" -gt 0 ] || p=1
	else
		p=0 f=1 s=0
	fi
	# a job that failed without a failed case is a failed case
	[ "$(cat "$rcf" 2>/dev/null)" = 0 ] || [ "$f" -gt 0 ] || f=1
	echo "$p $f $s"
}
: > "$tmp/parts"
i=0
while IFS= read -r line; do
	i=$((i + 1))
	echo "${line%%"	"*}	$(count "$i")" >> "$tmp/parts"
done < "$tmp/jobs"
[ -f "$tmp/devices" ] && printf '%s devices\t0 1 0\n' "$tier" >> "$tmp/parts"
echo
# a line a part, a line a tier (the cases that ran in it), the total
awk -F '\t' '
	{ split($2, c, " "); if (!($1 in p)) order[n++] = $1
	  p[$1] += c[1]; f[$1] += c[2]; s[$1] += c[3] }
	END {
		bad = 0
		for (k = 0; k < n; k++) {
			x = order[k]; t = x; sub(/ .*/, "", t); part = x
			sub(/^[a-z]+ /, "", part)
			if (!(t in tp)) torder[nt++] = t
			printf "  %s (%s): %d passed, %d failed, %d skipped\n", part, t, p[x], f[x], s[x]
			if (p[x] + f[x] == 0) {
				printf "  %s (%s): no case ran\n", part, t; bad = 1
			}
			tp[t] += p[x]; tf[t] += f[x]; ts[t] += s[x]
			P += p[x]; F += f[x]; S += s[x]
		}
		for (k = 0; k < nt; k++) {
			t = torder[k]
			printf "tier %s: %d cases ran: %d passed, %d failed, %d skipped\n", t, tp[t] + tf[t], tp[t], tf[t], ts[t]
			if (tp[t] + tf[t] == 0) bad = 1
		}
		if (P + F == 0) { print "no case ran"; bad = 1 }
		printf "check: %d passed, %d failed, %d skipped\n", P, F + bad, S
		exit (F + bad > 0)
	}' "$tmp/parts"
