#!/usr/bin/env bats
# Hostile sizes: quadratic paths, memory that grows with the input, data lost at a limit, diagnostics.  Inputs are
# generated in the test's temporary directory; growth is judged by
# `linear` (common.bash), never by an absolute time.
load ../helpers/common

T=$(limit 20)

# gen_enemies N FILE: N enemies of army II/5a, 5000 to a record of its
# own, and army 7.
gen_enemies() {
	awk -v n="$1" 'BEGIN { for (a = 0; a * 5000 < n; a++) {
			print "II/5a Spartan 450-275BC"; printf "Enemies: "
			for (i = a * 5000 + 1; i <= a * 5000 + 5000 && i <= n; i++)
				printf "%s%d", (i > a * 5000 + 1 ? ", " : ""), i
			print ""; print "1x4Sp (Gen), 8x4Sp."; print "" }
		print "7 Other 300-200BC"; print "1x4Sp (Gen)." }' > "$2"
}

@test "JSON with \"armies\" and \"rules\" twice, members between: armylist-select from a pipe, -o, no temporary file" {
	local d=$BATS_TEST_TMPDIR army='{"id":"I/1a","name":{"lang":"en","text":"A"},"elements":{"items":[{"count":1,"general":true,"troops":[{"code":"Sp"}]}]}}'
	{ printf '{"version":1,"rules":"dba22","armies":[%s]' "$army"
	  awk 'BEGIN { for (i = 0; i < 300; i++) printf ",\"n%d\":%s", i, "1111111111111111111111111" }'
	  printf ',"rules":"dba1","armies":[%s,%s]}\n' "$army" "$army"; } > "$d/dup.json"
	mkdir "$d/o"
	run -0 --separate-stderr armylist-select --troop=Sp -T jsonl -o "$d/o/out" - < "$d/dup.json"
	assert_equal "$(ls -A "$d/o")" out
	assert_equal "$(grep -c '"rules":"dba22"' "$d/o/out")" 3
}

@test "--enemy-of with 80k enemies of one army costs linear time" {
	linear 20000 gen_enemies armylist-select --enemy-of=II/5a -T tsv @LIN@
	run -0 --separate-stderr armylist-select --enemy-of=II/5a -T tsv "$LIN"
	assert_equal "${lines[1]%%	*}" 7
	assert_equal "${#lines[@]}" 2
}

@test "--enemy-of collects at most 100000 enemies: reported, memory flat" {
	gen_enemies 100000 "$BATS_TEST_TMPDIR/e.txt"
	run -0 --separate-stderr armylist-select --enemy-of=II/5a -T tsv "$BATS_TEST_TMPDIR/e.txt"
	gen_enemies 100001 "$BATS_TEST_TMPDIR/e.txt"
	run -2 --separate-stderr armylist-select --enemy-of=II/5a -T tsv "$BATS_TEST_TMPDIR/e.txt"
	assert_equal "$stderr" "armylist-select: $BATS_TEST_TMPDIR/e.txt:81: error: more than 100000 enemies of the armies of --enemy-of, the rest is ignored"
	assert_equal "$(cut -f 1 <<<"$output" | tr '\n' ' ')" "id 7 "
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || return 0
	flat gen_enemies 160000 1280000 armylist-select --enemy-of=II/5a -T tsv
}

@test "one army holds at most 10000 enemies in every carrier, as in XML" {
	awk 'BEGIN { print "II/5a Spartan 450-275BC"; printf "Enemies: "
		for (i = 1; i <= 10001; i++) printf "%s%d", (i > 1 ? ", " : ""), i
		print ""; print "1x4Sp (Gen)." }' > "$BATS_TEST_TMPDIR/e.txt"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/e.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/e.txt:1: error: more than 10000 enemies in one army, the rest is ignored"
	echo "$output" > "$BATS_TEST_TMPDIR/e.xml"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/e.xml"
	[[ ${lines[1]} == *", 9999, 10000	"* ]]
}

@test "--enemy-of matches variants through the hash set" {
	printf '12b A 300-200BC\nEnemies: 7, 9a\n1x4Sp (Gen).\n\n7a B 300-200BC\n1x4Sp (Gen).\n\n9 C 300-200BC\n1x4Sp (Gen).\n\n9b D 300-200BC\n1x4Sp (Gen).\n\n70 E 300-200BC\n1x4Sp (Gen).\n' > "$BATS_TEST_TMPDIR/v.txt"
	run -0 --separate-stderr armylist-select --enemy-of=12 -T tsv "$BATS_TEST_TMPDIR/v.txt"
	assert_equal "$(printf '%s\n' "${lines[@]:1}" | cut -f 1 | tr '\n' ' ')" "7a 9 "
}

# sel_name PATTERN: armylist-select --name=PATTERN on a 60-letter name
sel_name() {
	printf '7 %s 300-200BC\n1x4Sp (Gen).\n' "$(printf 'a%.0s' {1..60})" > "$BATS_TEST_TMPDIR/n.txt"
	run --separate-stderr timeout "$T" armylist-select --name="$1" "$BATS_TEST_TMPDIR/n.txt"
}

@test "--name refuses back-references, deep, long and huge patterns (exit 3)" {
	sel_name '(.*)(.*)(.*)\3\2\1b'
	assert_equal "$status" 3
	assert_equal "${stderr%%$'\n'*}" "armylist-select: regular expression '(.*)(.*)(.*)\3\2\1b' for --name refused (a back-reference)"
	sel_name '((a{1,100}){1,100}){1,100}'
	assert_equal "$status" 3
	assert_equal "${stderr%%$'\n'*}" "armylist-select: regular expression '((a{1,100}){1,100}){1,100}' for --name refused (more than 10000 items once repetitions are expanded)"
	sel_name '((((((((((((((((((a))))))))))))))))))'
	assert_equal "$status" 3
	assert_equal "${stderr%%$'\n'*}" "armylist-select: regular expression '((((((((((((((((((a))))))))))))))))))' for --name refused (groups nested more than 16 deep)"
	sel_name "$(printf 'a%.0s' {1..257})"
	assert_equal "$status" 3
	assert_equal "${stderr%%$'\n'*}" "armylist-select: regular expression '$(printf 'a%.0s' {1..60})...' for --name refused (longer than 256 bytes)"
	# what stays within the limits is matched as before
	sel_name '(a{1,99}){1,100}'
	assert_equal "$status" 0
	sel_name '[[:alpha:]\1]{1,255}b'
	assert_equal "$status" 1
	assert_equal "$stderr" ""
}

@test "a --name regex that exhausts memory is exit 4" {
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || skip "the sanitizers and valgrind need the address space"
	local v
	printf '7 A 300-200BC\n1x4Sp (Gen).\n' > "$BATS_TEST_TMPDIR/a.txt"
	# the least address space (4 MB steps) a small pattern runs in
	for v in $(seq 20000 4000 200000); do
		(ulimit -v "$v"; armylist-select --name=a "$BATS_TEST_TMPDIR/a.txt") > /dev/null 2>&1 && break
	done
	run --separate-stderr bash -c 'ulimit -v "$1"; armylist-select --name="(a{1,99}){1,100}" "$2"' _ "$v" "$BATS_TEST_TMPDIR/a.txt"
	assert_equal "$status" 4
	# glibc's regcomp may also crash on its way out of ENOMEM: the
	# crash handler's exit 4 then, after what glibc's malloc may say
	# of its heap ("corrupted size vs. prev_size ...") as it aborts
	[[ $stderr == "armylist-select: out of memory compiling the regular expression of --name: Cannot allocate memory" ||
	    ${stderr##*$'\n'} == "armylist-select: stopped by a fatal signal (out of memory in a library?); nothing written" ]]
}

# peak FILE CMD...: the peak RSS of CMD in KiB (status ignored)
peak() {
	local f=$1
	shift
	/usr/bin/time -f '%M' -o "$BATS_TEST_TMPDIR/peak" "$@" < "$f" > /dev/null 2>&1 || true
	tail -n 1 "$BATS_TEST_TMPDIR/peak"
}

@test "leading blank lines are not kept in memory, their lines counted" {
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || skip "peak memory of a plain build"
	local e kb
	for e in '\n' '\r' '\r\n' ' \t\n'; do
		awk -v e="$e" 'BEGIN { for (i = 0; i < 200000; i++) printf e
			print "I/1a X 3000-2800BC"; print "1x3Bd (Gen), 1xZz" }' > "$BATS_TEST_TMPDIR/b.txt"
		run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/b.txt"
		assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/b.txt:200002:16: error: unknown troop type 'Zz'"
	done
	{ printf '\xef\xbb\xbf'; yes '' | head -n 100000; printf '{"version":1,\n"armies":[x]}\n'; } > "$BATS_TEST_TMPDIR/b.json"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/b.json"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/b.json:100002:11: error: invalid JSON: expected a value, found 'x'"
	{ yes '' | head -n 40000000; cat "$SAMPLES/corpus-sample.txt"; } > "$BATS_TEST_TMPDIR/b.txt"
	kb=$(peak "$BATS_TEST_TMPDIR/b.txt" armylist-parse)
	echo "40 MB of line ends: $kb KiB" >&3
	[ "$kb" -lt 20000 ]
}

@test "XML after a run of blank lines: not kept by libxml2 either, its lines right" {
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || skip "peak memory of a plain build"
	local kb
	{ yes '' | head -n 100000; printf '<armylists version="1">\n<army id="I/1"/>\n<bad\n'; } > "$BATS_TEST_TMPDIR/e.xml"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/e.xml"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/e.xml:100004:1: error: couldn't find end of Start Tag bad"
	{ yes '' | head -n 100000; printf '<!DOCTYPE x>\n<armylists version="1"/>\n'; } > "$BATS_TEST_TMPDIR/d.xml"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/d.xml"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/d.xml:100001: error: DOCTYPE not allowed (no DTDs or entities are read)"
	{ yes '' | head -n 40000000; tail -n +2 "$SAMPLES/english-lists.xml"; } > "$BATS_TEST_TMPDIR/b.xml"
	run -0 armylist-parse -T tsv "$BATS_TEST_TMPDIR/b.xml"
	assert_equal "$(wc -l <<<"$output")" "$(armylist-parse -T tsv "$SAMPLES/english-lists.xml" | wc -l)"
	kb=$(peak "$BATS_TEST_TMPDIR/b.xml" armylist-parse)
	echo "XML after 40 MB of line ends: $kb KiB" >&3
	[ "$kb" -lt 20000 ]
}

@test "a CSV cell over 64 KiB keeps its first 65534 bytes, the rest reported" {
	{ printf 'Nr;Armee;Elemente;Bemerkung\n7;"'; head -c 70000 /dev/zero | tr '\0' x
	  printf '";1x Kn (Gen);"'; head -c 70000 /dev/zero | tr '\0' y; printf '"\n'; } > "$BATS_TEST_TMPDIR/c.csv"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/c.csv"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/c.csv:2: error: army '7' continues beyond 65536 bytes in one field, the rest is ignored"
	assert_equal "$(awk -F '\t' 'NR == 2 { print length($2), $8 }' <<<"$output")" "65534 1xKn (Gen)"
	# a note column, cut at a character (ä is two bytes)
	{ printf 'Nr;Armee;Elemente;Bemerkung\n7;A;1x Kn (Gen);"x'; yes ä | head -n 40000 | tr -d '\n'; printf '"\n'; } > "$BATS_TEST_TMPDIR/n.csv"
	run -2 --separate-stderr armylist-parse -T json "$BATS_TEST_TMPDIR/n.csv"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/n.csv:2: error: army '7' continues beyond 65536 bytes in one field, the rest is ignored"
	need_jq sheet
	assert_equal "$(jq -r '.armies[0].notes[0].text | utf8bytelength' <<<"$output")" 65535
}

@test "JSON Lines with CR-only line ends: a bad line loses only itself, at its place" {
	local e
	for e in '\r' '\r\n' '\n'; do
		printf "{\"id\":\"7\",\"name\":{\"lang\":\"en\",\"text\":\"A\"},\"elements\":{\"text\":\"1x4Sp (Gen)\"}}$e{\"id\":\"8\",x}$e{\"id\":\"9\",\"name\":{\"lang\":\"en\",\"text\":\"C\"},\"elements\":{\"text\":\"1x4Sp (Gen)\"}}$e" > "$BATS_TEST_TMPDIR/l.jsonl"
		run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/l.jsonl"
		assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/l.jsonl:2:11: error: invalid JSON: expected a member name in quotes, found 'x'"
		assert_equal "$(cut -f 1 <<<"$output" | tr '\n' ' ')" "id 7 9 "
	done
	# a CR alone in a document counts as a line end too
	printf '{"version":1,\r"armies":[\r\r  x]}' > "$BATS_TEST_TMPDIR/d.json"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/d.json"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/d.json:4:3: error: invalid JSON: expected a value, found 'x'"
}

@test "refcard-render names the input file, not '-', for an army it lacks" {
	local a=fixtures/refcard/armies.xml
	run -2 --separate-stderr refcard-render --army=III/71 "$a"
	assert_equal "$stderr" "refcard-render: $a: error: army 'III/71' not in the collection (did you mean 'III/17'?)"
	run -2 --separate-stderr refcard-render --matchup=66a,III/71 /dev/null "$a"
	assert_equal "$stderr" "refcard-render: $a: error: army 'III/71' not in the collection (did you mean 'III/17'?)"
	run -2 --separate-stderr refcard-render --army=III/71 - < "$a"
	assert_equal "$stderr" "refcard-render: -: error: army 'III/71' not in the collection (did you mean 'III/17'?)"
}

@test "battle-scan names the attribute of x=\"1e9\"" {
	sed 's/x="1200" y="1150" facing="0"\/>/x="1e9" y="1150" facing="0"\/>/' "$SAMPLES/battle-hill.xml" > "$BATS_TEST_TMPDIR/x.xml"
	run -2 --separate-stderr battle-scan "$BATS_TEST_TMPDIR/x.xml"
	[[ $stderr == *"battle-scan: $BATS_TEST_TMPDIR/x.xml:19: error: attribute 'x' of <element> is not valid"* ]]
	[[ $stderr == *"battle-scan: $BATS_TEST_TMPDIR/x.xml:19: error: invalid x '1e9' on 'element'"* ]]
	[[ $stderr != *"element element"* ]]
}

# gen_line K DIR: a line of 48 elements and a plan of K steps forward
# and back, 2000 paces each.
gen_line() {
	awk 'BEGIN { print "<battlefield version=\"1\" rules=\"dba1\" width=\"9000\" height=\"9000\" bound=\"1\">"
		print "  <side name=\"red\" pips=\"6\">"
		for (i = 0; i < 48; i++) printf "    <element id=\"r%d\" troop=\"Bd\" x=\"%d\" y=\"4000\" facing=\"0\"%s/>\n", i, 500 + 160 * i, i == 0 ? " general=\"yes\"" : ""
		print "  </side>\n  <side name=\"blue\" pips=\"2\">"
		print "    <element id=\"b1\" troop=\"Bd\" x=\"500\" y=\"8500\" facing=\"180\" general=\"yes\"/>"
		print "  </side>\n</battlefield>" }' > "$2/line.xml"
	awk -v k="$1" 'BEGIN { printf "move "; for (i = 0; i < 48; i++) printf "%sr%d", i ? "," : "", i
		for (i = 0; i < k; i++) printf " fwd 2000 back 2000"; print "" }' > "$2/line.plan"
}

@test "a plan's sub-steps are swept, not stored: memory flat in its length" {
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || skip "peak memory of a plain build"
	local k1 k2 d=$BATS_TEST_TMPDIR
	gen_line 4 "$d"
	k1=$(peak /dev/null battle-scan -T svg --plan="$d/line.plan" "$d/line.xml")
	run -0 --separate-stderr battle-scan --plan="$d/line.plan" "$d/line.xml"
	assert_line --partial 'back 2000: 16000 paces'
	gen_line 128 "$d"
	k2=$(peak /dev/null battle-scan -T svg --plan="$d/line.plan" "$d/line.xml")
	echo "48 elements, 8 and 256 steps of 2000 paces: $k1 and $k2 KiB" >&3
	[ "$k2" -lt $((k1 + 4000)) ]
}

# gen_army_xml NOTES ENEMIES FILE: one army with that many notes and enemies
gen_army_xml() {
	awk -v n="$1" -v e="$2" 'BEGIN { print "<armylists version=\"1\" rules=\"dba22\"><army id=\"7\"><name lang=\"en\">A</name>"
		printf "<enemies>"; for (i = 1; i <= e; i++) printf "<ref>%d</ref>", i; print "</enemies>"
		print "<elements text=\"1x4Sp (Gen)\"><element count=\"1\" general=\"yes\"><troop code=\"Sp\" figures=\"4\"/></element></elements>"
		for (i = 0; i < n; i++) printf "<note column=\"c\">n%d</note>\n", i
		print "</army></armylists>" }' > "$3"
}

@test "an XML army holds at most 10000 enemies and notes: reported, memory flat" {
	local x=$BATS_TEST_TMPDIR/a.xml kb
	gen_army_xml 20000 30000 "$x"
	run -2 --separate-stderr armylist-parse -T json "$x"
	assert_equal "$stderr" "armylist-parse: $x:2: error: more than 10000 enemies in one army, the rest is ignored
armylist-parse: $x:10004: error: more than 10000 notes in one army, the rest is ignored"
	need_jq refs
	assert_equal "$(jq -c '.armies[0] | [(.enemies | length), (.notes | length), .enemies[-1]]' <<<"$output")" '[10000,10000,"10000"]'
	# what was written reads back the same, in XML and in JSON
	echo "$output" > "$BATS_TEST_TMPDIR/a.json"
	run -0 --separate-stderr armylist-parse -T json "$BATS_TEST_TMPDIR/a.json"
	assert_equal "$(jq -c '.armies[0] | [(.enemies | length), (.notes | length)]' <<<"$output")" '[10000,10000]'
	sed 's/"enemies":\[/"enemies":["x",/' "$BATS_TEST_TMPDIR/a.json" > "$BATS_TEST_TMPDIR/b.json"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/b.json"
	[[ $stderr == "armylist-parse: $BATS_TEST_TMPDIR/b.json:1:"*": error: more than 10000 enemies in one army, the rest is ignored" ]]
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || return 0
	gen_army_xml 400000 200000 "$x"
	kb=$(peak "$x" armylist-check)
	echo "400k notes, 200k enemies: armylist-check $kb KiB" >&3
	[ "$kb" -lt 20000 ]
}

# flat GEN N1 N2 TOOL...: the peak RSS of TOOL on GEN's input of N1 and
# of N2 differ by less than 2 MB
flat() {
	local gen=$1 n1=$2 n2=$3 k1 k2 f=$BATS_TEST_TMPDIR/flat.in
	shift 3
	"$gen" "$n1" "$f"
	k1=$(peak "$f" "$@")
	"$gen" "$n2" "$f"
	k2=$(peak "$f" "$@")
	echo "$*, $gen $n1 and $n2: $k1 and $k2 KiB" >&3
	[ "$k2" -lt $((k1 + 2000)) ]
}

# gen_wrap N FILE: one list text record wrapped over N element lines
gen_wrap() {
	{ echo 'I/1a X 3000-2800BC'; echo '1x3Bd (Gen),'; yes '1x4Sp,' | head -n "$1"; echo '1x2Ps.'; } > "$2"
}

@test "a list text record wrapped over 100k lines: a field ends at 65536 bytes, entries past 1000 are not kept" {
	local f=$BATS_TEST_TMPDIR/w.txt
	gen_wrap 100000 "$f"
	run -2 --separate-stderr armylist-parse -T json "$f"
	# 12 + 9360 lines of 7 bytes fit (a blank joins them); line 9363 does not
	assert_equal "$stderr" "armylist-parse: $f:9363: error: army 'I/1a' continues beyond 65536 bytes in one field, the rest is ignored
armylist-parse: $f:2:1: error: more than 1000 elements in one army, the rest is ignored"
	need_jq wrapped
	assert_equal "$(jq -c '.armies[0] | [.incomplete, (.elements.items | length), .elements.items[999].count, (.elements.text | utf8bytelength)]' <<<"$output")" '[true,1000,1,65532]'
	# General lines alike: a first line past the limit keeps what fits,
	# cut at a character; the General lines after it are ignored
	{ echo 'I/1a X 3000-2800BC'; printf 'General: 1x3Bd '; yes ä | head -n 40000 | tr -d '\n'; echo; echo '2x4Sp'; echo 'General: 1x3Cv'; } > "$f"
	run -2 --separate-stderr armylist-parse -T json "$f"
	assert_equal "${stderr%%$'\n'*}" "armylist-parse: $f:2: error: army 'I/1a' continues beyond 65536 bytes in one field, the rest is ignored"
	assert_equal "$(jq -c '.armies[0] | [.incomplete, (.elements.text | utf8bytelength), .elements.items[1].count]' <<<"$output")" '[true,65553,2]'
	[[ $output != *Cv* ]]
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || return 0
	flat gen_wrap 50000 400000 armylist-parse
}

# gen_refs N FILE: one list text record with N note lines and N enemies,
# 1000 to a line
gen_refs() {
	awk -v n="$1" 'BEGIN { print "I/1a X 3000-2800BC"; print "1x3Bd (Gen)"
		for (i = 0; i < n; i++) printf "Note: c: note %d\n", i
		for (i = 0; i < n / 1000; i++) { printf "Enemies: "
			for (j = 1; j <= 1000; j++) printf "%s%d", (j > 1 ? ", " : ""), i * 1000 + j
			print "" } }' > "$2"
}

@test "list text notes and enemies past 10000 are not kept: reported, memory flat" {
	local f=$BATS_TEST_TMPDIR/r.txt
	gen_refs 20000 "$f"
	run -2 --separate-stderr armylist-parse -T json "$f"
	assert_equal "$stderr" "armylist-parse: $f:1: error: more than 10000 enemies in one army, the rest is ignored
armylist-parse: $f:1: error: more than 10000 notes in one army, the rest is ignored"
	need_jq refs
	assert_equal "$(jq -c '.armies[0] | [(.enemies | length), .enemies[-1], (.notes | length), .notes[-1].text]' <<<"$output")" '[10000,"10000",10000,"note 9999"]'
	# allies: a join word past the limit is no error of its own
	awk 'BEGIN { print "I/1a X 3000-2800BC"; print "1x3Bd (Gen)"; printf "Allies: "
		for (j = 1; j <= 10002; j++) printf "%s%d", (j > 1 ? " or " : ""), j; print "" }' > "$f"
	run -2 --separate-stderr armylist-parse -T json "$f"
	assert_equal "$stderr" "armylist-parse: $f:1: error: more than 10000 allies in one army, the rest is ignored"
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || return 0
	flat gen_refs 20000 320000 armylist-parse
}

@test "a TSV or HTML cell over 64 KiB keeps its first 65534 bytes, the rest reported" {
	{ printf 'Nr\tArmee\tElemente\tBemerkung\n7\t'; head -c 70000 /dev/zero | tr '\0' x
	  printf '\t1x Kn (Gen)\t'; yes ä | head -n 40000 | tr -d '\n'; printf '\n'; } > "$BATS_TEST_TMPDIR/c.tsv"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/c.tsv"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/c.tsv:2: error: army '7' continues beyond 65536 bytes in one field, the rest is ignored"
	assert_equal "$(awk -F '\t' 'NR == 2 { print length($2), $8 }' <<<"$output")" "65534 1xKn (Gen)"
	run -2 --separate-stderr armylist-parse -T json "$BATS_TEST_TMPDIR/c.tsv"
	need_jq sheet
	assert_equal "$(jq -r '.armies[0].notes[0].text | utf8bytelength' <<<"$output")" 65534
	{ printf '<table><tr><td>Nr</td><td>Armee</td><td>Elemente</td></tr>\n<tr><td>7</td><td>'
	  head -c 70000 /dev/zero | tr '\0' x; printf '</td><td>1x Kn (Gen)</td></tr></table>\n'; } > "$BATS_TEST_TMPDIR/c.html"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/c.html"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/c.html:2: error: army '7' continues beyond 65536 bytes in one field, the rest is ignored"
	assert_equal "$(awk -F '\t' 'NR == 2 { print length($2), $8 }' <<<"$output")" "65534 1xKn (Gen)"
}

@test "libxml2's limits in our words: no XML_PARSE_HUGE, no internal error" {
	local d=$BATS_TEST_TMPDIR t all=
	{ printf '<!DOCTYPE a [<!ELEMENT a '; printf '(%.0s' {1..200}; printf 'b'; printf ')%.0s' {1..200}; printf '>]>\n<a/>\n'; } > "$d/dtd.xml"
	{ printf '<armylists version="1">\n<army id="'; head -c 10000001 /dev/zero | tr '\0' 1; printf '"/></armylists>\n'; } > "$d/attr.xml"
	{ printf '<armylists version="1">\n<army id="1"><name lang="en">'; head -c 10000001 /dev/zero | tr '\0' x; printf '</name></army></armylists>\n'; } > "$d/text.xml"
	{ printf '<armylists version="1">\n<!--'; head -c 10000001 /dev/zero | tr '\0' x; printf -- '--></armylists>\n'; } > "$d/comment.xml"
	for t in armylist-parse armylist-check; do
		run -2 --separate-stderr "$t" "$d/dtd.xml"
		all+=$stderr
		assert_equal "${stderr%%$'\n'*}" "$t: $d/dtd.xml:1:155: error: DOCTYPE not allowed (and its declarations nested more than 128 deep)"
		run -2 --separate-stderr "$t" "$d/attr.xml"
		all+=$stderr
		assert_equal "${stderr##*$'\n'}" "$t: $d/attr.xml:2:10: error: a token of more than 10000000 bytes (the most this tool reads)"
		run -2 --separate-stderr "$t" "$d/comment.xml"
		assert_equal "$stderr" "$t: $d/comment.xml:2:10000006: error: comment too big found
$t: $d/comment.xml:2:10000006: error: a token of more than 10000000 bytes (the most this tool reads)"
		run -2 --separate-stderr "$t" "$d/text.xml"
		assert_equal "$stderr" "$t: $d/text.xml:2:10000031: error: a text of more than 10000000 bytes (the most this tool reads)"
	done
	[[ $all != *XML_PARSE_HUGE* && $all != *[Hh]uge* ]]
}

# gen_stack N FILE: N red Blades on one spot
gen_stack() {
	awk -v n="$1" 'BEGIN { print "<battlefield version=\"1\" rules=\"dba1\" width=\"2400\" height=\"2400\" bound=\"1\"><side name=\"red\" pips=\"6\">"
		for (i = 0; i < n; i++) printf "<element id=\"r%d\" troop=\"Bd\" x=\"1200\" y=\"1200\" facing=\"0\"/>\n", i
		print "</side><side name=\"blue\" pips=\"2\"/></battlefield>" }' > "$2"
}

@test "battle-scan holds at most 10000 elements and a plan of 10000 moves: reported, memory flat" {
	local d=$BATS_TEST_TMPDIR
	gen_stack 10002 "$d/s.xml"
	run -2 --separate-stderr battle-scan --max-errors=2 "$d/s.xml"
	assert_equal "$stderr" "battle-scan: $d/s.xml:10002: error: more than 10000 elements on the table, the rest is ignored
battle-scan: $d/s.xml:3: error: element 'r1' intersects 'r0' (line 2)
battle-scan: $d/s.xml: error: 9998 more errors not reported (--max-errors=0 reports all)"
	awk 'BEGIN { print "<battlefield version=\"1\" width=\"2400\" height=\"2400\"><feature kind=\"wood\">"
		for (i = 0; i <= 100000; i++) printf "<point x=\"%d\" y=\"%d\"/>", 1000 + i % 2 * 100, 1000 + int(i / 2) % 2 * 100
		print "</feature></battlefield>" }' > "$d/p.xml"
	run -2 --separate-stderr battle-scan "$d/p.xml"
	assert_equal "${stderr%%$'\n'*}" "battle-scan: $d/p.xml:2: error: more than 100000 points of terrain on the table, the rest is ignored"
	yes 'move r1 fwd 10' | head -n 10002 > "$d/l.plan"
	run -2 --separate-stderr battle-scan --max-errors=0 --plan="$d/l.plan" "$SAMPLES/battle-line.xml"
	assert_equal "${#stderr_lines[@]}" 10000
	assert_equal "${stderr_lines[9999]}" "battle-scan: $d/l.plan:10001: error: more than 10000 moves in the plan, the rest of it is skipped"
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || return 0
	flat gen_stack 20000 80000 battle-scan
}

# gen_side N FILE: a battle of a side of N units and a side without
gen_side() {
	awk -v n="$1" 'BEGIN { print "<battles version=\"1\"><battle name=\"B\"><side name=\"S\" strategy=\"12\">"
		for (i = 0; i < n; i++) printf "<unit name=\"U%d\" ts=\"%d\"/>\n", i, 1 + i % 50
		print "</side><side name=\"T\" ts=\"1000\"/></battle></battles>" }' > "$2"
}

@test "a side of 300 000 units in XML: streamed, its units in TMPDIR, memory flat" {
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || skip "peak memory of a plain build"
	local k1 k2 d=$BATS_TEST_TMPDIR
	gen_side 3000 "$d/s.xml"
	k1=$(peak /dev/null campaign-catastrophe -s 1 -T xml "$d/s.xml")
	gen_side 300000 "$d/s.xml"
	k2=$(peak /dev/null campaign-catastrophe -s 1 -T xml "$d/s.xml")
	echo "3000 and 300 000 units: $k1 and $k2 KiB" >&3
	# a tree of the side was 800 bytes a unit: 240 MB
	[ "$k2" -lt $((k1 + 2000)) ]
	run -0 --separate-stderr campaign-catastrophe -s 1 -T xml "$d/s.xml"
	assert_equal "$(grep -c '<unit ' <<< "$output")" 300000
	assert_line --index 2 --partial 'ts="7650000" ts-after='
}

# gen_html N FILE [CHARSET]: an HTML sheet of N armies, "Frühe" in
# UTF-8, or in windows-1252 declared as CHARSET
gen_html() {
	awk -v n="$1" -v cs="${3:-}" 'BEGIN {
		u = cs == "" ? "\303\274" : "\374"
		printf "<html><head>%s</head><body><table>\n", cs == "" ? "" : "<meta charset=\"" cs "\">"
		print "<tr><th>Nr.<th>Bezeichnung<th>Gegner<th>Zusammensetzung"
		for (i = 1; i <= n; i++) printf "<tr><td>%d<td>Fr%she %d<td>1, 5a<td>1x Kn (Befehlshaber), 8x Bo, 3x Pl\n", i, u, i
		print "</table></body></html>" }' > "$2"
}

@test "an HTML sheet of 18 MB (past the old 16 MiB) is read piece by piece: every army, its lines, memory flat" {
	local k1 k2 d=$BATS_TEST_TMPDIR
	gen_html 240000 "$d/s.html" iso-8859-1
	run -0 --separate-stderr armylist-parse -T tsv "$d/s.html"
	assert_equal "${#lines[@]}" 240001
	assert_equal "${lines[240000]%%$'\t'*}" 240000
	assert_equal "$(cut -f 2 <<< "${lines[240000]}")" "Frühe 240000"
	# libxml2's lines stopped at 65535 in a tree
	run -0 --separate-stderr bash -c 'armylist-parse "$1" | grep -c "line=\"240002\""' _ "$d/s.html"
	assert_output 1
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || return 0
	gen_html 2400 "$d/s1.html" iso-8859-1
	k1=$(peak /dev/null armylist-parse "$d/s1.html")
	k2=$(peak /dev/null armylist-parse "$d/s.html")
	echo "HTML sheet of 2400 and 240 000 armies: $k1 and $k2 KiB" >&3
	# a tree of the page was 30 bytes a byte: 600 MB
	[ "$k2" -lt $((k1 + 2000)) ]
}

@test "an HTML page that declares no charset is UTF-8 only when all of it is, past 64 KiB and from a pipe too" {
	local d=$BATS_TEST_TMPDIR
	gen_html 3000 "$d/u.html"
	run -0 --separate-stderr bash -c 'armylist-parse -T tsv "$1" | sed -n 2p | cut -f 2; armylist-parse -T tsv - < "$1" | tail -n 1 | cut -f 2; cat "$1" | armylist-parse -T tsv | wc -l' _ "$d/u.html"
	assert_output $'Frühe 1\nFrühe 3000\n3001'
	# one windows-1252 byte at the end: all of it is windows-1252
	{ cat "$d/u.html"; printf '<p>\374</p>\n'; } > "$d/w.html"
	run -0 --separate-stderr bash -c 'armylist-parse -T tsv "$1" | sed -n 2p | cut -f 2; cat "$1" | armylist-parse -T tsv | tail -n 1 | cut -f 2' _ "$d/w.html"
	assert_output $'FrÃ¼he 1\nFrÃ¼he 3000'
	# a temporary file that cannot be made is a system error
	run -4 --separate-stderr env TMPDIR="$d/none" armylist-parse -T tsv "$d/u.html"
	assert_equal "$stderr" "armylist-parse: cannot make a temporary file in '$d/none': No such file or directory"
}

@test "an HTML page holds at most 1 MiB unparsed (text without markup, a comment) and a cell what its field keeps" {
	local d=$BATS_TEST_TMPDIR
	head='<html><body><table><tr><th>Nr<th>Armee<th>Elemente'
	# 2 MB of text in a cell: the page ends there, the army before it is kept
	{ echo "$head"; echo '<tr><td>1<td>A<td>1x Kn (Gen)'; printf '<tr><td>2<td>'
	  head -c 2000000 /dev/zero | tr '\0' 'a'; printf '<td>1x Kn (Gen)\n</table></body></html>\n'; } > "$d/t.html"
	run -2 --separate-stderr armylist-parse -T tsv "$d/t.html"
	# (army 2 ends where the page does, without its elements)
	assert_equal "$stderr" "armylist-parse: $d/t.html:3: error: more than 1 MiB of the page without an end of text or tag, the rest of the page is not read
armylist-parse: $d/t.html:3: error: army 2 has no elements"
	assert_equal "$(cut -f 1 <<<"$output")" "id
1
2"
	# a comment of 2 MB of '<' is held too
	{ echo "$head"; echo '<tr><td>1<td>A<td>1x Kn (Gen)'; printf '<!-- '
	  head -c 2000000 /dev/zero | tr '\0' '<'; printf ' -->\n<tr><td>2<td>B<td>1x Kn (Gen)\n</table>\n'; } > "$d/c.html"
	run -2 --separate-stderr armylist-parse -T tsv "$d/c.html"
	assert_equal "$stderr" "armylist-parse: $d/c.html:3: error: more than 1 MiB of the page without an end of text or tag, the rest of the page is not read"
	assert_equal "${#lines[@]}" 2
	# a name cell of 90 000 bytes in 60 000 text nodes, and 200 000 line
	# breaks: cut at its field's 65536 bytes, as one text node is
	{ echo "$head"; printf '<tr><td>3<td>'
	  awk 'BEGIN { for (i = 0; i < 30000; i++) printf "ab<b>c</b>" }'
	  printf '<td>1x Kn (Gen)\n<tr><td>4<td>'; head -c 90000 /dev/zero | tr '\0' 'x'
	  printf '<td>1x Kn (Gen)'; awk 'BEGIN { for (i = 0; i < 200000; i++) printf "<br>" }'; printf '\n</table>\n'; } > "$d/n.html"
	run -2 --separate-stderr armylist-parse -T tsv "$d/n.html"
	assert_equal "$stderr" "armylist-parse: $d/n.html:2: error: army '3' continues beyond 65536 bytes in one field, the rest is ignored
armylist-parse: $d/n.html:3: error: army '4' continues beyond 65536 bytes in one field, the rest is ignored"
	assert_equal "$(awk -F '\t' 'NR > 1 { print $1, length($2) }' <<<"$output")" "3 65534
4 65534"
}
