# Loaded by every bats file: tools on PATH, fixture and golden paths,
# bats-support and bats-assert, and a golden-file helper.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
PATH="${BELLIS_BIN:-$TOP/build/bin}:$PATH"
FIX="$TOP/tests/fixtures"
GOLD="$TOP/tests/golden"
SAMPLES="$TOP/samples"
SHARED="$TOP/../shared"
export LC_ALL=C.UTF-8
unset BELLIS_SEED LANG LC_MESSAGES

# golden NAME: compare $output with tests/golden/NAME (UPDATE_GOLDEN=1
# rewrites the file instead).
golden() {
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		printf '%s\n' "$output" > "$GOLD/$1"
		return 0
	fi
	diff -u "$GOLD/$1" <(printf '%s\n' "$output")
}

# json_doc RECORDS [JSONL]: $output is one JSON document of version 1
# whose array RECORDS holds the objects of the lines JSONL (-T jsonl of
# the same run), one by one.
json_doc() {
	command -v jq >/dev/null || return 0
	[ "$(jq -s length <<<"$output")" = 1 ] || return 1
	jq -e ".version == 1 and (.$1 | type) == \"array\"" <<<"$output" \
	    >/dev/null || return 1
	[ $# -lt 2 ] || diff -u <(printf '%s' "$2" | jq -c .) \
	    <(jq -c ".$1[]" <<<"$output")
}

# jsonl N: $output is N lines, each one JSON object.
jsonl() {
	[ "$1" = 0 ] && [ -z "$output" ] && return 0
	[ "${#lines[@]}" = "$1" ] || return 1
	command -v jq >/dev/null || return 0
	diff -u <(printf '%s\n' "$output") <(jq -c 'objects' <<<"$output")
}

# validate SCHEMA FILE: the file validates against formats/SCHEMA.
validate() {
	xmllint --noout --relaxng "$TOP/formats/$1" "$2"
}

# Run from the test directory so diagnostics carry short file names.
cd "$TOP/tests" || exit 1

# ---- time ------------------------------------------------------------
# The tools run slower under ASan+UBSan (BELLIS_SAN) and much slower under
# valgrind (BELLIS_VALGRIND): a time limit is written for the plain build
# and scaled by SLOW, 1, 3 or 15.  HOSTILE_TIMEOUT (seconds) overrides
# the scaled limits of the hostile suites.
SLOW=1
[ -z "${BELLIS_SAN:-}" ] || SLOW=3
[ -z "${BELLIS_VALGRIND:-}" ] || SLOW=15

# limit S: S seconds of the plain build, scaled for this run.
limit() {
	echo "${HOSTILE_TIMEOUT:-$(($1 * SLOW))}"
}

# cputime CMD...: the user plus system CPU seconds of CMD (output and
# status ignored), the least of three runs.
cputime() {
	local i t best=
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S' -o "$BATS_TEST_TMPDIR/cputime" \
		    "$@" >/dev/null 2>&1 </dev/null
		t=$(awk 'END { printf "%.2f", $1 + $2 }' "$BATS_TEST_TMPDIR/cputime")
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$t
		fi
	done
	echo "$best"
}

# linear N GEN CMD...: CMD grows linearly with its input.  GEN K FILE
# writes an input of size K to FILE; CMD reads $LIN.  The CPU time on
# GEN 4N must stay below 6 times that on GEN N (a quadratic path gives
# 16).  Times below 0.1 s count as 0.1 s: start-up is not growth.
linear() {
	local n=$1 gen=$2 t1 t4
	shift 2
	LIN=$BATS_TEST_TMPDIR/linear.in
	"$gen" "$n" "$LIN"
	t1=$(cputime "${@//@LIN@/$LIN}")
	"$gen" $((4 * n)) "$LIN"
	t4=$(cputime "${@//@LIN@/$LIN}")
	echo "linear: $* on $n and $((4 * n)): ${t1} s and ${t4} s" >&3
	awk -v a="$t1" -v b="$t4" 'BEGIN { if (a < 0.1) a = 0.1
		exit !(b / a < 6) }' || {
		echo "$* is not linear: $t1 s on $n, $t4 s on $((4 * n))"
		return 1
	}
}

# ---- loops over every tool (common.bats, hostile.bats) ----------------
# A tool joins by being built, plus small valid inputs in fixtures/hostile:
# TOOL.xml (its XML input) and TOOL.txt (its line format, if it has one).
BIN=${BELLIS_BIN:-$TOP/build/bin}
H=$FIX/hostile
TMO=$(limit 20)

# tools: the names of the tools built in $BIN.
tools() {
	local f
	for f in "$BIN"/*; do
		[ -f "$f" ] && [ -x "$f" ] && basename "$f"
	done
}

# valid TOOL: a small valid input of TOOL, in its line format if it has one.
valid() {
	if [ -f "$H/$1.txt" ]; then
		echo "$H/$1.txt"
	else
		echo "$H/$1.xml"
	fi
}

fails=
# check TOOL CASE WANT CMD...: run CMD under timeout and judge it; a
# failure is added to $fails (ok=0), so that every tool is tried.
check() {
	local t=$1 c=$2 want=$3 why=
	shift 3
	run --separate-stderr timeout -k 5 "$TMO" "$@"
	if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
		why="hangs (timeout ${TMO}s)"
	elif [[ $stderr == *Sanitizer* || $stderr == *"runtime error"* ||
	    $stderr == *==[0-9]*==* ]]; then
		why="sanitizer or valgrind report"
	elif [ "$status" -ne "$want" ]; then
		why="status $status, expected $want"
	# status 1 is an answer ("no army matched"), not a complaint
	elif [ "$want" -gt 1 ] && [[ $stderr != "$t: "* ]]; then
		why="no diagnostic"
	fi
	if [ -n "$why" ]; then
		fails+="$t ($c): $why"$'\n'"${stderr:0:400}"$'\n'
		ok=0
	else
		ok=1
	fi
	return 0
}

# done_all: fail with the list of failures, if any.
done_all() {
	if [ -n "$fails" ]; then
		printf '%s' "$fails" >&3
		printf '%s' "$fails"
		return 1
	fi
}
