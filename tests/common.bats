#!/usr/bin/env bats
# What every tool shares, in one loop over the tools of README.md's table
# (lib/core/cli, lib/core/out): --help and --version, bad options named,
# missing values, option values in any case, -o failures, a closed pipe,
# a full disk; each with its exact status and stderr.  Broken input is
# hostile.bats.
load helpers/common

export BELLIS_SEED=1
VERSION=$(sed -n 's/^VERSION *= *//p' "$TOP/Makefile")

# exact TOOL CASE WANT STDERR CMD...: check, and stderr must be STDERR.
exact() {
	local t=$1 c=$2 want=$3 err=$4
	shift 4
	check "$t" "$c" "$want" "$@"
	[ "$ok" = 0 ] || [ "$stderr" = "$err" ] ||
	    fails+="$t ($c): stderr"$'\n'"  got:  $stderr"$'\n'"  want: $err"$'\n'
}

# usage TOOL MESSAGE: the stderr of a usage error.
usage() {
	printf "%s: %s\nTry '%s --help' for more information." "$1" "$2" "$1"
}

# longopts TOOL: the long options its --help lists, in order.
longopts() {
	"$1" --help | sed -n 's/^  \(-[a-zA-Z], \|    \)--\([a-z][a-z-]*\).*/\2/p'
}

# shortopts TOOL: "X long" for each short option its --help lists.
shortopts() {
	"$1" --help |
	    sed -n 's/^  -\([a-zA-Z]\)\(, --\([a-z][a-z-]*\)\)\{0,1\}.*/\1 \3/p' |
	    sort
}

# man_shortopts TOOL: "X long" for each short option of the manual's list.
man_shortopts() {
	sed -n 's/^\.It Fl \([a-zA-Z]\)\( [^,]*\)\{0,1\}\(, Fl \\\{0,1\}-\([a-z][a-z-]*\)\)\{0,1\}.*/\1 \4/p' \
	    "$TOP/man/$1.1" | sort
}

# man_mentions TOOL: every long option the manual names, anywhere.
man_mentions() {
	grep -o 'Fl \\\{0,1\}-[a-z][a-z-]*' "$TOP/man/$1.1" |
	    sed 's/^Fl \\\{0,1\}-//' | sort -u
}

# mention_ok TOOL OPTION: a long option the manual of TOOL may name: one
# of TOOL's, an abbreviation of one, or another tool's named in the text.
mention_ok() {
	case $1:$2 in
	refcard-render:odds) return 0 ;;  # combat-calc --matchup=a,b --odds
	esac
	longopts "$1" | grep -q "^$2"
}

# statuses TEXT: the exit statuses a --help lists, one per line.
statuses() {
	sed -n '/^Exit status:/,$s/^  \([0-9]\)  .*/\1/p' <<<"$1"
}

@test "common: the tools built are the tools of README.md's table, each with its manual" {
	local f t
	[ "${#TOOLS[@]}" -ge 9 ] || fails+="only ${#TOOLS[@]} tools in README.md"$'\n'
	for f in "$BIN"/*; do
		t=${f##*/}
		[[ " ${TOOLS[*]} " == *" $t "* ]] ||
		    fails+="$t: built in $BIN but not in README.md's table"$'\n'
	done
	for t in "${TOOLS[@]}"; do
		[ -f "$TOP/man/$t.1" ] || fails+="$t: no man/$t.1"$'\n'
	done
	done_all
}

@test "common: a suite fails when a tool of README.md is not built" {
	local d=$BATS_TEST_TMPDIR t
	mkdir "$d/bin"
	for t in "${TOOLS[@]:1}"; do
		ln -s "$BIN/$t" "$d/bin/$t"
	done
	run -1 env BELLIS_BIN="$d/bin" bats --tap -f 'the tools built' \
	    "$TOP/tests/common.bats"
	assert_line --index 0 '1..1'
	assert_line --index 1 'not ok 1 setup_file failed'
	assert_line "# bellis tests: tools of README.md not built in $d/bin: ${TOOLS[0]} (make all, or set BELLIS_BIN)"
}

@test "common: --help starts with usage:, lists every option and the exit statuses" {
	local t man help o
	for t in $(tools); do
		exact "$t" help 0 "" "$t" --help
		help=$output
		[[ ${help%%$'\n'*} == "usage: $t [-hV] "* ]] ||
		    fails+="$t (help): first line ${help%%$'\n'*}"$'\n'
		for o in 0 2 3 4; do
			statuses "$help" | grep -qx "$o" ||
			    fails+="$t (help): exit status $o not listed"$'\n'
		done
		# the statuses of the man page's EXIT STATUS, no more
		man=$(sed -n '/^\.Sh EXIT STATUS/,/^\.Sh /s/^\.It \([0-9]\)$/\1/p' \
		    "$TOP/man/$t.1")
		[ "$man" = "$(statuses "$help")" ] ||
		    fails+="$t (help): statuses $(statuses "$help" | tr '\n' ' ')but the manual $(tr '\n' ' ' <<<"$man")"$'\n'
		# every option is in the manual's option list, and back
		man=$(grep '^\.It Fl' "$TOP/man/$t.1" | tr -d '\\' |
		    grep -o 'Fl -[a-z][a-z-]*' | sed 's/Fl -//' | sort)
		[ "$man" = "$(longopts "$t" | sort)" ] ||
		    fails+="$t (help): options differ from the manual"$'\n'
		# and so is every short option, beside the same long one
		[ "$(man_shortopts "$t")" = "$(shortopts "$t")" ] ||
		    fails+="$t (help): short options differ from the manual"$'\n'
		# an option the manual's text names is one of the tool's
		for o in $(man_mentions "$t"); do
			mention_ok "$t" "$o" ||
			    fails+="$t (help): the manual names --$o"$'\n'
		done
		exact "$t" -h 0 "" "$t" -h
		[ "$output" = "$help" ] || fails+="$t (-h): not --help"$'\n'
	done
	done_all
}

@test "common: --help of every tool, golden" {
	local t
	for t in $(tools); do
		exact "$t" help 0 "" "$t" --help
		golden "common/$t.help" || fails+="$t (help): differs from tests/golden/common/$t.help"$'\n'
	done
	done_all
}

@test "common: --version and -V" {
	local t
	for t in $(tools); do
		exact "$t" version 0 "" "$t" --version
		[ "$output" = "$t (bellis) $VERSION" ] ||
		    fails+="$t (version): $output"$'\n'
		exact "$t" -V 0 "" "$t" -V
		[ "$output" = "$t (bellis) $VERSION" ] ||
		    fails+="$t (-V): $output"$'\n'
	done
	done_all
}

@test "common: a bad short option is named, alone or in a cluster" {
	local t
	for t in $(tools); do
		exact "$t" -x 3 "$(usage "$t" "unknown option '-x'")" "$t" -x
		exact "$t" -xV 3 "$(usage "$t" "unknown option '-x'")" "$t" -xV
		exact "$t" -x-late 3 "$(usage "$t" "unknown option '-x'")" \
		    "$t" -o - -xV
		[ -z "$output" ] || fails+="$t (-x): wrote $output"$'\n'
	done
	done_all
}

@test "common: a bad long option is named, with the nearest one" {
	local t
	for t in $(tools); do
		exact "$t" unknown 3 \
		    "$(usage "$t" "unknown option '--no-such-option'")" \
		    "$t" --no-such-option
		exact "$t" unknown= 3 \
		    "$(usage "$t" "unknown option '--no-such-option=1'")" \
		    "$t" --no-such-option=1
		exact "$t" near 3 "$(usage "$t" "unknown option '--outpux=f' (did you mean '--output'?)")" \
		    "$t" --outpux=f
		[ -z "$output" ] || fails+="$t (unknown): wrote $output"$'\n'
	done
	done_all
}

@test "common: an abbreviation works, an ambiguous one is named" {
	local t p o list n=0
	for t in $(tools); do
		check "$t" abbrev 0 "$t" --vers
		[ "$output" = "$t (bellis) $VERSION" ] ||
		    fails+="$t (abbrev): $output"$'\n'
		for p in $(longopts "$t" | cut -c1 | sort | uniq -d | head -n 1); do
			list=
			for o in $(longopts "$t" | grep "^$p"); do
				list+="${list:+, }--$o"
			done
			exact "$t" ambiguous 3 \
			    "$(usage "$t" "option '--$p' is ambiguous ($list)")" \
			    "$t" "--$p"
			n=$((n + 1))
		done
	done
	[ "$n" -gt 0 ] || fails+="no tool with an ambiguous prefix"$'\n'
	done_all
}

@test "common: a missing value, a value where none is taken" {
	local t
	for t in $(tools); do
		exact "$t" -o 3 "$(usage "$t" "option '-o' needs a value")" \
		    "$t" -o
		exact "$t" --output 3 \
		    "$(usage "$t" "option '--output' needs a value")" \
		    "$t" --output
		exact "$t" --format 3 \
		    "$(usage "$t" "option '--format' needs a value")" \
		    "$t" --form
		exact "$t" --help=x 3 \
		    "$(usage "$t" "option '--help' takes no value")" \
		    "$t" --help=x
		exact "$t" --version=1 3 \
		    "$(usage "$t" "option '--version' takes no value")" \
		    "$t" --version=1
	done
	done_all
}

@test "common: option values that are names are taken in any case" {
	local t f lower
	for t in $(tools); do
		# the default format: the first of the synopsis' -T list
		f=$("$t" --help | sed -n '1s/.*\[-T \([a-z]*\)[]|].*/\1/p')
		[ -n "$f" ] || { fails+="$t: no -T in the synopsis"$'\n'; continue; }
		check "$t" lower 0 "$t" -T "$f" "$(valid "$t")"
		lower=$output
		check "$t" upper 0 "$t" -T "${f^^}" "$(valid "$t")"
		[ "$output" = "$lower" ] || fails+="$t (-T ${f^^}): differs"$'\n'
		longopts "$t" | grep -qx lang || continue
		check "$t" lang 0 "$t" --lang=de "$(valid "$t")"
		lower=$output
		check "$t" LANG 0 "$t" --lang=DE "$(valid "$t")"
		[ "$output" = "$lower" ] || fails+="$t (--lang=DE): differs"$'\n'
		exact "$t" lang-bad 3 "$(usage "$t" "invalid value 'FR' for --lang (valid: en, de, ru)")" \
		    "$t" --lang=FR
	done
	done_all
}

@test "common: --help and --version into a full disk: status 4" {
	[ -c /dev/full ] || skip "/dev/full is not a device here"
	local t o
	for t in $(tools); do
		for o in --help --version; do
			exact "$t" "$o-full" 4 \
			    "$t: write error: No space left on device" \
			    sh -c '"$1" "$2" > /dev/full' sh "$t" "$o"
		done
	done
	done_all
}

@test "common: --help into a pipe closed after one byte" {
	local t
	for t in $(tools); do
		# the help is one write: it reaches the pipe before head ends
		check "$t" help-pipe 0 bash -c \
		    '"$1" --help | head -c 1; echo " ${PIPESTATUS[0]}"' _ "$t"
		[ "$output" = "u 0" ] || fails+="$t (help-pipe): $output"$'\n'
		[ -z "$stderr" ] || fails+="$t (help-pipe): $stderr"$'\n'
	done
	done_all
}

@test "common: a full disk as output, on stdout or with -o" {
	[ -c /dev/full ] || skip "/dev/full is not a device here"
	local t
	for t in $(tools); do
		exact "$t" full 4 "$t: write error: No space left on device" \
		    sh -c '"$1" "$2" > /dev/full' sh "$t" "$(valid "$t")"
		exact "$t" full-o 4 \
		    "$t: cannot write '/dev/full': No space left on device" \
		    "$t" -o /dev/full "$(valid "$t")"
	done
	done_all
}

@test "common: a closed pipe ends the tool quietly (SIGPIPE, also when ignored)" {
	local t f args
	for t in $(tools); do
		f=$(valid "$t")
		# 2000 operands (a loop here would cost bats 1 ms a turn)
		mapfile -t args < <(yes "$f" | head -n 2000)
		[ "${#args[@]}" = 2000 ] || fails+="$t: ${#args[@]} operands"$'\n'
		check "$t" pipe 0 bash -c \
		    '"$@" | head -c 1; echo " ${PIPESTATUS[0]}"' _ \
		    "$t" "${args[@]}"
		[ "${output##* }" = 141 ] ||
		    fails+="$t (pipe): status ${output##* }, expected 141"$'\n'
		[ -z "$stderr" ] || fails+="$t (pipe): $stderr"$'\n'
		# SIGPIPE ignored by the caller: the same end, by EPIPE
		check "$t" pipe-ignored 0 bash -c \
		    'trap "" PIPE; "$@" | head -c 1; echo " ${PIPESTATUS[0]}"' _ \
		    "$t" "${args[@]}"
		[ "${output##* }" = 141 ] ||
		    fails+="$t (pipe-ignored): status ${output##* }, expected 141"$'\n'
		[ -z "$stderr" ] || fails+="$t (pipe-ignored): $stderr"$'\n'
	done
	done_all
}

@test "common: -o into a missing directory leaves nothing behind" {
	local t d=$BATS_TEST_TMPDIR/out
	mkdir "$d"
	for t in $(tools); do
		exact "$t" nodir 4 "$t: cannot create a temporary file for '$d/nosuch/out': No such file or directory" \
		    "$t" -o "$d/nosuch/out" "$(valid "$t")"
		[ ! -e "$d/nosuch" ] || fails+="$t (nodir): created"$'\n'
	done
	[ -z "$(ls -A "$d")" ] || fails+="left behind: $(ls -A "$d")"$'\n'
	done_all
}

@test "common: -o '' is a usage error before any input is read" {
	local t
	for t in $(tools); do
		run -3 --separate-stderr "$t" -o '' "$BATS_TEST_TMPDIR/none"
		[ "$stderr" = "$t: empty file name for -o (use - for the standard output)"$'\n'"Try '$t --help' for more information." ] ||
		    fails+="$t: $stderr"$'\n'
		[ -z "$output" ] || fails+="$t: wrote $output"$'\n'
	done
	done_all
}

@test "common: an empty argv[0]: messages name the program" {
	local t exe want
	for t in $(tools); do
		exe=$(readlink -f "$BIN/$t")
		run -3 --separate-stderr bash -c 'exec -a "" "$1" -x' _ "$BIN/$t"
		# the multi-call binary cannot tell its tool without a name
		want="$t: unknown option '-x'"
		[ "${exe##*/}" != bellis ] ||
		    want="usage: bellis TOOL [ARG...], or a link named TOOL to bellis; the tools:"
		[ "${stderr%%$'\n'*}" = "$want" ] || fails+="$t: $stderr"$'\n'
	done
	done_all
}

@test "common: bellis --help lists the tools on the standard output, status 0" {
	local exe
	exe=$(readlink -f "$(command -v combat-calc)")
	[ "${exe##*/}" = bellis ] || skip "combat-calc is not a link to bellis"
	run -0 --separate-stderr "$exe" --help
	assert_equal "$stderr" ""
	assert_line --index 0 "usage: bellis TOOL [ARG...], or a link named TOOL to bellis; the tools:"
	assert_line "  combat-calc"
	# without a tool: the same on the standard error, a usage error
	run -3 --separate-stderr "$exe"
	assert_equal "$output" ""
	[[ $stderr == "usage: bellis TOOL"* ]]
	# --help into a full disk
	run -4 bash -c '"$1" --help > /dev/full' _ "$exe"
}

@test "common: -o onto a directory (rename fails): it survives" {
	local t d=$BATS_TEST_TMPDIR/out
	mkdir -p "$d/target"
	echo old > "$d/target/keep"
	for t in $(tools); do
		exact "$t" rename 4 "$t: cannot write '$d/target': Is a directory" \
		    "$t" -o "$d/target" "$(valid "$t")"
		[ "$(cat "$d/target/keep")" = old ] ||
		    fails+="$t (rename): the directory changed"$'\n'
		[ "$(ls -A "$d")" = target ] ||
		    fails+="$t (rename): left $(ls -A "$d")"$'\n'
	done
	done_all
}

@test "common: -o in a read-only directory: the old file survives" {
	[ "$(id -u)" != 0 ] || skip "root writes into read-only directories"
	local t d=$BATS_TEST_TMPDIR/ro
	mkdir "$d"
	echo old > "$d/out"
	chmod 555 "$d"
	for t in $(tools); do
		check "$t" readonly 4 "$t" -o "$d/out" "$(valid "$t")"
		[ "$(cat "$d/out")" = old ] ||
		    fails+="$t (readonly): the old file changed"$'\n'
	done
	chmod 755 "$d"
	done_all
}
