# Loaded by every bats file: tools on PATH, fixture and golden paths,
# bats-support and bats-assert, and a golden-file helper.  It runs again
# for every test: it starts no process where a builtin does.
bats_require_minimum_version 1.5.0

# load_lib NAME: bats_load_library NAME, but the files its load.bash
# sources by "$(dirname "${BASH_SOURCE[0]}")/FILE" (a process each, 15 in
# every test for bats-support and bats-assert) are sourced here by name.
# A load.bash that does anything else is loaded by bats_load_library.
load_lib() {
	local p d= line files=() f
	local IFS=:
	for p in $BATS_LIB_PATH; do
		[ -f "$p/$1/load.bash" ] && { d=$p/$1; break; }
	done
	IFS=$' \t\n'
	[ -n "$d" ] || { bats_load_library "$1"; return; }
	while IFS= read -r line; do
		case $line in
		'' | '#'*) ;;
		'source "$(dirname "${BASH_SOURCE[0]}")/'*'"')
			f=${line#'source "$(dirname "${BASH_SOURCE[0]}")/'}
			files+=("$d/${f%'"'}") ;;
		*) bats_load_library "$1"; return ;;
		esac
	done < "$d/load.bash"
	[ ${#files[@]} -gt 0 ] || { bats_load_library "$1"; return; }
	for f in "${files[@]}"; do
		source "$f" || return 1
	done
}
load_lib bats-support || return 1
load_lib bats-assert || return 1

# the top of the tree (tests/..), by its name when it can be
case $BATS_TEST_DIRNAME in
/*/tests) TOP=${BATS_TEST_DIRNAME%/tests} ;;
/*/tests/slow) TOP=${BATS_TEST_DIRNAME%/tests/slow} ;;   # make check-slow
*) TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd) ;;
esac
BIN=${BELLIS_BIN:-$TOP/build/bin}
PATH="$BIN:$PATH"
FIX="$TOP/tests/fixtures"
GOLD="$TOP/tests/golden"
SAMPLES="$TOP/samples"
CORPUS="$TOP/tests/corpus"
export LC_ALL=C.UTF-8
unset BELLIS_SEED BELLIS_RULES LANG LC_MESSAGES

# golden NAME: compare $output with tests/golden/NAME.  UPDATE_GOLDEN=1
# rewrites the file instead and prints the change (a diff, on fd 3 so
# that bats shows it) for review.
golden() {
	local f=$GOLD/$1
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		[ -f "$f" ] || echo "golden: new file tests/golden/$1" >&3
		diff -u --label "tests/golden/$1" --label "tests/golden/$1 (new)" \
		    "$([ -f "$f" ] && echo "$f" || echo /dev/null)" \
		    <(printf '%s\n' "$output") >&3 && return 0
		printf '%s\n' "$output" > "$f"
		return 0
	fi
	diff -u "$f" <(printf '%s\n' "$output")
}

# need_jq FUNCTION: jq is installed (make deps), else FUNCTION fails.
need_jq() {
	command -v jq >/dev/null && return 0
	echo "$1: jq is not installed (make deps)" >&2
	return 1
}

# json_doc RECORDS [JSONL]: $output is one JSON document of version 1
# whose array RECORDS holds the objects of the lines JSONL (-T jsonl of
# the same run), one by one.
json_doc() {
	need_jq json_doc || return 1
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
	need_jq jsonl || return 1
	diff -u <(printf '%s\n' "$output") <(jq -c 'objects' <<<"$output")
}

# each_case DIR TOOL ARG... < CASES: TOOL ARG... -T tsv run once over a
# file per case, DIR/1, DIR/2, ..., each holding one line of CASES: each
# case is line 1 of an input of its own, as in a run of its own, and the
# tool starts once.  Prints the TSV's data rows, the file column (the
# first, with several files) replaced by the case; TOOL's exit status.
each_case() {
	local d=$1 st=0 files
	shift
	mkdir -p "$d" && cat > "$d/cases" || return 4
	mapfile -t files < <(awk -v d="$d" '{ f = d "/" NR; print > f
	    close(f); print f }' "$d/cases")
	"$@" -T tsv "${files[@]}" > "$d/out" || st=$?
	awk -F '\t' -v OFS='\t' -v d="$d" 'NR == FNR { c[d "/" FNR] = $0; next }
	    FNR > 1 { $1 = $1 in c ? c[$1] : "(not a case) " $1; print }' \
	    "$d/cases" "$d/out"
	return "$st"
}

# validate SCHEMA FILE: the file validates against formats/SCHEMA.
validate() {
	xmllint --noout --relaxng "$TOP/formats/$1" "$2"
}

# regress_valid TOOL SCHEMA MIN: every expected output of the regress
# cases of TOOL (tests/regress/TOOL/*.out) that is an XML document
# validates against formats/SCHEMA, and there are MIN of them at least.
regress_valid() {
	local f n=0
	for f in "$TOP/tests/regress/$1"/*.out; do
		[[ $(head -c 5 "$f") == '<?xml' ]] || continue
		validate "$2" "$f" 2>&1 || { echo "${f#"$TOP"/} does not validate"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -ge "$3" ] || { echo "regress_valid: $n XML outputs of $1, expected $3 or more"; return 1; }
}

# Run from the test directory so diagnostics carry short file names.
cd "$TOP/tests" || exit 1

# ---- the tools -------------------------------------------------------
# TOOLS: the tools of the table under "## Tools" in README.md, in its
# order.  Every suite tests them: loading this file fails, and with it
# every test of the suite, unless each is an executable in $BIN.
TOOLS=()
readme_tools() {
	local text row rows
	# the section read whole and cut by builtins (a loop over every line
	# of README.md would cost bats's trap on each)
	IFS= read -r -d '' text < "$TOP/README.md" || [ -n "$text" ] || return 1
	[[ $text == *$'\n## Tools\n'* ]] && text=${text#*$'\n## Tools\n'} &&
	    text=${text%%$'\n## '*} || text=
	mapfile -t rows <<<"$text"
	for row in "${rows[@]}"; do
		[[ $row =~ ^\|\ \`([a-z][a-z-]*)\`\ \| ]] &&
		    TOOLS+=("${BASH_REMATCH[1]}")
	done
	[ ${#TOOLS[@]} -gt 0 ] || {
		echo "bellis tests: no tool in the table of README.md's '## Tools'" >&2
		return 1
	}
}
readme_tools || return 1
tools_missing=
for t in "${TOOLS[@]}"; do
	[ -f "$BIN/$t" ] && [ -x "$BIN/$t" ] || tools_missing+=" $t"
done
unset t
if [ -n "$tools_missing" ]; then
	echo "bellis tests: tools of README.md not built in $BIN:$tools_missing (make all, or set BELLIS_BIN)" >&2
	return 1
fi
unset tools_missing

# ---- time ------------------------------------------------------------
# The tools run slower under ASan+UBSan (BELLIS_SAN) and much slower under
# valgrind (BELLIS_VALGRIND): a time limit is written for the plain build
# and scaled by SLOW, 1, 3 or 15.  HOSTILE_TIMEOUT (seconds) overrides
# the scaled limits of the hostile suites.
SLOW=1
[ -z "${BELLIS_SAN:-}" ] || SLOW=3
[ -z "${BELLIS_VALGRIND:-}" ] || SLOW=15

# vg_first WORD...: the words, one a line; under valgrind only the first
# (a loop over ways to the same code: valgrind checks it once)
vg_first() {
	if [ -n "${BELLIS_VALGRIND:-}" ]; then
		printf '%s\n' "$1"
	else
		printf '%s\n' "$@"
	fi
}

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
# Under valgrind (BELLIS_VALGRIND) CMD runs once, on n/8: its memory is
# checked there, its growth by the plain and sanitizer builds.
linear() {
	local n=$1 gen=$2 t1 t4
	shift 2
	LIN=$BATS_TEST_TMPDIR/linear.in
	if [ -n "${BELLIS_VALGRIND:-}" ]; then
		"$gen" $(((n + 7) / 8)) "$LIN"
		local st=0
		"${@//@LIN@/$LIN}" > /dev/null 2>&1 < /dev/null || st=$?
		case $st in 0|1|2) return 0 ;; esac
		echo "$* failed under valgrind on $(((n + 7) / 8)) (status $st)"
		return 1
	fi
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
# A tool joins by its row in README.md's table (TOOLS above), plus small
# valid inputs in fixtures/hostile: TOOL.xml (its XML input) and TOOL.txt
# (its line format, if it has one).
H=$FIX/hostile
TMO=${HOSTILE_TIMEOUT:-$((20 * SLOW))}     # limit 20, without a process

# tools: the tools of README.md's table, one per line (all built: see
# TOOLS above).
tools() {
	printf '%s\n' "${TOOLS[@]}"
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

# ---- the EXAMPLES of the manual pages --------------------------------
# examples PAGE: the examples of the EXAMPLES section of man/PAGE (or of
# the section $EXAMPLES_SECTION names), in order, each as three
# NUL-terminated fields KIND, COMMAND, OUTPUT.
# KIND '$': a literal block of "$ COMMAND" lines, each followed by its
# exact output (a command line ending in |, \ or && goes on in the next
# line).  KIND '.': a command alone, a .Dl line or a line of a literal
# block without '$'.  A block that is a document (its first line starts
# with '<') holds no command.  The mdoc escapes are undone; one this does
# not know is an error (status 1), so that no example is run misread.
examples() {
	awk -v page="man/$1" -v sec="${EXAMPLES_SECTION:-EXAMPLES}" '
	function unesc(s,   out, i, e) {
		out = ""
		while ((i = index(s, "\\")) > 0) {
			out = out substr(s, 1, i - 1)
			s = substr(s, i + 1)
			e = substr(s, 1, 1)
			if (e == "e") { out = out "\\"; s = substr(s, 2) }
			else if (e == "-") { out = out "-"; s = substr(s, 2) }
			else if (e == "&") { s = substr(s, 2) }
			else if (e == "(" && substr(s, 2, 2) in named) {
				out = out named[substr(s, 2, 2)]; s = substr(s, 4)
			} else {
				printf "examples: %s:%d: unknown escape \\%s\n", page,
				    NR, substr(s, 1, 3) > "/dev/stderr"
				bad = 1
				s = substr(s, 2)
			}
		}
		return out s
	}
	function emit(k, c, w) { printf "%s%c%s%c%s%c", k, 0, c, 0, w, 0 }
	function flush() {
		if (kind == "$") emit("$", cmd, want)
		kind = ""; cmd = ""; want = ""; nw = 0
	}
	BEGIN {
		named["aq"] = "\047"; named["dg"] = "†"; named["ss"] = "ß"
		named[":a"] = "ä"; named[":o"] = "ö"; named[":u"] = "ü"
		named[":A"] = "Ä"; named[":O"] = "Ö"; named[":U"] = "Ü"
	}
	$0 == ".Sh " sec { on = 1; next }
	/^\.Sh / { on = 0 }
	!on { next }
	/^\.Dl / { emit(".", unesc(substr($0, 5)), ""); next }
	/^\.Bd -literal/ { inb = 1; first = 1; doc = 0; next }
	/^\.Ed/ { flush(); inb = 0; next }
	!inb { next }
	{
		line = unesc($0)
		if (first) { doc = line ~ /^</; first = 0 }
		if (doc) next
		if (line ~ /^\$ /) {
			flush()
			kind = "$"; cmd = substr(line, 3)
			more = line ~ /(\||\\|&&)[ \t]*$/
		} else if (kind == "$" && more) {
			cmd = cmd "\n" line
			more = line ~ /(\||\\|&&)[ \t]*$/
		} else if (kind == "$") {
			want = want (nw++ ? "\n" : "") line
		} else if (line != "") {
			emit(".", line, "")
		}
	}
	END { exit bad }' "$TOP/man/$1"
}

# man_examples PAGE STATUS...: run every example of man/PAGE (examples
# above) in order, each with bash -o pipefail in one scratch directory
# holding samples/ and formats/ (the pages write their commands for the
# top of the sources), and stay there.  STATUS is the exit status each
# example must end with, one per example, in order; '-' leaves one out
# (the caller says why).  A transcript must print its output exactly,
# stderr included.  $EXAMPLES is left holding "$ COMMAND" and the output
# of every example run, for a golden file.
man_examples() {
	local page=$1 kind cmd want n=0 st d=$BATS_TEST_TMPDIR/examples
	shift
	examples "$page" > "$BATS_TEST_TMPDIR/examples.nul" || return 1
	mkdir -p "$d" && ln -sfn "$TOP/samples" "$d/samples" &&
	    ln -sfn "$TOP/formats" "$d/formats" && cd "$d" || return 1
	EXAMPLES=
	while IFS= read -r -d '' -u 4 kind && IFS= read -r -d '' -u 4 cmd &&
	    IFS= read -r -d '' -u 4 want; do
		n=$((n + 1))
		if [ $# -eq 0 ]; then
			echo "man/$page: example $n has no status given: $cmd"
			return 1
		fi
		st=$1
		shift
		[ "$st" = - ] && continue
		run bash -o pipefail -c "$cmd" < /dev/null
		if [ "$status" != "$st" ]; then
			printf 'man/%s: example %d: status %s, not %s:\n%s\n%s\n' \
			    "$page" "$n" "$status" "$st" "$cmd" "$output"
			return 1
		fi
		if [ "$kind" = '$' ] && [ "$output" != "$want" ]; then
			echo "man/$page: example $n prints other output: $cmd"
			diff -u --label manual --label output \
			    <(printf '%s\n' "$want") <(printf '%s\n' "$output")
			return 1
		fi
		EXAMPLES+="\$ $cmd"$'\n'"$output"$'\n'
	done 4< "$BATS_TEST_TMPDIR/examples.nul"
	if [ $# -ne 0 ]; then
		echo "man/$page: $n examples, $# more statuses given"
		return 1
	fi
}
