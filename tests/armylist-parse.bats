#!/usr/bin/env bats
# armylist-parse: carriers, grammar, formats, errors, hostile input.

# helpers/common at the top: in setup() bats's debug trap would run on
# every command it runs, many times its cost
load helpers/common

P=fixtures/armylist-parse
G=armylist-parse

# Whatever armylist XML the last `run` of a test printed must validate.
teardown() {
	if [[ "${output:-}" == '<?xml'*'<armylists'* ]]; then
		printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/last.xml"
		validate armylist.rng "$BATS_TEST_TMPDIR/last.xml" 2>/dev/null ||
		    { echo "last output does not validate" >&2; return 1; }
	fi
}

# ---- the carriers of the samples: tests/regress/armylist-parse ---------

# The cases of tests/regress/armylist-parse hold the exact XML of the
# samples, of the fixtures and of bad input: every one must validate.
@test "the armylist XML every regress case of armylist-parse expects validates" {
	regress_valid armylist-parse armylist.rng 20
}

@test "HTML in UTF-8 and windows-1252 give the same armies" {
	iconv -f latin1 -t utf-8 ../samples/armeelisten-1-60.html |
	    sed 's/iso-8859-1/utf-8/' > "$BATS_TEST_TMPDIR/u.html"
	sed 's/iso-8859-1/windows-1252/' ../samples/armeelisten-1-60.html > "$BATS_TEST_TMPDIR/w.html"
	a=$(armylist-parse -T tsv ../samples/armeelisten-1-60.html)
	b=$(armylist-parse -T tsv "$BATS_TEST_TMPDIR/u.html")
	c=$(armylist-parse -T tsv "$BATS_TEST_TMPDIR/w.html")
	assert_equal "$b" "$a"
	assert_equal "$c" "$a"
	[[ "$a" == *"Frühe Ägypter"* ]]
}

# page CHARSET NAMES...: an HTML sheet declaring CHARSET (none: no
# meta), an army per name (UTF-8 text, converted by the caller)
page() {
	local cs=$1 i=0 n
	shift
	printf '<html><head>%s</head><body><table>\n' "${cs:+<meta http-equiv=\"Content-Type\" content=\"text/html; charset=$cs\">}"
	printf '<tr><th>Nr<th>Armee<th>Zeit<th>Zusammensetzung\n'
	for n; do
		i=$((i + 1))
		printf '<tr><td>%d<td>%s<td>862-1054 AD<td>1x3Cv (Gen), 8x4Sp, 3x2Ps\n' "$i" "$n"
	done
	printf '</table>\n'
}

@test "HTML in windows-1252 or Latin-1: the bytes it has no character for do not end the page" {
	local d=$BATS_TEST_TMPDIR cs
	for cs in iso-8859-1 windows-1252 ''; do
		page "$cs" Eins $'Zwei \x81' $'Drei \x8d\x8f' $'Vier \x90\x9d' F$'\xfc'nf > "$d/p.html"
		run -0 --separate-stderr armylist-parse -T tsv "$d/p.html"
		assert_equal "$stderr" ""
		assert_equal "$(printf '%s\n' "$output" | tail -n +2 | cut -f2)" "$(printf 'Eins\nZwei \uFFFD\nDrei \uFFFD\uFFFD\nVier \uFFFD\uFFFD\nF\u00fcnf')"
	done
}

@test "HTML in any charset iconv knows: the declaration, then a byte order mark, then UTF-8 or windows-1252" {
	local d=$BATS_TEST_TMPDIR
	page windows-1251 'Древняя Русь' 'Новгород' | iconv -f UTF-8 -t WINDOWS-1251 > "$d/ru.html"
	run -0 --separate-stderr armylist-parse -T tsv "$d/ru.html"
	assert_equal "$stderr" ""
	assert_equal "$(printf '%s\n' "$output" | tail -n +2 | cut -f2)" "$(printf 'Древняя Русь\nНовгород')"
	page ISO-8859-2 'Bolesława Chrobrego' | iconv -f UTF-8 -t ISO-8859-2 > "$d/pl.html"
	run -0 armylist-parse -T tsv "$d/pl.html"
	assert_line --index 1 --regexp $'^1\tBolesława Chrobrego\t'
	page koi8-r 'Русь' | iconv -f UTF-8 -t KOI8-R > "$d/koi.html"
	run -0 armylist-parse -T tsv "$d/koi.html"
	assert_line --index 1 --regexp $'^1\tРусь\t'
	# a byte the charset has not: U+FFFD, a warning, the page goes on
	page utf-8 Eins $'Zwei \xff' Drei > "$d/u.html"
	run -0 --separate-stderr armylist-parse -T tsv "$d/u.html"
	assert_equal "$stderr" "armylist-parse: $d/u.html:4: warning: bytes not valid in the page's charset UTF-8, read as U+FFFD"
	assert_equal "$(printf '%s\n' "$output" | tail -n +2 | cut -f2)" "$(printf 'Eins\nZwei \uFFFD\nDrei')"
	# an unknown charset: as a page that declares none
	page x-unknown-charset Eins F$'\xfc'nf > "$d/x.html"
	run -0 --separate-stderr armylist-parse -T tsv "$d/x.html"
	assert_equal "$stderr" "armylist-parse: $d/x.html: warning: unknown charset 'x-unknown-charset' declared, read as a page that declares none"
	assert_line --index 2 --regexp $'^2\tFünf\t'
	# no declaration but a UTF-8 byte order mark: UTF-8
	{ printf '\xef\xbb\xbf'; page '' 'Fünf' $'Sechs \xfc'; } > "$d/bom.html"
	run -0 --separate-stderr armylist-parse -T tsv "$d/bom.html"
	assert_line --index 1 --regexp $'^1\tFünf\t'
	assert_line --index 2 --regexp $'^2\tSechs \uFFFD\t'
	# the declaration before the byte order mark
	{ printf '\xef\xbb\xbf'; page iso-8859-1 F$'\xfc'nf; } > "$d/bom.html"
	run -0 armylist-parse -T tsv "$d/bom.html"
	assert_line --index 1 --regexp $'^1\tFünf\t'
}

@test "standard input and '-' are read the same" {
	a=$(armylist-parse < ../samples/armeelisten-61-120.txt)
	b=$(armylist-parse - < ../samples/armeelisten-61-120.txt)
	assert_equal "$a" "$b"
	[[ "$a" == *'file="-"'* ]]
}

# gen_long_xml N BAD: armylist XML of N copies of the sample's armies
# (about 5 KB each), with an army the schema refuses after copy BAD (0:
# none).
gen_long_xml() {
	local s=../samples/corpus-sample.xml
	sed -n 1,2p "$s"
	sed '1,2d;$d' "$s" | awk -v n="$1" -v bad="$2" '{ b = b $0 "\n" }
	    END { for (i = 1; i <= n; i++) { printf "%s", b; if (i == bad)
	    print "  <army id=\"I/1\"><name lang=\"en\">x</name><enemies/>" \
	    "<elements><element count=\"0\"><troop code=\"Bd\"/>" \
	    "</element></elements></army>" } }'
	echo '</armylists>'
}

@test "read-back: a file and a stream read the same, what is refused early or late in a long stream too" {
	local f=$BATS_TEST_TMPDIR/long.xml bad a b
	# 1200 copies: 7 MB, past the 4 MB of a stream kept to read again
	for bad in 0 3 1000; do
		gen_long_xml 1200 "$bad" > "$f"
		run --separate-stderr armylist-parse -T tsv "$f"
		a="$output|$status|${stderr//$f/X}"
		run --separate-stderr armylist-parse -T tsv - < "$f"
		b="$output|$status|${stderr//-:/X:}"
		[ "$a" = "$b" ]
		if [ "$bad" = 0 ]; then
			[ "$status" = 0 ] && [ -z "$stderr" ]
			[ "$(wc -l <<<"$output")" = 7201 ]
		else
			[ "$status" = 2 ]
			# (past line 65535 libxml2 says 65535)
			[[ "$stderr" == *": error: type positiveInteger doesn't allow value '0'"* ]]
			[ "$bad" != 3 ] || [[ "$stderr" == *":564: error"* ]]
			[ "$(wc -l <<<"$output")" = 7202 ]
		fi
	done
}

@test "read-back: a file read again leaves its descriptor where the streaming reader alone would ('-' twice on a file)" {
	local f=$BATS_TEST_TMPDIR/twice.xml n
	# a wrong tag at 200 KB of 290: past the 128 KB the fast reader
	# hands armies on behind; the streaming reader alone stops reading
	# at 256 KB, in pieces of 64 KB
	gen_long_xml 50 0 > "$f.0"
	n=$(wc -l < "$f.0")
	sed "$((n * 7 / 10))s/</<</" "$f.0" > "$f"
	run --separate-stderr armylist-parse -T tsv - - < "$f"
	[ "$status" = 2 ]
	[[ "$stderr" == *"-:$((n * 7 / 10)):4: error: startTag: invalid element name"* ]]
	# the second '-' starts where the first stopped reading, in the
	# middle of the file (read again from its offset in the same pieces)
	[[ "$stderr" == *"-: error: no army read: expected a reference line"* ]]
	[ "$(wc -l <<<"$stderr")" = 2 ]
}

@test "read-back: a choice of 200000 packages past the 1000 entries of an army: said once, in linear time" {
	local f=$BATS_TEST_TMPDIR/packages.xml
	{
		echo '<armylists version="1"><army id="I/1"><name lang="en">x</name>'
		echo '<enemies/><elements><choice>'
		awk 'BEGIN { for (i = 0; i < 200000; i++) print "<package>" \
		    "<element count=\"1\"><troop code=\"Bw\"/></element></package>" }'
		echo '</choice></elements></army></armylists>'
	} > "$f"
	# (the empty packages were taken out one by one: 14 s)
	run --separate-stderr timeout 10 armylist-parse -T tsv "$f"
	[ "$status" = 2 ]
	[ "$stderr" = "armylist-parse: $f:1: error: more than 1000 elements in one army, the rest is ignored" ]
	[ "$(wc -l <<<"$output")" = 2 ]
}

# ---- output formats -----------------------------------------------------

@test "-T json: valid JSON, its armies and troops where jq finds them" {
	run -0 armylist-parse --format=json ../samples/english-lists.txt
	jq -e '.armies | length == 6' <<<"$output"
	jq -e '.armies[2].elements.items[0].troops[1].code == "Cv"' <<<"$output"
}

# gen_json_doc N: a JSON document of N armies (and gen_json_doc N l: the
# same armies as JSON Lines) whose names and element texts are of every
# length up to 100 KB, with escapes, so that strings, escapes and numbers
# cross the reader's 64 KiB refills at every kind of byte.
gen_json_doc() {
	awk -v n="$1" -v l="${2:-}" '
	# the first len bytes of the text, longer to end on a whole escape
	function cut(len) {
		while (!(len % p in start))
			len++
		return substr(big, 1, len)
	}
	BEGIN {
		pat = "ab\\\"c\\u00e9d\\\\e\\ud83d\\ude00f/\\/g h\\ti"
		p = length(pat)
		for (k = 1; k <= p; k++) {
			start[k - 1] = 1        # where a character begins
			if (substr(pat, k, 1) == "\\")
				k += substr(pat, k + 1, 1) == "u" ? 5 : 1
		}
		big = pat
		while (length(big) < 200000)
			big = big big
		if (l == "") printf "{\"version\":1,\"rules\":\"dba22\",\"armies\":[\n"
		for (i = 1; i <= n; i++)
			printf "%s{\"id\":\"I/%d\",\"name\":{\"lang\":\"en\",\"text\":\"N%d %s\"},\"period\":{\"from\":-%d,\"to\":%d,\"text\":\"%d BC\"},\"elements\":{\"text\":\"%s\",\"items\":[{\"count\":%d,\"general\":true,\"troops\":[{\"code\":\"Bd\"}]}]}}%s\n",
			    (l == "" && i > 1 ? "," : ""), i, i,
			    cut(i % 97 == 0 ? 100000 + i : (i * 7919) % 6000),
			    i * 13 % 3000 + 1, i * 7 % 1500, i * 13 % 3000 + 1,
			    cut(i % 50), i % 12 + 1, (l == "" && i == n ? "]}" : "")
	}'
}

@test "JSON: a document of some MB read in pieces gives the TSV of its JSON Lines (strings across every refill)" {
	cd "$BATS_TEST_TMPDIR"
	gen_json_doc 1500 > doc.json
	gen_json_doc 1500 l > doc.jsonl
	[ "$(wc -c < doc.json)" -gt 4000000 ]
	run -0 --separate-stderr armylist-parse -T tsv doc.jsonl
	assert_equal "$stderr" ""
	assert_equal "${#lines[@]}" 1501
	printf '%s\n' "$output" > want.tsv
	assert_line --index 97 --partial $'I/97\tN97 ab"c\u00e9d\\\\e\U0001F600f//g h\\tiab"c'
	run -0 --separate-stderr armylist-parse -T tsv doc.json
	assert_equal "$stderr" ""
	assert_equal "$output" "$(cat want.tsv)"
	# a pipe hands the bytes over in other pieces
	run -0 --separate-stderr bash -c 'cat doc.json | armylist-parse -T tsv'
	assert_equal "$output" "$(cat want.tsv)"
	# and the same armies as the XML reader has them
	run -0 --separate-stderr bash -c 'armylist-parse doc.json | armylist-parse -T tsv'
	assert_equal "$output" "$(cat want.tsv)"
}

@test "JSON: a \"rules\" member after \"armies\" labels none of the armies (they are written as they are read)" {
	printf '{"armies":[{"id":"I/1a"}],"rules":"dba22","armies":[{"id":"I/1b"}]}\n' > "$BATS_TEST_TMPDIR/r.json"
	run -0 --separate-stderr armylist-parse -T jsonl "$BATS_TEST_TMPDIR/r.json"
	assert_equal "$stderr" ""
	assert_equal "${#lines[@]}" 2
	assert_line --index 0 --partial '{"id":"I/1a","rules":"dba1",'
	assert_line --index 1 --partial '{"id":"I/1b","rules":"dba1",'
}

@test "JSON: \"armies\" twice with members between reads both armies with the label (no use after free)" {
	local army='{"id":"I/1a","name":{"lang":"en","text":"A"},"enemies":["I/1a"],"elements":{"items":[{"count": 1,"general":true,"troops":[{"code":"Bd"}]}]}}'
	{
		printf '{"version":1,"rules":"dba22","armies":[%s]' "$army"
		seq 200 | awk '{ printf ",\"n%d\":1000000000000000", $1 }'
		printf ',"armies":[%s]}\n' "$army"
	} > "$BATS_TEST_TMPDIR/dup.json"
	run -0 --separate-stderr armylist-parse -T jsonl "$BATS_TEST_TMPDIR/dup.json"
	assert_equal "$stderr" ""
	assert_equal "${#lines[@]}" 2
	assert_line --index 1 --partial '"rules":"dba22"'
	run -0 --separate-stderr armylist-parse -T jsonl - < "$BATS_TEST_TMPDIR/dup.json"
	assert_equal "${#lines[@]}" 2
	run -0 --separate-stderr armylist-select --troop=Bd "$BATS_TEST_TMPDIR/dup.json"
	assert_equal "$(grep -c '<army ' <<<"$output")" 2
	run -0 --separate-stderr armylist-parse -o "$BATS_TEST_TMPDIR/out.xml" "$BATS_TEST_TMPDIR/dup.json"
	[ "$(ls -a "$BATS_TEST_TMPDIR" | grep -c '^\.out')" -eq 0 ]
}

@test "JSON: what the XML could not carry is reported and left out; the XML validates" {
	printf '{"version":1,"armies":[{"id":"hello world!","name":{"lang":"en","text":"A"},"enemies":[],"elements":{"items":[]}}]}\n' > "$BATS_TEST_TMPDIR/id.json"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/id.json"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/id.json:1:30: error: bad army reference 'hello world!' (expected a number such as '61' or a reference such as 'I/2a'), the record is not read"
	printf '{"version":1,"armies":[{"id":"I/2","name":{"lang":"en","text":"A"},"enemies":["I/1a"],"elements":{"items":[{"count": 1,"general":true,"troops":[{"code":"Bd","figures":"x3"}]},{"count":1,"choice":[]},{"count":1,"choice":[[],[{"count":1,"troops":[]}],[{"count":2,"troops":[{"code":"Ax"}]}]]}]}}]}\n' > "$BATS_TEST_TMPDIR/e.json"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/e.json"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/e.json:1:168: error: JSON army: figures are a number such as \"3\" or \"3/4\"; they are left out
armylist-parse: $BATS_TEST_TMPDIR/e.json:1:176: error: JSON army: a 'choice' without packages is left out
armylist-parse: $BATS_TEST_TMPDIR/e.json:1:221: error: JSON army: an empty package of 'choice' is left out
armylist-parse: $BATS_TEST_TMPDIR/e.json:1:225: error: JSON army: an element without troops is left out
armylist-parse: $BATS_TEST_TMPDIR/e.json:1:224: error: JSON army: an empty package of 'choice' is left out"
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/e.xml"
	validate armylist.rng "$BATS_TEST_TMPDIR/e.xml"
	assert_line --partial 'incomplete="yes"'
	assert_equal "$(grep -c '<package>' <<<"$output")" 1
}

@test "JSON: a string is cut where the other carriers cut a field, reported, and the XML reads back" {
	local d=$BATS_TEST_TMPDIR
	# 200 KB of name, plain and as escapes; a second army after it
	awk 'BEGIN { printf "{\"id\":\"7\",\"name\":{\"lang\":\"en\",\"text\":\""
		for (i = 0; i < 100000; i++) printf "\\u00e9"
		printf "\"}}\n{\"id\":\"8\",\"name\":{\"lang\":\"en\",\"text\":\"Acht\"}}\n" }' > "$d/long.jsonl"
	run -2 --separate-stderr armylist-parse -T tsv "$d/long.jsonl"
	assert_equal "$stderr" "armylist-parse: $d/long.jsonl:1:38: error: army '7' continues beyond 65536 bytes in one field, the rest is ignored"
	assert_equal "$(printf '%s\n' "$output" | LC_ALL=C awk -F '\t' 'NR > 1 { print $1, length($2) }')" "$(printf '7 65534\n8 4')"
	armylist-parse "$d/long.jsonl" > "$d/long.xml" 2> /dev/null || true
	run armylist-check -q "$d/long.xml"
	refute_output --partial "armylist-schema"
	[ "$status" -le 1 ]
}

@test "list text: an empty package is reported and left out, never written" {
	local s
	for s in '1x3Bd (Gen), (), 10x4Bw' '1x3Bd (Gen), ((())), 10x4Bw' '1x3Bd (Gen), 1x3Bd or 4Ax or (tower) Sp, 10x4Bw'; do
		printf 'I/1a Test 3000-2800BC\n%s\n' "$s" > "$BATS_TEST_TMPDIR/p.txt"
		run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/p.txt"
		printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/p.xml"
		validate armylist.rng "$BATS_TEST_TMPDIR/p.xml"
		refute_output --partial '<package/>'
		refute_output --partial '<choice/>'
		assert_output --partial 'incomplete="yes"'
	done
	printf 'I/1a Test 3000-2800BC\n1x3Bd (Gen), (), 10x4Bw\n' > "$BATS_TEST_TMPDIR/p.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/p.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/p.txt:2:14: error: empty package '()' is left out"
	assert_equal "$(cut -f 8 <<<"${lines[1]}")" '1x3Bd (Gen), 10x4Bw'
}

@test "counts of 1 to 10^9 read back from every carrier; 0 and more are bad counts" {
	printf '{"version":1,"armies":[{"id":"I/2","name":{"lang":"en","text":"A"},"enemies":["I/1a"],"elements":{"items":[{"count":1,"general":true,"troops":[{"code":"Bd"}]},{"count":100,"troops":[{"code":"Bd"}]},{"count":1000000000,"troops":[{"code":"Ax"}]}]}}]}\n' > "$BATS_TEST_TMPDIR/c.json"
	local f
	for f in xml tsv json jsonl text; do
		run -0 --separate-stderr bash -c "armylist-parse -T $f '$BATS_TEST_TMPDIR/c.json' | armylist-parse -T tsv"
		assert_equal "$(cut -f 8 <<<"${lines[1]}")" '1xBd (Gen), 100xBd, 1000000000xAx'
	done
	printf 'I/1a Test 3000BC\n1x3Bd (Gen), 1000000001xBw, 0xAx, 10x4Bw\n' > "$BATS_TEST_TMPDIR/c.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/c.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/c.txt:2:14: error: bad element count '1000000001xBw'
armylist-parse: $BATS_TEST_TMPDIR/c.txt:2:29: error: bad element count '0xAx'"
	assert_equal "$(cut -f 8 <<<"${lines[1]}")" '1x3Bd (Gen), 10x4Bw'
}

@test "--max-errors: the cap limits what is reported, never what is read" {
	{
		seq 60 | awk '{ printf "I/%d Army %d 100BC\n1x3Bd (Gen), 11x4Zz\n", $1, $1 }'
		seq 61 70 | awk '{ printf "I/%d Army %d 100BC\n1x3Bd (Gen), 11x4Bw\n", $1, $1 }'
	} > "$BATS_TEST_TMPDIR/many.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/many.txt"
	assert_equal "${#lines[@]}" 71
	assert_equal "$(grep -c ': error: ' <<<"$stderr")" 51
	assert_equal "${stderr##*$'\n'}" "armylist-parse: $BATS_TEST_TMPDIR/many.txt: error: 10 more errors not reported (--max-errors=0 reports all)"
	run -2 --separate-stderr armylist-parse -T tsv --max-errors=0 "$BATS_TEST_TMPDIR/many.txt"
	assert_equal "$(grep -c ': error: ' <<<"$stderr")" 60
	assert_equal "${#lines[@]}" 71
	run -2 --separate-stderr armylist-parse -T tsv --max-errors=5 "$BATS_TEST_TMPDIR/many.txt" "$BATS_TEST_TMPDIR/many.txt"
	assert_equal "$(grep -c ': error: ' <<<"$stderr")" 12
	assert_equal "$(grep -c ': error: 55 more errors not reported' <<<"$stderr")" 2
	assert_equal "${#lines[@]}" 141
	run -3 --separate-stderr armylist-parse --max-errors=-1 "$BATS_TEST_TMPDIR/many.txt"
	assert_equal "$stderr" "armylist-parse: invalid value '-1' for --max-errors (a number of errors, 0 for all)
Try 'armylist-parse --help' for more information."
}

@test "-T jsonl: 6 JSON objects, each with the rules label" {
	run -0 armylist-parse -T jsonl --rules=dba22 ../samples/english-lists.txt
	assert_equal "${#lines[@]}" 6
	jq -e -s 'length == 6 and all(.rules == "dba22")' <<<"$output"
}

@test "notes: sheet columns without a field of ours in JSON, XML and TSV" {
	run -0 armylist-parse -T json ../samples/armeelisten-121-180.tsv
	jq -e '.armies[0].notes == [{"column":"Bemerkungen","text":"Attila"}]' <<<"$output"
	printf 'Nr;Armee;Elemente;Notes;Armee\n7;A;1x Ps (Bef.), 11x Ps;eins  zwei;B\n' > "$BATS_TEST_TMPDIR/n.csv"
	run -0 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/n.csv"
	assert_line '    <note column="Notes">eins zwei</note>'
	assert_line '    <note column="Armee">B</note>'
	run -0 armylist-parse -T tsv "$BATS_TEST_TMPDIR/n.csv"
	assert_line --index 1 "$(printf '7\tA\t\t\t\t\t\t1xPs (Gen), 11xPs\tde\t\t\t\t\t1x Ps (Bef.), 11x Ps\t\tNotes: eins zwei\\nArmee: B\t\t')"
}

@test "--lang defaults from LC_ALL, LC_MESSAGES, LANG" {
	a=$(LC_ALL= LANG=de_DE.UTF-8 armylist-parse -T text ../samples/english-lists.txt)
	[[ "$a" == *"(Befehlshaber)"* ]]
	a=$(LC_ALL= LC_MESSAGES=ru_RU.UTF-8 LANG=de_DE.UTF-8 armylist-parse -T text ../samples/english-lists.txt)
	[[ "$a" == *"(Полководец)"* ]]
	a=$(LC_ALL=C armylist-parse -T text ../samples/english-lists.txt)
	[[ "$a" == *"(Gen)"* ]]
}

@test "-T text output parses back to the same XML (en, de, ru)" {
	for f in ../samples/armeelisten-* ../samples/english-lists.txt; do
		for l in en de ru; do
			armylist-parse "$f" > "$BATS_TEST_TMPDIR/a.xml"
			armylist-parse -T text --lang=$l "$f" > "$BATS_TEST_TMPDIR/t.txt"
			armylist-parse "$BATS_TEST_TMPDIR/t.txt" > "$BATS_TEST_TMPDIR/b.xml"
			# (text carries no rules label: a German sheet's
			# carrier is not kept)
			strip='s/ file="[^"]*" line="[0-9]*"//; s/<elements text="[^"]*"/<elements/; s/ rules-from="[a-z]*"//'
			# every language keeps the figures and the spellings
			diff <(sed "$strip" "$BATS_TEST_TMPDIR/a.xml") \
			    <(sed "$strip" "$BATS_TEST_TMPDIR/b.xml")
		done
	done
}

@test "armylist XML input renders back to text" {
	armylist-parse ../samples/english-lists.txt > "$BATS_TEST_TMPDIR/a.xml"
	run -0 armylist-parse -T text --lang=en "$BATS_TEST_TMPDIR/a.xml"
	golden $G/english-roundtrip.txt
}

@test "troops as written: the text reads back to the XML, the XML renders the same text, armylist-check takes the code" {
	export BELLIS_RULES=dba22       # the spellings of 2.2 lists
	armylist-parse $P/written.txt > "$BATS_TEST_TMPDIR/w.xml"
	run -0 armylist-parse -T json $P/written.txt
	jq -e '.armies[0].elements.items[0].troops[0] == {"code": "Kn", "written": "HCh"}' <<<"$output"
	for l in en de ru; do
		run -0 armylist-parse -T text --lang=$l $P/written.txt
		# the text and the XML read back to the same armies
		strip='s/ file="[^"]*" line="[0-9]*"//; s/<elements text="[^"]*"/<elements/'
		diff <(sed "$strip" "$BATS_TEST_TMPDIR/w.xml") \
		    <(armylist-parse <<<"$output" | sed "$strip")
		# the XML renders the text of the list (regress case written-text-LANG)
		run -0 armylist-parse -T text --lang=$l "$BATS_TEST_TMPDIR/w.xml"
		diff -u regress/armylist-parse/written-text-$l.out <(printf '%s\n' "$output")
	done
	# armylist-check takes the rules code: 12 elements, one general
	run -0 bash -c "armylist-parse $P/written.txt | armylist-check --rules=dba22"
	assert_output ''
}

# ---- grammar and carriers in detail ---------------------------------------

@test "header found as a whole word sequence, Referenzen is sources" {
	printf '| Ref | Name | Referenzen | List |\n| 3 | A | AANE, DBM 1/3 | 12x Ps (Gen) |\n' > "$BATS_TEST_TMPDIR/h.txt"
	run -0 armylist-parse "$BATS_TEST_TMPDIR/h.txt"
	assert_output --partial '<sources>AANE</sources>'
	assert_output --partial '<dbm>1/3</dbm>'
}

@test "dates: German, English, approximate, centuries, BC to AD" {
	printf 'Nr\tArmee\tZeit\tElemente\n' > "$BATS_TEST_TMPDIR/d.tsv"
	for d in '3500 v.Chr. - 2334 v.Chr.' '3500-2334 v.Chr.' '55 v.Chr. - 50 n.Chr.' \
	    '1066 - 1100 n.Chr.' '1066-1100' 'um 1000 v.Chr.' '5. Jh. n.Chr.' \
	    '3. Jh. v.Chr.' '300 v. Chr. bis 200 v. Chr.' '250BC-225AD' '1322 – 1455' \
	    '200 vor Christus'; do
		n=$((${n:-0} + 1))
		printf '%s\tA\t%s\t1x Ps (Gen), 11x Ps\n' "$n" "$d" >> "$BATS_TEST_TMPDIR/d.tsv"
	done
	run -0 armylist-parse -T tsv "$BATS_TEST_TMPDIR/d.tsv"
	assert_equal "$(cut -f1,3,4 <<<"$output" | tail -n +2 | tr '\t\n' ' ;')" \
	    "1 -3500 -2334;2 -3500 -2334;3 -55 50;4 1066 1100;5 1066 1100;6 -1000 -1000;7 401 500;8 -300 -201;9 -300 -200;10 -250 225;11 1322 1455;12 -200 -200;"
	armylist-parse "$BATS_TEST_TMPDIR/d.tsv" | grep -q '<period from="-1000" to="-1000" approx="yes">um 1000 v.Chr.</period>'
}

# ---- CSV sheets ---------------------------------------------------------------

@test "CSV with ',' gives the same armies as with ';'" {
	a=$(armylist-parse $P/sheet-comma.csv | sed 's/ file="[^"]*"//')
	b=$(armylist-parse $P/sheet-semicolon.csv 2>/dev/null | sed 's/ file="[^"]*"//')
	assert_equal "$a" "$b"
}

@test "CSV: a quote open over 100 lines ends there, the rest is read again" {
	f=$BATS_TEST_TMPDIR/q.csv
	{ printf 'Nr;Armee;Elemente\n1;"A\n'; seq 2 150 | awk '{ print $1 ";B" $1 ";1x Ps (Bef.), 11x Ps" }'; } > "$f"
	run -2 --separate-stderr armylist-parse -T tsv "$f"
	assert_equal "$stderr" "armylist-parse: $f:2:3: error: unterminated quoted field, closed at the end of its line
armylist-parse: $f:2: error: army 1 has no elements"
	assert_equal "${#lines[@]}" 151
}

# ---- nothing dropped silently ---------------------------------------------------

@test "tables: a long cell quoted in row-not-read is cut on a character boundary" {
	printf '| Nr | Armee | Elemente |\n| 1 | Erste | 1x Ps (Bef.), 11x Ps |\n| Aбвгдежзийклмнопрстуфхцч | | 24x Ps |\n| Zusammenfassung fürÜbungsämter | | 24x Ps |\n' > "$BATS_TEST_TMPDIR/u.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/u.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/u.txt:3:3: error: row not read: 'Aбвгдежзийкл' is no army number
armylist-parse: $BATS_TEST_TMPDIR/u.txt:4:3: error: row not read: 'Zusammenfassung fürÜbu' is no army number"
}

# ---- bad input: reported, the rest still written ---------------------------

@test "syntax errors at their column, the rest of the list kept" {
	printf 'I/5 Garbled 100BC\n1x3Cv or 3(4Ax (Gen), 1x2LH, 1x3Kn 1x3Bd, (1x2LH + 1x2Ps) o (Scottish1x3Kn + 1xPs), 4x\n' > "$BATS_TEST_TMPDIR/g.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/g.txt"
	f=$BATS_TEST_TMPDIR/g.txt
	assert_equal "$stderr" "armylist-parse: $f:2:11: error: expected a troop name after '3'
armylist-parse: $f:2:36: error: missing ',' before '1x3Bd'
armylist-parse: $f:2:62: error: expected a count ('1x') at 'Scottish1x3Kn'
armylist-parse: $f:2:85: error: missing troop after the count '4x'"
	assert_line --index 1 "$(printf 'I/5\tGarbled\t-100\t-100\t\t\t\t1x3Cv (Gen), 1x2LH, 1x3Kn, 1x3Bd, (1x2LH + 1x2Ps) or 1xPs\ten\t100BC\t\t\t\t1x3Cv or 3(4Ax (Gen), 1x2LH, 1x3Kn 1x3Bd, (1x2LH + 1x2Ps) o (Scottish1x3Kn + 1xPs), 4x\tyes\t\t\t')"
}

@test "error recovery: the incomplete mark reads back, and a file without it reads as complete" {
	run -2 --separate-stderr armylist-parse $P/corpus-garbled.txt
	assert_equal "$(grep -c 'incomplete="yes"' <<<"$output")" 2
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/g.xml"
	run -0 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/g.xml"
	assert_equal "$stderr" ""
	assert_equal "$(grep -c 'incomplete="yes"' <<<"$output")" 2
	sed 's/ incomplete="yes"//' "$BATS_TEST_TMPDIR/g.xml" > "$BATS_TEST_TMPDIR/old.xml"
	run -0 armylist-parse "$BATS_TEST_TMPDIR/old.xml"
	refute_output --partial incomplete
}

@test "hostile XML: billion laughs" {
	run -2 --separate-stderr timeout "$(limit 10)" armylist-parse $P/billion-laughs.xml
	[[ "$stderr" == *"billion-laughs.xml:"*"error: "* ]]
}

@test "hostile XML: 1000-deep nesting" {
	run -2 --separate-stderr timeout "$(limit 10)" armylist-parse $P/deep.xml
	# the schema's error, the same at the same place, is shown once
	assert_equal "$stderr" "armylist-parse: $P/deep.xml:1: error: element <a> is not expected there (the schema checks no more of the document's structure past it)
armylist-parse: $P/deep.xml:1:794: error: elements nested more than 256 deep (the most this tool reads)"
}

@test "gzip input is not decompressed" {
	armylist-parse ../samples/english-lists.txt | gzip > "$BATS_TEST_TMPDIR/l.xml.gz"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/l.xml.gz"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/l.xml.gz: error: no army read: gzip-compressed data (decompress it first: gzip -dc)"
	assert_output '<?xml version="1.0" encoding="UTF-8"?>
<armylists version="1" rules="dba1" rules-from="default"/>'
}

@test "binary junk: said once, not read as lines, valid output" {
	run -2 --separate-stderr timeout "$(limit 10)" armylist-parse $P/junk.bin
	assert_equal "$stderr" "armylist-parse: $P/junk.bin: error: no army read: binary data, not text"
	assert_line --index 1 '<armylists version="1" rules="dba1" rules-from="default"/>'
	armylist-parse $P/junk.bin 2>/dev/null > "$BATS_TEST_TMPDIR/o.xml" || true
	validate armylist.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "truncated HTML page: the complete rows are kept" {
	head -c 1500 ../samples/armeelisten-1-60.html > "$BATS_TEST_TMPDIR/t.html"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/t.html"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/t.html:32: error: missing troop after the count '1'"
	assert_line --index 1 --partial "$(printf '1\tFrühe Sumerer\t-3000\t-2800')"
}

@test "HTML5 and tag soup around a list table: read without a word, as browsers read it" {
	local f=$BATS_TEST_TMPDIR/t.html
	cat > "$f" <<'PAGE'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Listen</title></head>
<body><header><nav><a id="top" name="top" href="/?a=1&b=2">Start</a> &amp Co</nav></header>
<main><section><div><p>Die Listen, <b>fett</p></span>
<table><tr><th>Nr.</th><th class="a" class="b">Bezeichnung</th><th>Zusammensetzung</th></tr>
<tr><td>1<td>Armee & Troß<td>1x Kn (Befehlshaber), 8x Bo, 3x Pl
<tr><td>2<td>Zwei<td><my-widget>1x Kn (Befehlshaber)</my-widget>, 8x Bo, 3x Pl
</table></section></main><body>
<footer>x</footer></body></html>
PAGE
	run -0 --separate-stderr armylist-parse -T tsv "$f"
	assert_equal "$stderr" ""
	assert_equal "$(cut -f1,2,8 <<<"$output")" "$(printf 'id\tname\telements\n1\tArmee & Troß\t1xKn (Gen), 8xBw, 3xPs\n2\tZwei\t1xKn (Gen), 8xBw, 3xPs')"
	# markup that swallows text is still said: a comment never closed
	printf '<table><tr><th>Nr.<th>Bezeichnung<th>Zusammensetzung\n<tr><td>1<td>A<td>1x Kn (Befehlshaber), 8x Bo <!-- c\n<tr><td>2<td>B<td>1x Kn (Befehlshaber)\n</table>\n' > "$f"
	run -2 --separate-stderr armylist-parse -T tsv "$f"
	[[ "$stderr" == "armylist-parse: $f:5:1: error: comment not terminated"* ]]
	assert_equal "${#lines[@]}" 2
}

@test "an HTML page whose lists are headings, lists and paragraphs: its text read as list text" {
	run -0 --separate-stderr armylist-parse --rules=dba3 -T tsv ../samples/club-page.html
	assert_equal "$stderr" "armylist-parse: ../samples/club-page.html: warning: 2 lines of the page's text in no army record, passed over (lines 49, 54)"
	assert_equal "$(cut -f1,2,5,6,8 <<<"$output")" "$(printf '%s\n' \
	    'id	name	terrain	aggression	elements' \
	    'III/29b	Welsh	Hilly	2	1x3Cv (Gen), 3x3Wb, 2x3Ax, 4x3Bw, 2xPs' \
	    'III/40b	Norse Irish	Littoral	1	1x3Bd (Gen), 2x4Bd, 6x3Wb, 2x2Ps, 1x3Bw' \
	    'III/10	Tibetan			1xCv (Gen), 3xCv, 3xLH, 2x4Bw, 2x3Ax, 1xPs')"
	# each army at the page's line of its heading; what is written
	# reads back the same
	run -0 --separate-stderr armylist-parse --rules=dba3 ../samples/club-page.html
	assert_output --partial '<army id="III/29b" file="../samples/club-page.html" line="31">'
	assert_output --partial '<army id="III/10" file="../samples/club-page.html" line="46">'
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/c.xml"
	assert_equal "$(armylist-parse -T tsv "$BATS_TEST_TMPDIR/c.xml")" \
	    "$(armylist-parse --rules=dba3 -T tsv ../samples/club-page.html 2>/dev/null)"
}

@test "page text: its lines as a browser copies them (pre, br, list items; a cell a line), hidden text left out; errors at the page's line, no column" {
	local f=$BATS_TEST_TMPDIR/p.html
	cat > "$f" <<'PAGE'
<html><head><style>p { color: red } I/9 Hidden 100BC</style></head><body>
<script>var l = "I/8 Script 100BC";</script>
<p>2x3Bd, 1xPs</p>
<pre>I/1a Early Sumerian 3000-2800BC
Aggression 2
1x4Pk (Gen), 5x4Pk, 1x3Wb, 3x2Ps,   2x2Ps</pre>
<div>I/2a Early Egyptian 3000-2800BC</div><div><ul><li>1x3Bd (Gen)</li><li>7x3Bd, 3xZZ</li><li>2x2Ps</li></ul></div>
<table><tr><td>I/3 Nubian 3000BC</td><td>1x3Bw (Gen), 11x3Bw</td></tr></table>
<p>Contact: 0421&nbsp;123456<br>Impressum</p>
<select><option>1x3Bd</option></select>
</body></html>
PAGE
	run -2 --separate-stderr armylist-parse -T tsv "$f"
	assert_equal "$stderr" "armylist-parse: $f:3: error: line not read: elements before the first record (it starts with a reference such as 'I/1a')
armylist-parse: $f:7: error: unknown troop type 'ZZ'
armylist-parse: $f: warning: 2 lines of the page's text in no army record, passed over (line 9)"
	assert_equal "$(cut -f1,2,8 <<<"$output")" "$(printf '%s\n' \
	    'id	name	elements' \
	    'I/1a	Early Sumerian	1x4Pk (Gen), 5x4Pk, 1x3Wb, 3x2Ps, 2x2Ps' \
	    'I/2a	Early Egyptian	1x3Bd (Gen), 7x3Bd, 3xZZ, 2x2Ps' \
	    'I/3	Nubian	1x3Bw (Gen), 11x3Bw')"
}

@test "page text: a page laid out in a table keeps its text; a table of results in it, or beside the lists, is passed over" {
	cat > "$BATS_TEST_TMPDIR/l.html" <<'PAGE'
<html><body><table width="800"><tr><td width="150"><a href="/">Home</a><br><a href="/dba">DBA</a></td>
<td><h2>Unsere Armeen</h2>
<p><b>II/56 Early Imperial Roman 25BC-197AD</b><br>1x3Cv (Gen), 1x2LH, 10x4Bd</p>
<table border="1"><tr><td>Spieler</td><td>Punkte</td></tr><tr><td>Ute</td><td>12</td></tr></table>
<p><b>III/40b Norse Irish 852-1014AD</b><br>1x3Bd (Gen), 11x3Bd</p>
</td></tr></table>
<table><tr><th>Spieler</th><th>Liste</th><th>Siege</th></tr><tr><td>Jens</td><td>2</td><td>3</td></tr>
<tr><td>II/5a Early Libyan 1000-500BC</td><td>1x3Wb (Gen), 11x3Wb</td></tr></table></body></html>
PAGE
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/l.html"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/l.html: warning: 6 lines of the page's text in no army record, passed over (lines 4, 7)"
	assert_equal "$(cut -f1,2,8 <<<"$output")" "$(printf '%s\n' \
	    'id	name	elements' \
	    'II/56	Early Imperial Roman	1x3Cv (Gen), 1x2LH, 10x4Bd' \
	    'III/40b	Norse Irish	1x3Bd (Gen), 11x3Bd' \
	    'II/5a	Early Libyan	1x3Wb (Gen), 11x3Wb')"
}

@test "page text: a page with no lists, its numbers no armies" {
	printf '<html><body><h1>Club</h1><p>Founded 1987.</p><table><tr><td>1</td><td>2026</td></tr></table></body></html>\n' > "$BATS_TEST_TMPDIR/n.html"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/n.html"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/n.html: error: no army read: no table with the columns 'Nr' and 'Armee' or 'Elemente' in the HTML page, nor a reference line such as 'I/1a Name 3000-2800BC' in its text"
	assert_output "$(printf 'id\tname\tfrom\tto\tterrain\taggression\tenemies\telements\tlang\tdates\tsources\tdbm\tallies\ttext\tincomplete\tnotes\tplayer\tyear')"
}

@test "list text: elements before the first record are an error, not lost without a word" {
	printf 'My list:\n1x3Cv (Gen), 1x2LH, 6x4Bd\n\nIII/40b Norse Irish 852-1014AD\n1x3Bd (Gen), 6x3Bd, 2x3Wb\n' > "$BATS_TEST_TMPDIR/e.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/e.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/e.txt:2: error: line not read: elements before the first record (it starts with a reference such as 'I/1a')"
	assert_equal "${#lines[@]}" 2
}

@test "a reference after a label ('Mine: III/40b ...') starts a record of its own after a blank line, the label a note" {
	printf '%s\n' 'I/1a Early Sumerian 3000-2800BC' '1x4Pk (Gen), 5x4Pk, 1x3Wb, 3x2Ps, 2x2Ps' \
	    'See also: II/57 Roman later' '' 'Backup list 2: II/56 Early Imperial Roman 25BC-197AD' \
	    '1x3Cv (Gen), 1x2LH, 6x4Bd' '' 'Enemys: II/5 Rome' > "$BATS_TEST_TMPDIR/l.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/l.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/l.txt:3:1: error: unknown keyword 'See also' (a label of no field: the line is not read)
armylist-parse: $BATS_TEST_TMPDIR/l.txt:8:1: error: line not read: it is in no army record (a record starts with a reference such as 'I/1a')"
	assert_equal "$(cut -f1,2,8,16 <<<"$output")" "$(printf '%s\n' \
	    'id	name	elements	notes' \
	    'I/1a	Early Sumerian	1x4Pk (Gen), 5x4Pk, 1x3Wb, 3x2Ps, 2x2Ps	' \
	    'II/56	Early Imperial Roman	1x3Cv (Gen), 1x2LH, 6x4Bd	comment: Backup list 2:')"
	# a forum's posts: each list its own army, not the elements of the
	# one before
	printf '<html><body><div class="content">II/56 Early Imperial Roman 25BC-197AD<br />1x3Cv (Gen), 1x2LH, 6x4Bd<br /><br />Cheers</div>\n<p class="author">by Scipio &raquo; Sun Mar 08, 2026</p>\n<div class="content">Mine: III/40b Norse Irish 852-1014AD<br />1x3Bd (Gen), 6x3Bd</div></body></html>\n' > "$BATS_TEST_TMPDIR/f.html"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/f.html"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/f.html: warning: 2 lines of the page's text in no army record, passed over (lines 1-2)"
	assert_equal "$(cut -f1,8,16 <<<"$output")" "$(printf '%s\n' \
	    'id	elements	notes' \
	    'II/56	1x3Cv (Gen), 1x2LH, 6x4Bd	' \
	    'III/40b	1x3Bd (Gen), 6x3Bd	comment: Mine:')"
}

@test "a player's name before the reference (a dash, a bracket) and numbered lists start records, each its own army" {
	printf '%s\n' 'Thomas - II/56 Early Imperial Roman 25BC-197AD' '1x3Cv (Gen), 1x2LH, 10x4Bd' '' \
	    'Jens (III/40b Norse Irish 852-1014AD)' '1x3Bd (Gen), 11x3Bd' '' \
	    '1. II/5a Early Libyan 1000-500BC' '1x3Wb (Gen), 11x3Wb' \
	    '2) II/32a Later Carthaginian 275-202BC' '1x3Cv (Gen), 11x4Sp' > "$BATS_TEST_TMPDIR/p.txt"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/p.txt"
	assert_equal "$stderr" ""
	assert_equal "$(cut -f1,2,8,10,16 <<<"$output")" "$(printf '%s\n' \
	    'id	name	elements	dates	notes' \
	    'II/56	Early Imperial Roman	1x3Cv (Gen), 1x2LH, 10x4Bd	25BC-197AD	comment: Thomas' \
	    'III/40b	Norse Irish	1x3Bd (Gen), 11x3Bd	852-1014AD	comment: Jens' \
	    'II/5a	Early Libyan	1x3Wb (Gen), 11x3Wb	1000-500BC	' \
	    'II/32a	Later Carthaginian	1x3Cv (Gen), 11x4Sp	275-202BC	')"
	# element lines before the first record: the first named, the rest
	# counted
	printf 'x\n1x3Cv (Gen), 1x2LH\n\nSomething else\n1x3Bd (Gen), 11x3Bd\n\nII/32a Later Carthaginian 275-202BC\n1x3Cv (Gen), 11x4Sp\n' > "$BATS_TEST_TMPDIR/e.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/e.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/e.txt:2: error: line not read: elements before the first record (it starts with a reference such as 'I/1a'), and 1 more line of elements before it"
}

@test "labelled records and list items: right after the elements too (with dates); an enemy's label, a field's list and a page's numbers start none" {
	# no blank line between: each its own army
	printf '%s\n' 'Thomas: II/56 Early Imperial Roman 25BC-197AD' '1x3Cv (Gen), 2x3Cv, 1x2LH, 4x4Bd, 2x4Ax, 1x2Ps, 1xArt' \
	    'Jens - III/40b Norse Irish 852-1014AD' '1x3Bd (Gen), 3x3Bd, 6x3Wb, 2x2Ps' > "$BATS_TEST_TMPDIR/n.txt"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/n.txt"
	assert_equal "$stderr" ""
	assert_equal "$(cut -f1,16 <<<"$output")" "$(printf 'id\tnotes\nII/56\tcomment: Thomas:\nIII/40b\tcomment: Jens')"
	# numbered references under a label: not records (no elements yet,
	# no dates), as before
	printf '%s\n' 'III/40b Norse Irish 852-1014AD' 'Enemies:' '1. II/56 Early Imperial Roman' \
	    '2. III/29 Welsh' '1x3Bd (Gen), 3x3Bd, 6x3Wb, 2x2Ps' > "$BATS_TEST_TMPDIR/e.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/e.txt"
	assert_equal "$(cut -f1,8 <<<"$output")" "$(printf 'id\telements\nIII/40b\t1x3Bd (Gen), 3x3Bd, 6x3Wb, 2x2Ps')"
	# a page: 'Enemy:' names an enemy, not an army; a number with a
	# name and dates is an army of its own, a number with no elements
	# text of the page
	cat > "$BATS_TEST_TMPDIR/p.html" <<'PAGE'
<html><body><h3>III/40b Norse Irish 852-1014AD</h3><p>Aggression: 1</p>
<p>Enemy: II/56 Early Imperial Roman</p><p>1x3Bd (Gen), 3x3Bd, 6x3Wb, 2x2Ps</p>
<h3>2 Nubier 3000BC-1000AD</h3><p>1x3Bw (Gen), 9x3Bw, 2x2Ps</p>
<table><tr><th>Spieler</th><th>Liste</th><th>Punkte</th></tr><tr><td>Ute</td><td>2</td><td>12</td></tr></table>
<footer>10 Jahre Spielgruppe 2016-2026</footer></body></html>
PAGE
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/p.html"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/p.html: warning: 3 lines of the page's text in no army record, passed over (lines 4-5)"
	assert_equal "$(cut -f1,2,6,8,16 <<<"$output")" "$(printf '%s\n' \
	    'id	name	aggression	elements	notes' \
	    'III/40b	Norse Irish	1	1x3Bd (Gen), 3x3Bd, 6x3Wb, 2x2Ps	comment: Enemy: II/56 Early Imperial Roman' \
	    '2	Nubier		1x3Bw (Gen), 9x3Bw, 2x2Ps	')"
}

@test "elements parted by middle dots or bullets, as web pages write them" {
	printf 'I/52b Later Carthaginian 275-202BC\n\n1x3Cv (Gen) \xc2\xb7 1x3Cv \xe2\x80\xa2 1x2LH, 2x4Sp\xc2\xb72xEl\n\nIII/1 Col\xc2\xb7lecci\xc3\xb3 100AD: 1x3Bd (Gen) \xc2\xb7 11x2Ps\n' > "$BATS_TEST_TMPDIR/d.txt"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/d.txt"
	assert_equal "$stderr" ""
	assert_equal "$(cut -f1,2,8 <<<"$output")" "$(printf '%s\n' \
	    'id	name	elements' \
	    'I/52b	Later Carthaginian	1x3Cv (Gen), 1x3Cv, 1x2LH, 2x4Sp, 2xEl' \
	    'III/1	Col·lecció	1x3Bd (Gen), 11x2Ps')"
	# a table's row keeps its dots; a dot in brackets is a note's
	printf 'Nr\tArmee\tElemente\n1\tCol\xc2\xb7lecci\xc3\xb3\t1x3Cv (Gen), 2x3Cv (Col\xc2\xb7lecci\xc3\xb3), 9x4Sp\n' > "$BATS_TEST_TMPDIR/d.tsv"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/d.tsv"
	assert_equal "$(cut -f1,2,8 <<<"$output")" "$(printf 'id\tname\telements\n1\tCol·lecció\t1x3Cv (Gen), 2x3Cv (Col·lecció), 9x4Sp')"
	printf 'I/1 A 100BC\n1x3Cv (Gen) \xc2\xb7 2x3Cv (Col\xc2\xb7lecci\xc3\xb3) \xe2\x80\xa2\t9x4Sp\n' > "$BATS_TEST_TMPDIR/b.txt"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/b.txt"
	assert_equal "$(cut -f8 <<<"${lines[1]}")" '1x3Cv (Gen), 2x3Cv (Col·lecció), 9x4Sp'
}

@test "NUL bytes, CRLF line ends and a 2 MB line" {
	printf 'I/1 A 100BC\r\n1x3Bd (Gen),\0 11x2Ps\r\n' > "$BATS_TEST_TMPDIR/n.txt"
	run -0 armylist-parse -T tsv "$BATS_TEST_TMPDIR/n.txt"
	assert_line --index 1 "$(printf 'I/1\tA\t-100\t-100\t\t\t\t1x3Bd (Gen), 11x2Ps\ten\t100BC\t\t\t\t1x3Bd (Gen),  11x2Ps\t\t\t\t')"
	head -c 2097152 /dev/zero | tr '\0' a > "$BATS_TEST_TMPDIR/long.txt"
	printf '\nI/2 B 100BC\n1x2Ps (Gen), 11x2Ps\n' >> "$BATS_TEST_TMPDIR/long.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/long.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/long.txt:1: error: line longer than 1048576 bytes, the rest is ignored"
	assert_line --index 1 --partial "I/2"
}

# ---- output handling ---------------------------------------------------------

@test "-o replaces the file atomically" {
	echo old > "$BATS_TEST_TMPDIR/out.xml"
	chmod 640 "$BATS_TEST_TMPDIR/out.xml"
	run -0 armylist-parse -o "$BATS_TEST_TMPDIR/out.xml" ../samples/english-lists.txt
	assert_output ""
	grep -q '<army id="I/1a"' "$BATS_TEST_TMPDIR/out.xml"
	[ "$(stat -c %a "$BATS_TEST_TMPDIR/out.xml")" = 640 ]
	[ "$(ls -A "$BATS_TEST_TMPDIR")" = out.xml ]
}

@test "-o: on a system error the old file survives, no temporary file" {
	echo old > "$BATS_TEST_TMPDIR/out.xml"
	run -4 armylist-parse -o "$BATS_TEST_TMPDIR/out.xml" nosuch.txt
	assert_equal "$(cat "$BATS_TEST_TMPDIR/out.xml")" old
	[ "$(ls -A "$BATS_TEST_TMPDIR")" = out.xml ]
}

@test "-o into a read-only directory: exit 4, old file intact" {
	[ "$(id -u)" != 0 ] || skip "root can write anywhere"
	mkdir "$BATS_TEST_TMPDIR/ro"; echo old > "$BATS_TEST_TMPDIR/ro/out.xml"
	chmod 555 "$BATS_TEST_TMPDIR/ro"
	run -4 armylist-parse -o "$BATS_TEST_TMPDIR/ro/out.xml" ../samples/english-lists.txt
	chmod 755 "$BATS_TEST_TMPDIR/ro"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/ro/out.xml")" old
}

@test "a full disk: write error, exit 4" {
	[ -c /dev/full ] || skip "/dev/full is not a device here"
	run -4 --separate-stderr armylist-parse ../samples/english-lists.txt -o /dev/full
	assert_equal "$stderr" "armylist-parse: cannot write '/dev/full': No space left on device"
	[ -c /dev/full ]
	run -4 --separate-stderr bash -c 'armylist-parse -T tsv ../samples/english-lists.txt > /dev/full'
	assert_equal "$stderr" "armylist-parse: write error: No space left on device"
	run -4 --separate-stderr bash -c 'armylist-parse ../samples/english-lists.txt > /dev/full'
	assert_equal "$stderr" "armylist-parse: write error: No space left on device"
}

# ---- command line ------------------------------------------------------------

# ---- real data -----------------------------------------------------------------

@test "corpus: 590 real DBA 2.2 lists, only the garbled ones carry errors" {
	cp "$CORPUS/dba22-lists.txt" "$BATS_TEST_TMPDIR/c.txt"
	cd "$BATS_TEST_TMPDIR"
	run -2 --separate-stderr armylist-parse c.txt
	assert_equal "$(grep -c '<army ' <<<"$output")" 590
	assert_equal "$stderr" "armylist-parse: c.txt:344:20: error: missing ',' before '1x3Bd'
armylist-parse: c.txt:925:7: warning: no dates for army II/19z
armylist-parse: c.txt:950:7: warning: no dates for army II/20z
armylist-parse: c.txt:2148:11: error: expected a troop name after '3'
armylist-parse: c.txt:2758:40: error: expected a count ('1x') at 'Scottish1x3Kn'
armylist-parse: c.txt:21: warning: troop types not in dba1 but in other editions: Hd, Lit, 8Bw, 6Kn, 6Cv, 8Cb, 6Bd (dba22, dba3); choose one with --rules=dba22 or BELLIS_RULES=dba22"
	printf '%s\n' "$output" > c.xml
	validate armylist.rng c.xml
	# every army has elements, every element a known troop
	[ "$(grep -c 'code="?"' c.xml)" = 0 ]
	# only the two armies that lost items are incomplete
	assert_equal "$(grep -o '<army id="[^"]*"[^>]*incomplete="yes"' c.xml | cut -d'"' -f2 | tr '\n' ' ')" "III/57c IV/58 "
}

@test "corpus: 634 DBA 3.0 lists in their notation: every army read and valid; only the typos of the source are reported" {
	cp "$CORPUS/dba3-lists.txt" "$BATS_TEST_TMPDIR/c.txt"
	cd "$BATS_TEST_TMPDIR"
	run -2 --separate-stderr armylist-parse --rules=dba3 c.txt
	assert_equal "$(grep -c '<army ' <<<"$output")" 634
	printf '%s\n' "$output" > c.xml
	validate armylist.rng c.xml
	output=$stderr
	golden $G/corpus-dba3.err
	assert_equal "$(grep -c ': error: ' <<<"$stderr")" 3
	# 3A/4Ax (kept as an unknown troop), two lists without a comma before
	# '1x3Kn' (read on): no item is lost
	assert_equal "$(grep -c 'incomplete="yes"' c.xml)" 0
	assert_equal "$(grep -c 'code="?"' c.xml)" 1
}

# ---- the notations players write: labels, shorthand, plus, styles ------------

@test "label lines: a typo of a label gets a did-you-mean, a label alone never glues to the next line" {
	printf 'I/1a Test 3000BC\nTroop:\n1x3Cv (Gen), 8x4Bw, 3x2Ps\n' > "$BATS_TEST_TMPDIR/t.txt"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/t.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/t.txt:2:1: error: unknown keyword 'Troop' (did you mean 'Troops'?)"
	assert_equal "$(cut -f 8,15 <<<"${lines[1]}")" "$(printf '1x3Cv (Gen), 8x4Bw, 3x2Ps\t')"
}

@test "reference shorthand: \"none\" and \"-\" are no references, and no diagnostic" {
	printf 'I/1 A 100BC\nEnemies: none\nAllies: -\n1x3Cv (Gen), 11x2Ps\n' > "$BATS_TEST_TMPDIR/n.txt"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/n.txt"
	assert_equal "$stderr" ""
	assert_equal "$(cut -f 7,13 <<<"${lines[1]}")" "$(printf '\t')"
}

@test "ally alternatives read back from every output (TSV keeps the references, not the join)" {
	armylist-parse $P/refs.txt > "$BATS_TEST_TMPDIR/r.xml" 2>/dev/null
	local f want
	want=$(armylist-parse -T json "$BATS_TEST_TMPDIR/r.xml" | jq -c '.armies[] | [.id, .allies, ."ally-joins"]')
	assert_equal "$(head -1 <<<"$want")" '["II/33",["II/10","II/11a","II/11b","III/4"],["","or","and/or",""]]'
	for f in xml json jsonl text; do
		run -0 --separate-stderr bash -c "armylist-parse -T $f '$BATS_TEST_TMPDIR/r.xml' | armylist-parse -T json | jq -c '.armies[] | [.id, .allies, .\"ally-joins\"]'"
		assert_equal "$stderr" ""
		assert_equal "$output" "$want"
	done
	run -0 bash -c "armylist-parse -T json '$BATS_TEST_TMPDIR/r.xml' | armylist-parse -T tsv"
	assert_line --index 1 --partial "$(printf '\tII/10 or II/11a and/or II/11b, III/4\t')"
	# an old file without join attributes still reads
	sed 's/ join="[^"]*"//' "$BATS_TEST_TMPDIR/r.xml" > "$BATS_TEST_TMPDIR/old.xml"
	run -0 armylist-parse -T tsv "$BATS_TEST_TMPDIR/old.xml"
	assert_line --index 1 --partial "$(printf '\tII/10, II/11a, II/11b, III/4\t')"
	# a join the schema does not know is refused
	sed 's/join="or"/join="xor"/' "$BATS_TEST_TMPDIR/r.xml" > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/bad.xml"
	assert_equal "${stderr%%$'\n'*}" "armylist-parse: $BATS_TEST_TMPDIR/bad.xml:14: error: attribute 'join' of <ref> is not valid"
}

@test "a general marked on several elements is one general and the rest, in list text and sheets" {
	printf 'I/1a Test 3000BC\n2x3Cv (Gen), 10x4Bw\n\nI/1b Test 3000BC\n1x3Kn or 2x3Cv or 3Bd (Gen), 10x4Bw\n' > "$BATS_TEST_TMPDIR/g.txt"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/g.txt"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/g.txt:2:1: warning: general marked on 2 elements '2x3Cv (Gen)': read as one general element and 1 more
armylist-parse: $BATS_TEST_TMPDIR/g.txt:5:10: warning: general marked on 2 elements '2x3Cv or 3Bd (Gen)': read as one general element and 1 more"
	assert_equal "$(cut -f 8 <<<"${lines[1]}")" '1x3Cv (Gen), 1x3Cv, 10x4Bw'
	assert_equal "$(cut -f 8 <<<"${lines[2]}")" '1x3Kn or (1x3Cv or 3Bd (Gen) + 1x3Cv or 3Bd), 10x4Bw'
	printf 'Nr;Armee;Elemente\n7;A;12x Ps (Bef.)\n' > "$BATS_TEST_TMPDIR/g.csv"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/g.csv"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/g.csv:2:5: warning: general marked on 12 elements '12x Ps (Bef.)': read as one general element and 11 more"
	assert_equal "$(cut -f 8 <<<"${lines[1]}")" '1xPs (Gen), 11xPs'
}

# ---- the manual -----------------------------------------------------------------

@test "every EXAMPLE of armylist-parse(1) runs, with its status, golden" {
	# armylist-parse exits 0 on good input; the one armylist-check of
	# the page finds no error
	man_examples armylist-parse.1 0 0 0 0 0 0 0 0 0 0 0
	grep -q '<army id="1"' lists.xml
	output=${EXAMPLES%$'\n'}
	golden armylist-parse/examples.txt
}

@test "every EXAMPLE of bellis(7) and armylist(5) runs, with its status, golden" {
	man_examples bellis.7 0 0 0
	local all=$EXAMPLES
	man_examples armylist.5 0
	output=$all${EXAMPLES%$'\n'}
	golden armylist-parse/examples-bellis.txt
}

@test "line numbers stay right past 65535" {
	f=$BATS_TEST_TMPDIR/big.xml
	{ echo '<armylists version="1">'; yes '' | head -n 70000
	  echo '<army id="5"><name lang="en">X</name><enemies/><elements/></army>'
	  echo '<bad></armylists>'; } > "$f"
	run -2 --separate-stderr armylist-parse "$f"
	assert_equal "$stderr" "armylist-parse: $f:70003:18: error: opening and ending tag mismatch: bad line 70003 and armylists"
	{ echo 'Nr|Name|Elemente' | tr '|' '\t'; yes '' | head -n 70000
	  printf '7\tX\t1x Rittr (Gen)\n'; } > "$BATS_TEST_TMPDIR/big.tsv"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/big.tsv"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/big.tsv:70002:8: error: unknown troop type 'Rittr' (did you mean 'Ritter'?)"
	assert_output --partial 'line="70002"'
}

@test "past line 65535 the schema's errors of the streaming reader keep their lines (two armies without elements)" {
	# libxml2 takes such an element's line from the text in it, which
	# its reader has freed by the army's end: both said at 65535, once
	f=$BATS_TEST_TMPDIR/big.xml
	{ echo '<armylists version="1">'; yes '' | head -n 70000
	  echo '<army id="5"><name lang="en">X</name><enemies><ref>1</ref></enemies></army>'
	  yes '' | head -n 100
	  echo '<army id="6"><name lang="en">X</name><enemies><ref>1</ref></enemies></army>'
	  echo '</armylists>'; } > "$f"
	run -2 --separate-stderr armylist-parse -T tsv "$f"
	assert_equal "$stderr" "armylist-parse: $f:70002: error: an element is missing
armylist-parse: $f:70103: error: an element is missing"
	assert_equal "${#lines[@]}" 3
}

# ---- --header=FILE: chunks of a sheet ------------------------------------

# chunks SHEET H CUT...: SHEET's first H lines as the header file, the
# rest cut after each CUT (a line of the whole) into chunks; each chunk
# read with --header gives, one after another, exactly the TSV rows of
# the whole sheet read at once, with no error.
chunks() {
	local sheet=$1 h=$2 from=$(($2 + 1)) to nchunk=0 part
	shift 2
	run -0 --separate-stderr armylist-parse -T tsv "$sheet"
	local whole=$output
	[ "${#lines[@]}" -gt 1 ]
	head -n "$h" "$sheet" > "$BATS_TEST_TMPDIR/head"
	: > "$BATS_TEST_TMPDIR/rows"
	for to in "$@" '$'; do
		part=$BATS_TEST_TMPDIR/chunk.$((nchunk += 1))
		sed -n "${from},${to}p" "$sheet" > "$part"
		run -0 --separate-stderr armylist-parse --header="$BATS_TEST_TMPDIR/head" -T tsv "$part"
		[[ $stderr != *error:* ]]
		assert_equal "${lines[0]}" "${whole%%$'\n'*}"
		printf '%s\n' "$output" | tail -n +2 >> "$BATS_TEST_TMPDIR/rows"
		[ "$to" = '$' ] || from=$((to + 1))
	done
	assert_equal "$(head -n 1 <<<"$whole"; cat "$BATS_TEST_TMPDIR/rows")" "$whole"
}

@test "armylist-parse --header=FILE: chunks of a pipe table, TSV, CSV and slot sheet read as the whole" {
	chunks ../samples/armeelisten-61-120.txt 5 9 14
	chunks ../samples/armeelisten-121-180.tsv 3 6 9
	chunks $P/sheet-semicolon.csv 1 3
	chunks $P/slots.csv 1 2 3
	chunks $P/continuation.tsv 1 3
	# without the header a chunk is no sheet
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/chunk.2"
	assert_output --partial '<armylists version="1"'
	[[ $stderr == *"error: no army read: "* ]]
}

@test "armylist-parse --header=FILE: a chunk's XML names the chunk and its lines; JSON Lines chunks need no header" {
	cd "$BATS_TEST_TMPDIR"
	head -n 5 $SAMPLES/armeelisten-61-120.txt > head.txt
	tail -n +12 $SAMPLES/armeelisten-61-120.txt > chunk.txt
	run -0 --separate-stderr armylist-parse --header=head.txt chunk.txt
	assert_equal "$stderr" ""
	assert_line --index 2 --regexp '^  <army id="[0-9a-z]+" file="chunk.txt" line="1">$'
	# the header is the same for the standard input
	run -0 bash -c 'armylist-parse --header=head.txt -T tsv < chunk.txt'
	assert_equal "$output" "$(armylist-parse --header=head.txt -T tsv chunk.txt)"
	# JSON Lines: each line an army; chunks read as they are, a header
	# changes nothing
	armylist-parse -T jsonl $SAMPLES/english-lists.txt > all.jsonl
	split -n l/3 all.jsonl part.
	run -0 bash -c 'for p in part.*; do armylist-parse -T tsv --header=head.txt "$p" | tail -n +2; done'
	assert_equal "$output" "$(armylist-parse -T tsv all.jsonl | tail -n +2)"
	run -0 bash -c 'for p in part.*; do armylist-parse -T jsonl "$p"; done'
	assert_equal "$output" "$(cat all.jsonl)"
}

@test "JSON Lines: a bad line loses only itself, the first line too, and in every chunk" {
	cd "$BATS_TEST_TMPDIR"
	armylist-parse -T jsonl $SAMPLES/english-lists.txt > all.jsonl
	n=$(wc -l < all.jsonl)
	# each line of the first half broken in turn: every other army read
	for k in 1 2 $((n / 2)); do
		awk -v k="$k" 'NR == k { sub(/":/, "\" x") } { print }' all.jsonl > bad.jsonl
		run -2 --separate-stderr armylist-parse -T tsv bad.jsonl
		assert_equal "$(printf '%s\n' "$output" | tail -n +2 | wc -l)" "$((n - 1))"
		assert_equal "$(printf '%s\n' "$stderr" | wc -l)" 1
		[[ $stderr == "armylist-parse: bad.jsonl:$k:"* ]]
	done
	# chunks as GNU parallel --pipe cuts them: one starts with a bad line
	awk 'NR == 4 { sub(/":/, "\" x") } { print }' all.jsonl > bad.jsonl
	head -n 3 bad.jsonl > part.1
	tail -n +4 bad.jsonl > part.2
	run -0 bash -c 'for p in part.1 part.2; do armylist-parse -T tsv "$p" | tail -n +2; done'
	assert_equal "$(printf '%s\n' "$output" | grep -vc 'error:')" "$((n - 1))"
}

@test "armylist-parse --header=FILE: a header's messages name it" {
	cd "$BATS_TEST_TMPDIR"
	printf 'Nr\tArmee\tElemente\n\xe4\t\t\n' > head.tsv
	printf '7\tGrenzarmee\t1x Re (Feldherr), 11x Pl\n' > rows.tsv
	run -0 --separate-stderr armylist-parse --header=head.tsv -T tsv rows.tsv
	assert_equal "$stderr" "armylist-parse: head.tsv:2: warning: invalid UTF-8, read as windows-1252"
	assert_line --index 1 --regexp $'^7\tGrenzarmee\t'
}
