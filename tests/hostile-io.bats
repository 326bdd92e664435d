#!/usr/bin/env bats
# Hostile input and output around the core input/output layer: -o onto
# links and descriptors, temp files on signals and exits, the old
# file kept on errors, one line limit for files and pipes, CR line ends,
# byte order marks and UTF-16, endless input, the form of numbers.
# Cases that every tool shares loop over the tools of README.md, with
# the small valid inputs of tests/fixtures/hostile.  Nothing here writes
# over a device: links point into temporary directories, and /dev/stdout
# is only ever written through a redirection to a temporary file.
load helpers/common

export BELLIS_SEED=1

# out_tools: the tools whose -o the -o tests try: every tool; under
# valgrind three (one -o of lib/core for all: memory is checked through
# a writer of XML, of text and of cards, the rest by the other builds)
out_tools() {
	if [ -n "${BELLIS_VALGRIND:-}" ]; then
		printf '%s\n' armylist-parse combat-calc refcard-render
	else
		tools
	fi
}

# line tools: the tools with a line format
line_tools() {
	local t
	for t in $(tools); do
		[ -f "$H/$t.txt" ] && echo "$t"
	done
	return 0
}

fails=
# fail MSG: note a failure, so that every tool is tried before the end
fail() {
	fails+="$1"$'\n'
}

# the names in directory $1, hidden ones too, on one line
names() {
	(cd "$1" && ls -A | tr '\n' ' ')
}

# ---- -o onto links and descriptors (1) -------------------------------------

@test "-o LINK keeps the link and replaces its target" {
	local t d=$BATS_TEST_TMPDIR
	for t in $(out_tools); do
		rm -rf "$d/w" && mkdir -p "$d/w/real" && cd "$d/w"
		echo old > real/target
		ln -s real/target link           # relative link
		ln -s "$d/w/link" chain          # absolute link to a link
		run -0 "$t" -o chain "$H/$t.xml"
		[ -L chain ] && [ -L link ] || fail "$t: a link was replaced"
		[ "$(cat real/target)" != old ] || fail "$t: target not written"
		cmp -s real/target <("$t" "$H/$t.xml") ||
		    fail "$t: the target is not the output"
		[ "$(names real)" = "target " ] || fail "$t: left $(names real)"
		[ "$(names .)" = "chain link real " ] || fail "$t: left $(names .)"
	done
	cd "$TOP/tests"
	done_all
}

@test "-o onto a dangling link makes its target" {
	local t d=$BATS_TEST_TMPDIR
	for t in $(out_tools); do
		rm -rf "$d/w" && mkdir -p "$d/w/sub" && cd "$d/w"
		ln -s sub/new dangling
		run -0 "$t" -o dangling "$H/$t.xml"
		[ -L dangling ] || fail "$t: the dangling link was replaced"
		[ -s sub/new ] || fail "$t: the target was not made"
		[ "$(names sub)" = "new " ] || fail "$t: left $(names sub)"
	done
	cd "$TOP/tests"
	done_all
}

@test "-o onto a link keeps the target's mode and writes nothing beside the link" {
	local d=$BATS_TEST_TMPDIR
	mkdir "$d/a" "$d/b"
	echo old > "$d/b/t"
	chmod 640 "$d/b/t"
	ln -s ../b/t "$d/a/l"
	run -0 combat-calc -o "$d/a/l" "$H/combat-calc.txt"
	[ -L "$d/a/l" ]
	cmp "$d/b/t" <(combat-calc "$H/combat-calc.txt")
	[ "$(stat -c %a "$d/b/t")" = 640 ]
	[ "$(names "$d/a")" = "l " ]
	[ "$(names "$d/b")" = "t " ]
}

@test "-o keeps the permission bits of the file it replaces, never set-user-ID or set-group-ID" {
	local d=$BATS_TEST_TMPDIR
	echo old > "$d/t"
	chmod 6777 "$d/t"
	run -0 combat-calc -o "$d/t" "$H/combat-calc.txt"
	[ "$(stat -c %a "$d/t")" = 777 ]
	chmod 3750 "$d/t"
	run -0 combat-calc -o "$d/t" "$H/combat-calc.txt"
	[ "$(stat -c %a "$d/t")" = 750 ]
	# a file another user planted for root to replace
	[ "$(id -u)" = 0 ] && command -v setpriv > /dev/null &&
	    id nobody > /dev/null 2>&1 || skip "needs root, setpriv and nobody to plant as another user"
	local w
	w=$(mktemp -d /tmp/bellis-w.XXXXXX)
	chmod 1777 "$w"
	setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c "echo x > $w/out && chmod 6777 $w/out"
	run -0 combat-calc -o "$w/out" "$H/combat-calc.txt"
	[ "$(stat -c %a.%u "$w/out")" = 777.0 ]
	rm -r "$w"
}

@test "-o follows no other user's link in a sticky directory others can write, as the kernel" {
	[ "$(id -u)" = 0 ] || skip "needs root to act as another user"
	command -v setpriv > /dev/null || skip "no setpriv"
	id nobody > /dev/null 2>&1 || skip "no user nobody"
	local d=$BATS_TEST_TMPDIR w nob="setpriv --reuid=nobody --regid=nogroup --clear-groups"
	# w: a shared directory as /tmp; a file of root's elsewhere
	w=$(mktemp -d /tmp/bellis-w.XXXXXX)
	chmod 1777 "$w"
	echo secret > "$d/secret"
	chmod 600 "$d/secret"
	$nob ln -s "$d/secret" "$w/lists.xml"
	run -4 --separate-stderr armylist-parse -o "$w/lists.xml" "$H/armylist-parse.txt"
	assert_equal "$stderr" "armylist-parse: cannot write '$w/lists.xml': '$w/lists.xml' is a symbolic link of another user in a sticky directory others can write; not followed"
	[ "$(cat "$d/secret")" = secret ]
	[ -L "$w/lists.xml" ]
	[ "$(names "$w")" = "lists.xml " ]
	# a link to it in a directory of root's leads there: refused too
	ln -s "$w/lists.xml" "$d/via"
	run -4 armylist-parse -o "$d/via" "$H/armylist-parse.txt"
	[ "$(cat "$d/secret")" = secret ]
	# the user's own link there is followed
	rm "$w/lists.xml"
	ln -s "$d/secret" "$w/lists.xml"
	run -0 armylist-parse -o "$w/lists.xml" "$H/armylist-parse.txt"
	[ "$(cat "$d/secret")" != secret ]
	# so is another user's link in a directory that is not sticky
	echo secret > "$d/secret"
	chmod 0777 "$w"
	rm "$w/lists.xml"
	$nob ln -s "$d/secret" "$w/lists.xml"
	run -0 armylist-parse -o "$w/lists.xml" "$H/armylist-parse.txt"
	[ "$(cat "$d/secret")" != secret ]
	# and a link of the sticky directory's owner
	rm -r "$w"
	mkdir -m 1777 "$w"
	chown nobody "$w"
	echo secret > "$d/secret"
	$nob ln -s "$d/secret" "$w/lists.xml"
	run -0 armylist-parse -o "$w/lists.xml" "$H/armylist-parse.txt"
	[ "$(cat "$d/secret")" != secret ]
	rm -r "$w"
}

@test "-o /dev/stdout, /dev/fd/1 and /proc/self/fd/1 write the standard output in place" {
	local t p d=$BATS_TEST_TMPDIR
	[ -L /dev/stdout ] || skip "/dev/stdout is not a symbolic link here"
	ln -s "$(readlink /dev/stdout)" "$d/stdout"
	for t in $(out_tools); do
		"$t" "$H/$t.xml" > "$d/want"
		# first a link of our own like /dev/stdout: a tool that
		# replaces it must not get near the real one (as root it
		# would replace the system's link)
		"$t" -o "$d/stdout" "$H/$t.xml" > "$d/got"
		if [ ! -L "$d/stdout" ]; then
			fail "$t: -o onto a link to /proc/self/fd/1 replaced it"
			rm -f "$d/stdout"
			ln -s "$(readlink /dev/stdout)" "$d/stdout"
			continue
		fi
		cmp -s "$d/want" "$d/got" || fail "$t -o LINK-TO-FD: no output"
		for p in $(vg_first /dev/stdout /dev/fd/1 /proc/self/fd/1); do
			[ -e "$p" ] || continue
			rm -f "$d/got"
			"$t" -o "$p" "$H/$t.xml" > "$d/got" ||
			    fail "$t -o $p: status $?"
			cmp -s "$d/want" "$d/got" ||
			    fail "$t -o $p: the redirected file lacks the output"
			# through a pipe as well
			"$t" -o "$p" "$H/$t.xml" | cat > "$d/got"
			cmp -s "$d/want" "$d/got" ||
			    fail "$t -o $p: the pipe lacks the output"
		done
	done
	[ -L /dev/stdout ] || fail "/dev/stdout is no longer a link"
	[ "$(names "$d")" = "got stdout want " ] || fail "left $(names "$d")"
	done_all
}

@test "-o onto a FIFO writes it in place" {
	local d=$BATS_TEST_TMPDIR
	mkfifo "$d/fifo"
	cat "$d/fifo" > "$d/got" &
	run -0 timeout "$TMO" combat-calc -o "$d/fifo" "$H/combat-calc.txt"
	wait
	[ -p "$d/fifo" ]
	cmp "$d/got" <(combat-calc "$H/combat-calc.txt")
}

# ---- the old file stays on an error (4) -------------------------------------

@test "-o keeps the old file when the status is 2, and replaces it on 0 and 1" {
	local t d=$BATS_TEST_TMPDIR
	printf '<?xml version="1.0"?>\n<unclosed>\n' > "$d/bad.xml"
	for t in $(out_tools); do
		echo old > "$d/out"
		run timeout "$TMO" "$t" -o "$d/out" "$H/$t.xml" "$d/bad.xml"
		[ "$status" -eq 2 ] || fail "$t: status $status, expected 2"
		[ "$(cat "$d/out")" = old ] || fail "$t: replaced on status 2"
		[ "$(names "$d")" = "bad.xml out " ] ||
		    fail "$t: left $(names "$d")"
		run -0 "$t" -o "$d/out" "$H/$t.xml"
		[ "$(cat "$d/out")" != old ] || fail "$t: not replaced on 0"
	done
	# status 1 is an answer (an illegal move), not an error
	echo old > "$d/out"
	printf 'bound 1\nmove Kn 300\nmove Bd 100\n' > "$d/illegal.txt"
	run -1 move-check -o "$d/out" "$d/illegal.txt"
	grep -q 'PIP' "$d/out" || fail "move-check: not replaced on status 1"
	done_all
}

@test "-o: every page makes the promise of bellis(7), the old file kept on status 2 or more" {
	local t item
	for t in $(tools); do
		item=$(awk '/^\.It Fl o /, /^\.It Fl [^o]/' "$TOP/man/$t.1" | tr '\n' ' ')
		[[ $item == *"exit status 2 or more"* && $item == *"nothing is written to it"* && $item == *"Xr bellis 7"* ]] ||
		    fail "$t: -o says: $item"
		[[ $item == *"symbolic link"* && $item == *"sticky directory"* ]] ||
		    fail "$t: -o says nothing of links: $item"
		[[ $item != *"standard output only"* && $item != *"written only"* ]] ||
		    fail "$t: -o still writes elsewhere: $item"
	done
	done_all
}

# ---- temporary files on signals and exits (3) -------------------------------

# start_blocked TOOL OUT: run TOOL -o OUT in the background reading the
# FIFO $d/in (written through fd 5), its signals at their defaults, and
# wait until its temporary file exists.  Sets pid.
start_blocked() {
	local t=$1 out=$2 i
	mkfifo "$d/in"
	env --default-signal "$BIN/$t" -o "$out" < "$d/in" 2> "$d/err" &
	pid=$!
	exec 5> "$d/in"
	for i in $(seq 600); do
		ls -A "$(dirname "$out")" | grep -q "^\.$(basename "$out")\." &&
		    return 0
		sleep 0.1
	done
	echo "no temporary file after 60 s" >&2
	return 1
}

# reap PID: its exit status in st, killing it when it outlives $TMO
reap() {
	local i
	for i in $(seq $((TMO * 10))); do
		kill -0 "$1" 2>/dev/null || break
		sleep 0.1
	done
	kill -s KILL "$1" 2>/dev/null || true
	st=0
	wait "$1" || st=$?
}

@test "no temporary file is left after any signal that ends a process" {
	local sig st d=$BATS_TEST_TMPDIR
	env --default-signal true 2>/dev/null || skip "env --default-signal"
	for sig in HUP INT QUIT TERM USR1 USR2 ALRM VTALRM PROF XCPU; do
		rm -rf "$d/o" "$d/in" && mkdir "$d/o"
		echo old > "$d/o/out"
		start_blocked combat-calc "$d/o/out"
		kill -s "$sig" "$pid"
		reap "$pid"
		exec 5>&-
		[ "$st" -eq $((128 + $(kill -l "$sig"))) ] ||
		    fail "$sig: status $st"
		[ "$(names "$d/o")" = "out " ] || fail "$sig: left $(names "$d/o")"
		[ "$(cat "$d/o/out")" = old ] || fail "$sig: the old file changed"
	done
	done_all
}

@test "no temporary file is left after SIGPIPE on the standard error" {
	local st d=$BATS_TEST_TMPDIR
	env --default-signal true 2>/dev/null || skip "env --default-signal"
	mkdir "$d/o"
	echo old > "$d/o/out"
	mkfifo "$d/in" "$d/errpipe"
	exec 4<> "$d/errpipe"     # a reader, for now
	env --default-signal "$BIN/combat-calc" -o "$d/o/out" \
	    < "$d/in" 2> "$d/errpipe" 4<&- &
	pid=$!
	exec 5> "$d/in"
	for i in $(seq 600); do
		[ "$(names "$d/o")" != "out " ] && break
		sleep 0.1
	done
	exec 4<&-                 # no reader: the error message breaks the pipe
	echo 'Bd vs Xx' >&5
	reap "$pid"
	exec 5>&-
	[ "$st" -eq 141 ]
	[ "$(names "$d/o")" = "out " ]
	[ "$(cat "$d/o/out")" = old ]
}

@test "a file size limit is a write error, exit 4 and a message, no temporary file" {
	local i st d=$BATS_TEST_TMPDIR
	mkdir "$d/o"
	echo old > "$d/o/out"
	yes 'Bd general uphill vs Kn overlap dice 4 2' | head -n 200 > "$d/many.txt"
	st=0
	(ulimit -f 4; exec env --default-signal combat-calc -o "$d/o/out" \
	    "$d/many.txt") 2> "$d/err" || st=$?
	[ "$st" -eq 4 ]
	[ "$(cat "$d/err")" = "combat-calc: cannot write '$d/o/out': File too large" ]
	[ "$(names "$d/o")" = "out " ]
	[ "$(cat "$d/o/out")" = old ]
	# a spill to TMPDIR past the limit too (the ids of armylist-check)
	mkdir "$d/tmp"
	awk 'BEGIN { for (i = 1; i <= 3000; i++) printf "%d Army %d 300-200BC\n1x4Sp (Gen), 8x4Sp.\n\n", i, i }' > "$d/a.txt"
	st=0
	(ulimit -f 1; BELLIS_INDEX_MEMORY=8192 TMPDIR=$d/tmp exec env \
	    --default-signal armylist-check -q "$d/a.txt" > /dev/null) \
	    2> "$d/err" || st=$?
	[ "$st" -eq 4 ]
	[ "$(cat "$d/err")" = "armylist-check: cannot write a temporary file in '$d/tmp': File too large" ]
	[ "$(names "$d/tmp")" = "" ]
}

@test "no temporary file is left after running out of memory (exit 4)" {
	local st vm d=$BATS_TEST_TMPDIR
	env --default-signal true 2>/dev/null || skip "env --default-signal"
	command -v prlimit > /dev/null || skip "no prlimit"
	# ASan's allocator reports and aborts rather than fail a malloc
	! grep -qa __asan_init "$BIN/armylist-parse" || skip "ASan build"
	# under valgrind, valgrind's own memory runs out first
	[ -z "${BELLIS_VALGRIND:-}" ] || skip "valgrind runs out of memory first"
	mkdir "$d/o"
	echo old > "$d/o/out"
	start_blocked armylist-check "$d/o/out"
	# the address space it has plus 4 MB: the ids of 400 000 armies,
	# which armylist-check keeps in memory up to 8 MB before they go
	# to a temporary file, cannot be held (every reader is bounded
	# below that now)
	vm=$(awk '/^VmSize/ { print $2 }' "/proc/$pid/status")
	if ! prlimit --pid "$pid" --as=$(((vm + 4096) * 1024)); then
		kill "$pid"
		reap "$pid"
		exec 5>&-
		skip "prlimit refused"
	fi
	awk 'BEGIN { for (i = 1; i <= 400000; i++)
		printf "%d Army of the %d hills 300-200BC\n1x4Sp (Gen), 8x4Sp.\n\n", i, i }' \
	    >&5 2>/dev/null || true
	exec 5>&-
	reap "$pid"
	[ "$st" -eq 4 ] || { cat "$d/err"; false; }
	grep -q 'out of memory' "$d/err"
	[ "$(names "$d/o")" = "out " ]
	[ "$(cat "$d/o/out")" = old ]
}

# ---- one line limit for files and pipes (8), endless input (13) -------------

@test "the line limit is the same for a file and a pipe" {
	local t d=$BATS_TEST_TMPDIR a b
	# 1 MiB exactly is a line; one byte more is too long, read either way
	{ head -c 1048576 /dev/zero | tr '\0' a; echo; } > "$d/max"
	{ head -c 1100000 /dev/zero | tr '\0' a; echo; } > "$d/over"
	for t in $(line_tools); do
		run --separate-stderr "$t" "$d/max"
		[[ $stderr != *"line longer"* ]] || fail "$t: 1 MiB is too long"
		run --separate-stderr "$t" "$d/over"
		a="$status ${stderr//$d\/over/-}"
		run --separate-stderr "$t" < "$d/over"
		b="$status $stderr"
		[ "$a" = "$b" ] || fail "$t: file '$a' vs pipe '$b'"
		[[ $b == "2 $t: -:1: error: line longer than 1048576 bytes"* ]] ||
		    fail "$t: not refused: $b"
		run --separate-stderr bash -c 'cat "$1" | "$2"' _ "$d/over" "$t"
		[ "$status $stderr" = "$b" ] || fail "$t: cat | differs: $stderr"
	done
	done_all
}

@test "endless input stops: /dev/zero; bad lines are read to the end, 50 reported" {
	local t l
	for t in $(tools); do
		run --separate-stderr timeout -k 5 "$TMO" "$t" /dev/zero
		[ "$status" -eq 2 ] || fail "$t /dev/zero: status $status"
		[[ $stderr == "$t: "* ]] || fail "$t /dev/zero: no diagnostic"
	done
	for t in $(line_tools); do
		# a line that is an error again and again
		case $t in
		armylist-parse | armylist-select)
			l='I/1 A 100BC' ;;   # an army without elements
		*) l='Xx zz 1 2 3' ;;
		esac
		run --separate-stderr timeout -k 5 "$TMO" bash -c \
		    'yes "$2" | head -n 3000 | "$1"' _ "$t" "$l"
		[ "$status" -eq 2 ] || fail "$t (yes): status $status"
		[ "$(grep -c ': error: ' <<<"$stderr")" -eq 51 ] ||
		    fail "$t (yes): not 50 errors and the count"
		[[ $stderr == *"$t: -: error: "*" more errors not reported (--max-errors=0 reports all)" ]] ||
		    fail "$t (yes): no count of the errors not reported"
	done
	done_all
}

# ---- CR line ends (9), byte order marks and UTF-16 (10) ---------------------

# same_as TOOL NAME: run TOOL on $d/NAME/in and compare with $d/lf/in
same_as() {
	local t=$1 want
	want=$(cd "$d/lf" && "$t" in 2>&1)
	run bash -c 'cd "$1" && exec "$2" in 2>&1' _ "$d/$2" "$t"
	[ "$status" -eq 0 ] || fail "$t ($2): status $status: ${output:0:300}"
	[ "$output" = "$want" ] || fail "$t ($2): output differs: ${output:0:300}"
}

@test "CR alone ends a line, as LF and CRLF do" {
	local t d=$BATS_TEST_TMPDIR
	mkdir "$d/lf" "$d/cr"
	for t in $(line_tools); do
		cp "$H/$t.txt" "$d/lf/in"
		tr '\n' '\r' < "$H/$t.txt" > "$d/cr/in"
		same_as "$t" cr
	done
	done_all
}

@test "a UTF-8 byte order mark is skipped, in text and in XML" {
	local t f d=$BATS_TEST_TMPDIR
	mkdir "$d/lf" "$d/bom"
	for t in $(tools); do
		for f in "$H/$t.txt" "$H/$t.xml"; do
			[ -f "$f" ] || continue
			cp "$f" "$d/lf/in"
			{ printf '\357\273\277'; cat "$f"; } > "$d/bom/in"
			same_as "$t" bom
		done
	done
	done_all
}

@test "UTF-16 with a byte order mark is read as UTF-8, in text and in XML" {
	local t f d=$BATS_TEST_TMPDIR
	mkdir "$d/lf" "$d/le" "$d/be"
	for t in $(tools); do
		for f in "$H/$t.txt" "$H/$t.xml"; do
			[ -f "$f" ] || continue
			cp "$f" "$d/lf/in"
			# an XML declaration names the encoding (libxml2
			# decodes UTF-16 itself)
			sed 's/encoding="UTF-8"/encoding="UTF-16"/' "$f" \
			    > "$d/src"
			{ printf '\377\376'; iconv -f UTF-8 -t UTF-16LE \
			    "$d/src"; } > "$d/le/in"
			{ printf '\376\377'; iconv -f UTF-8 -t UTF-16BE \
			    "$d/src"; } > "$d/be/in"
			same_as "$t" le
			same_as "$t" be
		done
	done
	done_all
}

@test "armylist-parse reads UTF-16 list text with accents" {
	printf 'I/1 Frühe Sumerer 3000BC\n1x3Bd (Gen), 11x2Ps\n' |
	    iconv -f UTF-8 -t UTF-16 > "$BATS_TEST_TMPDIR/u16.txt"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/u16.txt"
	assert_line --index 1 --partial "$(printf 'I/1\tFrühe Sumerer')"
}

# ---- numbers (14) ------------------------------------------------------------

@test "numbers: a leading + is accepted wherever a number is" {
	run -0 combat-calc <<<'Bd vs Kn dice 4 2'
	local want=$output
	run -0 combat-calc <<<'Bd vs Kn dice +4 +2'
	assert_output "$want"
	run -0 combat-calc --roll -s 5 "$H/combat-calc.txt"
	want=$output
	run -0 combat-calc --roll -s +5 "$H/combat-calc.txt"
	assert_output "$want"
	run -0 campaign-survival <<<'pc A tactics=12 weapon=12 risk=3 roll=7 glory-roll=10'
	want=$output
	run -0 campaign-survival <<<'pc A tactics=+12 weapon=12 risk=+3 roll=+7 glory-roll=10'
	assert_output "$want"
	run -3 combat-calc --roll -s -5 "$H/combat-calc.txt"
}

@test "numbers: a decimal point needs digits on both sides" {
	run -0 move-check <<<$'bound 4\nmove Kn 1.5bw'
	run -2 --separate-stderr move-check <<<$'bound 4\nmove Kn .5bw'
	assert_equal "$stderr" "move-check: -:2:9: error: invalid distance '.5bw' (paces, or with p, mm, cm, in, bw)"
	run -2 --separate-stderr move-check <<<$'bound 4\nmove Kn 5.bw'
	assert_equal "$stderr" "move-check: -:2:9: error: invalid distance '5.bw' (paces, or with p, mm, cm, in, bw)"
}

@test "the static bellis: the floor of ulimit -v that bellis(7) gives holds" {
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || skip "the sanitizers and valgrind need the address space"
	local exe st size
	exe=$(readlink -f "$(command -v combat-calc)")
	[ "${exe##*/}" = bellis ] || skip "combat-calc is not a link to the static bellis"
	grep -q "ulimit -v 36000" "$TOP/man/bellis.7"
	# the page: below about 36000 KiB it dies before main; 40 MB start it
	st=0
	(ulimit -v 40000; exec combat-calc "$H/combat-calc.txt") > /dev/null || st=$?
	[ "$st" -eq 0 ]
	# well below the floor (the size of the binary): no start at all
	size=$(($(stat -c %s "$exe") / 1024))
	st=0
	(ulimit -v $((size - 4000)); exec combat-calc --version) > /dev/null 2>&1 || st=$?
	[ "$st" -ne 0 ]
	[ "$size" -lt 40000 ]
}

@test "a crash or a library out of memory (PDF under ulimit -v) ends in status 4, no temporary file" {
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || skip "the sanitizers and valgrind need the address space"
	local t v st d=$BATS_TEST_TMPDIR
	for t in "refcard-render --cards=rules -T pdf" "battle-scan -T pdf $SAMPLES/battle-line.xml"; do
		for v in 70000 100000 150000; do
			rm -rf "$d/o" && mkdir "$d/o"
			echo old > "$d/o/out.pdf"
			st=0
			(ulimit -v $v; exec $t -o "$d/o/out.pdf") 2> "$d/err" || st=$?
			[ "$(names "$d/o")" = "out.pdf " ] || fail "$t ($v KB): left $(names "$d/o")"
			if [ "$st" -eq 0 ]; then      # enough memory after all
				[ "$(head -c 5 "$d/o/out.pdf")" = "%PDF-" ] || fail "$t ($v KB): status 0, no PDF"
				continue
			fi
			[ "$st" -eq 4 ] || fail "$t ($v KB): status $st"
			[ "$(cat "$d/o/out.pdf")" = old ] || fail "$t ($v KB): the old file changed"
			grep -q "^${t%% *}: " "$d/err" || fail "$t ($v KB): no message"
		done
	done
	done_all
}

@test "-o names up to the longest file name: the temporary file's name is cut to fit" {
	local d=$BATS_TEST_TMPDIR n
	for n in 247 248 250 255; do
		f=$d/$(head -c "$n" /dev/zero | tr '\0' a)
		run -0 --separate-stderr bash -c "echo '7Hd vs 4Bd' | combat-calc --rules=dba22 -o '$f'"
		assert_equal "$stderr" ""
		assert_equal "$(head -c 9 "$f")" "1: Hd 3 ="
		rm "$f"
		[ "$(ls -A "$d" | grep -c '^\.')" -eq 0 ]
	done
}
