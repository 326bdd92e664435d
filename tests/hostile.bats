#!/usr/bin/env bats
# Hostile and broken input against every tool: each case loops over the
# tools of README.md (all built in $BELLIS_BIN: helpers/common.bash).
# Nothing may crash or hang (timeout), a failure gives a "TOOL: ..."
# diagnostic and the documented status.
# A new tool joins by its row in README.md's table, plus small valid inputs:
# fixtures/hostile/TOOL.xml (its XML input) and TOOL.txt (its line format;
# a tool without one leaves it out and gets TOOL.xml instead); a status
# that differs from the common one goes into expect() below.
load helpers/common

export BELLIS_SEED=1

setup_file() {
	local d=$BATS_FILE_TMPDIR
	# 10 MB on one line, no newline at the end
	head -c 10485760 /dev/zero | tr '\0' x > "$d/long.txt"
	printf '<?xml version="1.0"?>\n<!DOCTYPE r [\n<!ENTITY e SYSTEM "file:///etc/passwd">\n<!ENTITY f "boom">\n]>\n<r>&e;&f;</r>\n' > "$d/doctype.xml"
	{
		printf '<?xml version="1.0"?>\n<r>'
		printf '<r>%.0s' $(seq 1000)
		printf '</r>%.0s' $(seq 1000)
		printf '</r>\n'
	} > "$d/deep.xml"
}

# expect TOOL CASE DEFAULT: the documented status of TOOL in CASE.
expect() {
	case $1:$2 in
	# armylist-parse reads bytes that are not UTF-8 as windows-1252 and
	# drops control bytes (armylist-parse(1)): a warning at most
	armylist-parse:utf8)
		echo 0 ;;
	# binary data is said to be so and not read (no-armies), an error
	armylist-parse:junk | armylist-parse:junk2)
		echo 2 ;;
	# armylist-select reads as armylist-parse does: binary data is an
	# error; an empty input has no army to match, a 'no' (exit 1)
	armylist-select:empty | armylist-select:comments)
		echo 1 ;;
	armylist-select:utf8)
		echo 0 ;;
	armylist-select:junk | armylist-select:junk2)
		echo 2 ;;
	# armylist-check reads what armylist-parse reads, but calls an empty
	# input an error (exit 2, armylist-check(1)); comments alone are no
	# army and no finding (exit 0); refcard-render reads only armylist
	# XML: it renders no card and warns
	armylist-check:empty | refcard-render:comments)
		echo 2 ;;
	armylist-check:junk | armylist-check:junk2)
		echo 2 ;;
	# battle-scan reads only battlefield XML
	battle-scan:empty | battle-scan:comments)
		echo 2 ;;
	*)	echo "$3" ;;
	esac
}

@test "hostile: every tool is covered by fixtures" {
	local t
	for t in $(tools); do
		[ -f "$H/$t.xml" ] || fails+="$t: no $H/$t.xml"$'\n'
	done
	done_all
}

@test "hostile: the valid inputs pass (the cases below start from them)" {
	local t
	for t in $(tools); do
		check "$t" valid-text 0 "$t" "$(valid "$t")"
		check "$t" valid-xml 0 "$t" "$H/$t.xml"
	done
	done_all
}

@test "hostile: empty file" {
	local t f=$BATS_TEST_TMPDIR/empty
	: > "$f"
	for t in $(tools); do
		check "$t" empty "$(expect "$t" empty 0)" "$t" "$f"
		check "$t" empty-stdin "$(expect "$t" empty 0)" "$t" < /dev/null
	done
	done_all
}

@test "hostile: only comments and blank lines" {
	local t f=$BATS_TEST_TMPDIR/comments
	printf '# one\n\n   # two\n\t\n#\n' > "$f"
	for t in $(tools); do
		check "$t" comments "$(expect "$t" comments 0)" "$t" "$f"
	done
	done_all
}

@test "hostile: binary junk" {
	local t
	for t in $(tools); do
		check "$t" junk "$(expect "$t" junk 2)" "$t" \
		    "$FIX/combat/junk.bin"
		check "$t" junk2 "$(expect "$t" junk2 2)" "$t" \
		    "$FIX/armylist-parse/junk.bin"
	done
	done_all
}

@test "hostile: a 10 MB single line" {
	local t
	for t in $(tools); do
		check "$t" long "$(expect "$t" long 2)" "$t" \
		    "$BATS_FILE_TMPDIR/long.txt"
		# a tool with a line format names the limit; the others
		# refuse the text as not XML
		[ ! -f "$H/$t.txt" ] || [[ $stderr == *"line longer than"* ]] ||
		    fails+="$t (long): not 'line longer than'"$'\n'
	done
	done_all
}

@test "hostile: invalid UTF-8 in a valid input" {
	local t f=$BATS_TEST_TMPDIR/utf8
	for t in $(tools); do
		if [ -f "$H/$t.txt" ]; then
			{ printf '\xff\xfe\xc3(\n'; cat "$H/$t.txt"; } > "$f"
		else    # inside the XML, after its declaration
			{ head -n 1 "$H/$t.xml"; printf '<!-- \xff\xfe\xc3( -->\n'
			  tail -n +2 "$H/$t.xml"; } > "$f"
		fi
		check "$t" utf8 "$(expect "$t" utf8 2)" "$t" "$f"
		[[ $stderr == *UTF-8* ]] ||
		    fails+="$t (utf8): UTF-8 not named"$'\n'
	done
	done_all
}

@test "hostile: NUL bytes in a valid input" {
	local t f=$BATS_TEST_TMPDIR/nul
	for t in $(tools); do
		{ cat "$(valid "$t")"; printf 'a\0b\0\n'; } > "$f"
		check "$t" nul "$(expect "$t" nul 2)" "$t" "$f"
	done
	done_all
}

@test "hostile: CRLF line ends read like LF" {
	local t lf crlf
	mkdir "$BATS_TEST_TMPDIR/lf" "$BATS_TEST_TMPDIR/crlf"
	for t in $(tools); do
		cp "$(valid "$t")" "$BATS_TEST_TMPDIR/lf/in"
		sed 's/$/\r/' "$(valid "$t")" > "$BATS_TEST_TMPDIR/crlf/in"
		check "$t" lf 0 bash -c 'cd "$1" && exec "$2" in' _ \
		    "$BATS_TEST_TMPDIR/lf" "$t"
		lf=$output
		check "$t" crlf "$(expect "$t" crlf 0)" bash -c \
		    'cd "$1" && exec "$2" in' _ "$BATS_TEST_TMPDIR/crlf" "$t"
		[ "$ok" = 0 ] || [ "$lf" = "$output" ] ||
		    fails+="$t (crlf): output differs from LF"$'\n'
	done
	done_all
}

@test "hostile: a DOCTYPE with entities is refused" {
	local t
	for t in $(tools); do
		check "$t" doctype "$(expect "$t" doctype 2)" "$t" \
		    "$BATS_FILE_TMPDIR/doctype.xml"
		[[ $output != *root:* && $output != *boom* ]] ||
		    fails+="$t (doctype): an entity was expanded"$'\n'
		[[ $stderr == *DOCTYPE* ]] ||
		    fails+="$t (doctype): DOCTYPE not named"$'\n'
	done
	done_all
}

@test "hostile: billion laughs" {
	local t
	for t in $(tools); do
		check "$t" laughs "$(expect "$t" laughs 2)" "$t" \
		    "$FIX/armylist-parse/billion-laughs.xml"
		[[ $output != *lollollol* ]] ||
		    fails+="$t (laughs): entities expanded"$'\n'
	done
	done_all
}

@test "hostile: 1000-deep nesting" {
	local t
	for t in $(tools); do
		check "$t" deep "$(expect "$t" deep 2)" "$t" \
		    "$BATS_FILE_TMPDIR/deep.xml"
	done
	done_all
}

@test "hostile: truncated XML" {
	local t f=$BATS_TEST_TMPDIR/trunc.xml n
	for t in $(tools); do
		n=$(wc -c < "$H/$t.xml")
		head -c $((n / 2)) "$H/$t.xml" > "$f"
		check "$t" truncated "$(expect "$t" truncated 2)" "$t" "$f"
	done
	done_all
}

@test "hostile: a directory as operand" {
	local t
	for t in $(tools); do
		check "$t" dir "$(expect "$t" dir 4)" "$t" "$BATS_TEST_TMPDIR"
		[[ $stderr == *"Is a directory"* ]] ||
		    fails+="$t (dir): not 'Is a directory'"$'\n'
	done
	done_all
}

@test "hostile: a missing operand, then a valid one" {
	local t
	for t in $(tools); do
		check "$t" missing "$(expect "$t" missing 4)" "$t" \
		    "$BATS_TEST_TMPDIR/nosuch" "$(valid "$t")"
		[[ $stderr == *"No such file or directory"* ]] ||
		    fails+="$t (missing): no 'No such file'"$'\n'
		[ -n "$output" ] || fails+="$t (missing): nothing written"$'\n'
	done
	done_all
}

@test "hostile: standard input closed" {
	local t
	for t in $(tools); do
		check "$t" stdin-closed "$(expect "$t" closed 4)" bash -c \
		    '"$1" <&-' _ "$t"
		[[ $stderr == *"cannot read '-'"* ]] ||
		    fails+="$t (stdin-closed): not 'cannot read'"$'\n'
	done
	done_all
}

@test "hostile: bad input with -o: no temporary file remains" {
	local t d=$BATS_TEST_TMPDIR/keep
	mkdir "$d"
	for t in $(tools); do
		echo old > "$d/out"
		check "$t" bad-o "$(expect "$t" doctype 2)" "$t" -o "$d/out" \
		    "$BATS_FILE_TMPDIR/doctype.xml"
		[ "$(ls -A "$d")" = out ] ||
		    fails+="$t (bad-o): left $(ls -A "$d")"$'\n'
	done
	done_all
}
