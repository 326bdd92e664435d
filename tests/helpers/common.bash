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

# ---- loops over every tool (common.bats, hostile.bats) ----------------
# A tool joins by being built, plus small valid inputs in fixtures/hostile:
# TOOL.xml (its XML input) and TOOL.txt (its line format, if it has one).
BIN=${BELLIS_BIN:-$TOP/build/bin}
H=$FIX/hostile
TMO=${HOSTILE_TIMEOUT:-60}

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
