#!/usr/bin/env bats
# refcard-render: options, HTML and PDF cards, the rules data as the one
# source of the numbers, every error path.
load helpers/common

ARMIES=fixtures/refcard/armies.xml

need_pdf() {
	command -v pdfinfo >/dev/null || skip "pdfinfo (poppler-utils) is missing"
}

# html_ok FILE: the HTML parses (HTML5 tags unknown to libxml2's HTML 4
# parser are the only messages allowed) and is well-formed XML.
html_ok() {
	xmllint --html --noout "$1" 2>"$BATS_TEST_TMPDIR/lint" || return 1
	if grep -v -e 'Tag section invalid' -e '^<section' -e '^ *^$' \
	    "$BATS_TEST_TMPDIR/lint" | grep -q .; then
		cat "$BATS_TEST_TMPDIR/lint"
		return 1
	fi
	xmllint --noout "$1"
}

# cell FILE XPATH: the text of a cell of the (well-formed) HTML.
cell() {
	xmllint --xpath "string($2)" "$1"
}

# not_blank FILE.pdf: every page has ink.
not_blank() {
	local n i pgm h
	n=$(pdfinfo "$1" | sed -n 's/^Pages: *//p')
	for i in $(seq 1 "$n"); do
		pdftoppm -gray -r 30 -f "$i" -l "$i" -singlefile "$1" "$BATS_TEST_TMPDIR/pg" || return 1
		pgm=$BATS_TEST_TMPDIR/pg.pgm
		h=$(head -n 3 "$pgm" | wc -c)
		[ "$(tail -c +$((h + 1)) "$pgm" | tr -d '\377' | wc -c)" -gt 100 ] ||
		    { echo "page $i of $1 is blank"; return 1; }
	done
}

@test "refcard-render: --help lists every option of the man page" {
	run -0 refcard-render --help
	assert_line --partial 'usage: refcard-render'
	help=$output
	opts=$(sed -n 's/^\.It Fl \([a-zA-Z]\) .*Fl -\([a-z]*\).*/\1 \2/p; s/^\.It Fl \([a-zA-Z]\) , Fl -\([a-z]*\).*/\1 \2/p; s/^\.It Fl -\([a-z]*\).*/\1/p' "$TOP/man/refcard-render.1")
	[ -n "$opts" ]
	for o in $opts; do
		case $o in
		?) grep -q -- "-$o," <<<"$help" || { echo "help lacks -$o"; false; } ;;
		*) grep -q -- "--$o" <<<"$help" || { echo "help lacks --$o"; false; } ;;
		esac
	done
	for o in $(grep -o -- '--[a-z]*' <<<"$help" | sort -u); do
		grep -q "Fl $o" "$TOP/man/refcard-render.1" ||
		    grep -q "Fl -${o#--}" "$TOP/man/refcard-render.1" ||
		    { echo "man lacks $o"; false; }
	done
}

@test "refcard-render: -h, --version, -V" {
	run -0 refcard-render -h
	assert_line --index 0 --partial 'usage: refcard-render'
	run -0 refcard-render --version
	assert_output --regexp '^refcard-render \(bellis\) [0-9]+\.[0-9]+\.[0-9]+$'
	run -0 refcard-render -V
	assert_output --regexp '^refcard-render \(bellis\) '
}

@test "refcard-render: an unknown option suggests the nearest one" {
	run -3 --separate-stderr refcard-render --papr=a4
	assert_equal "$stderr" "refcard-render: unknown option '--papr=a4' (did you mean '--paper'?)
Try 'refcard-render --help' for more information."
	run -3 --separate-stderr refcard-render --cardz=rules
	assert_equal "${stderr%%$'\n'*}" "refcard-render: unknown option '--cardz=rules' (did you mean '--cards'?)"
	# getopt_long takes an unambiguous abbreviation
	run -0 refcard-render --card=rules
	assert_line --partial 'data-id="combat"'
	run -3 --separate-stderr refcard-render -x
	assert_equal "${stderr%%$'\n'*}" "refcard-render: unknown option '-x'"
	assert_output ''
}

@test "refcard-render: bad option values are usage errors" {
	run -3 --separate-stderr refcard-render -T svg
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value 'svg' for --format (valid: html, pdf)"
	run -3 --separate-stderr refcard-render --paper=a3
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value 'a3' for --paper (valid: a6, a5, a4, letter)"
	run -3 --separate-stderr refcard-render --lang=fr
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value 'fr' for --lang (valid: en, de, ru)"
	run -3 --separate-stderr refcard-render --cards=army,maps
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value 'maps' for --cards (valid: army, rules, campaign)"
	run -3 --separate-stderr refcard-render --cards=
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value '' for --cards (a list of: army, rules, campaign)"
	run -3 --separate-stderr refcard-render -o
	assert_equal "${stderr%%$'\n'*}" "refcard-render: option '-o' needs a value"
	run -3 --separate-stderr refcard-render --rules=dba2 /dev/null
	assert_equal "${stderr%%$'\n'*}" "refcard-render: unknown rules edition 'dba2' (dba1, dba22, or a rules XML file)"
	run -3 --separate-stderr refcard-render --cards=rules "$ARMIES"
	assert_equal "${stderr%%$'\n'*}" "refcard-render: file operands need the army cards (--cards=army,...)"
	assert_output ''
}

@test "refcard-render: PDF is not written to a terminal" {
	command -v script >/dev/null || skip "script(1) is missing"
	script -qec "test -t 1" /dev/null >/dev/null 2>&1 ||
	    skip "script(1) gets no terminal here (no pseudo-terminals)"
	run script -qec "refcard-render -T pdf --cards=rules" /dev/null
	[[ $output == *"not writing PDF to a terminal (use -o FILE)"* ]]
}

@test "refcard-render: every EXAMPLE of the man page" {
	need_pdf
	n=0
	cd "$BATS_TEST_TMPDIR"
	while IFS= read -r -d '' ex; do
		ex=$(sed 's/\\e/\\/g; s/\\(dg/†/g' <<<"$ex")
		cmd=${ex%%$'\n'*}
		want=${ex#*$'\n'}
		run bash -c "${cmd#\$ }"
		assert_equal "$output" "$want"
		n=$((n + 1))
	done < <(awk '
		/^\.Sh EXAMPLES/ { on = 1; next }
		/^\.Sh / { on = 0 }
		on && /^\.Bd -literal/ { blk = ""; inb = 1; next }
		on && /^\.Ed/ { if (blk ~ /^\$ /) printf "%s%c", blk, 0; inb = 0; next }
		on && inb { blk = blk (blk == "" ? "" : "\n") $0 }
	' "$TOP/man/refcard-render.1")
	[ "$n" -ge 4 ]
}

@test "refcard-render: army cards in HTML, English, German, Russian" {
	for l in en de ru; do
		run -0 --separate-stderr refcard-render --lang=$l "$ARMIES"
		golden refcard/armies-$l.html
		assert_equal "$stderr" ""
		echo "$output" > "$BATS_TEST_TMPDIR/c.html"
		html_ok "$BATS_TEST_TMPDIR/c.html"
		[ "$(grep -c '<section class="card" data-kind="army"' <<<"$output")" -eq 3 ]
	done
}

@test "refcard-render: the HTML holds the expected cells" {
	f=$BATS_TEST_TMPDIR/c.html
	refcard-render --lang=de "$ARMIES" > "$f"
	html_ok "$f"
	row='//section[@data-id="66a"]//tbody/tr[td[1]="Pk"]'
	assert_equal "$(cell "$f" "$row/td[2]")" "Piken"
	assert_equal "$(cell "$f" "$row/td[3]")" "6"
	assert_equal "$(cell "$f" "$row/td[4]")" "3"
	assert_equal "$(cell "$f" "$row/td[5]")" "4"
	assert_equal "$(cell "$f" "$row/td[6]")" "200"
	[[ $(cell "$f" "$row/td[9]") == *"Unterstützung +3"* ]]
	row='//section[@data-id="III/17"]//tbody/tr[td[1]="Cv"]'
	assert_equal "$(cell "$f" "$row/td[3]")" "4–6"
	[[ $(cell "$f" "$row/td[9]") == Befehlshaber* ]]
	row='//section[@data-id="7"]//tbody/tr[td[1]="WWg"]'
	assert_equal "$(cell "$f" "$row/td[7]")" "–"
	assert_equal "$(cell "$f" "//section[@data-id='7']/h1")" "7 Армия & <проба>"
	assert_equal "$(cell "$f" "//section[@data-id='7']//tr[th='Zeit']/td")" "um 1200 v. Chr. – 200 n. Chr."
	assert_equal "$(cell "$f" "//section[@data-id='66a']//tr[th='Elemente']/td")" "1x Ri (Befehlshaber), 1x Re, 1x LR, 1x Hi, 6x Pk, 1x Pl, 1x Sp oder Hi oder Pl oder Art"
}

@test "refcard-render: army cards show the troops as written (HCh, Cb)" {
	armylist-parse fixtures/armylist-parse/written.txt > "$BATS_TEST_TMPDIR/w.xml"
	for l in en de; do
		refcard-render --lang=$l "$BATS_TEST_TMPDIR/w.xml" > "$BATS_TEST_TMPDIR/$l.html"
	done
	assert_equal "$(cell "$BATS_TEST_TMPDIR/en.html" "//section[@data-id='I/1b']//tr[th='Elements']/td")" "1xHCh (Gen), 2x6Kn or LCh, 1x8Bw, 1x7Hd, 2x4Cb or 4Lb, 1x3/4Ax, 1x3Kn//4Bd, 1xHCh//4Cb (tower), 2x2Ps"
	assert_equal "$(cell "$BATS_TEST_TMPDIR/de.html" "//section[@data-id='I/1b']//tr[th='Elemente']/td")" "1x Ri [HCh] (Befehlshaber), 2x Ri oder Re [LCh], 1x Bo, 1x Ho, 2x Bo [Cb] oder Bo [Lb], 1x Hi, 1x Ri//Kl, 1x Ri//Bo [HCh//Cb] (tower), 2x Pl"
	# the table of troop types keeps the rules codes
	assert_equal "$(cell "$BATS_TEST_TMPDIR/en.html" "//section[@data-id='I/1b']//tbody/tr[td[1]='Kn']/td[1]")" "Kn"
	! grep -q '<td>HCh</td>' "$BATS_TEST_TMPDIR/en.html"
}

@test "refcard-render: HTML is self-contained, print CSS sets the paper" {
	for p in "a6 148mm 105mm" "a5 210mm 148mm" "a4 210mm 297mm" "letter 8.5in 11in"; do
		set -- $p
		run -0 refcard-render --paper=$1 --cards=rules
		assert_line --partial "@page { size: $2 $3;"
	done
	refute_output --partial '<script'
	refute_output --partial 'src='
	refute_output --partial 'http'
	refute_output --partial '<link'
	assert_line --partial 'break-after: page'
	assert_line --index 0 '<!DOCTYPE html>'
}

@test "refcard-render: --cards picks and orders the cards" {
	run -0 --separate-stderr refcard-render --cards=rules,army,rules "$ARMIES"
	kinds=$(grep -o 'data-kind="[a-z]*" data-id="[^"]*"' <<<"$output" | tr '\n' ' ')
	assert_equal "$kinds" 'data-kind="rules" data-id="combat" data-kind="rules" data-id="movement" data-kind="rules" data-id="outcomes" data-kind="army" data-id="66a" data-kind="army" data-id="III/17" data-kind="army" data-id="7" '
	run -0 --separate-stderr refcard-render --cards=campaign
	kinds=$(grep -o 'data-kind="[a-z]*" data-id="[^"]*"' <<<"$output" | tr '\n' ' ')
	assert_equal "$kinds" 'data-kind="campaign" data-id="catastrophe" data-kind="campaign" data-id="survival" '
}

@test "refcard-render: the rules cards, golden, in three languages" {
	for l in en de ru; do
		run -0 --separate-stderr refcard-render --lang=$l --cards=rules
		golden refcard/rules-$l.html
		echo "$output" > "$BATS_TEST_TMPDIR/r.html"
		html_ok "$BATS_TEST_TMPDIR/r.html"
	done
}

@test "refcard-render: the rules cards say what the seeds say" {
	f=$BATS_TEST_TMPDIR/r.html
	refcard-render --lang=en --cards=rules > "$f"
	t="//section[@data-id='combat']//table[thead/tr/th='Factor']//tr"
	assert_equal "$(cell "$f" "$t[td[2]='+1'][1]/td[1]")" "general in close combat or shot at"
	assert_equal "$(cell "$f" "$t[td[2]='−1'][4]/td[1]")" "each further shooter, no. 2–3"
	assert_equal "$(cell "$f" "$t[td[2]='−2'][1]/td[1]")" "in close combat in difficult going"
	assert_equal "$(cell "$f" "$t[td[2]='−2'][2]/td[1]")" "they or their opponent in difficult going"
	t="//section[@data-id='combat']//table[@class='facts']//tr"
	assert_equal "$(cell "$f" "$t[th='rear support lost']/td")" "in difficult going, attacking a camp, shot at; contact with Art, Bw"
	assert_equal "$(cell "$f" "$t[th='Ps behind']/td")" "only vs mounted or attacking a camp"
	t="//section[@data-id='movement']"
	assert_equal "$(cell "$f" "$t//tr[th='may not move into contact']/td")" "WWg, Art"
	assert_equal "$(cell "$f" "$t//tr[th='Far from the general']/td")" "+1 (≥ 1200; out of sight ≥ 600)"
	assert_equal "$(cell "$f" "$t//tr[th=\"General's element removed\"]/td")" "+1"
	assert_equal "$(cell "$f" "$t//table[thead/tr/th='Range']//tr[td[1]='Art']/td[3]")" "500†"
	assert_equal "$(cell "$f" "$t//p")" "† reconstructed: not from the seed rules text"
	t="//section[@data-id='outcomes']"
	assert_equal "$(cell "$f" "$t//tbody/tr[2]/td[1]")" "Cv†"
	assert_equal "$(cell "$f" "$t//tbody/tr[1]/td[1]")" "Kn"
	assert_equal "$(cell "$f" "$t//tbody/tr[1]/td[4]")" "beaten by LH, El: destroyed; beaten by SCh: destroyed†"
	assert_equal "$(cell "$f" "$t//p")" "† reconstructed: not from the seed rules text"
	refcard-render --lang=de --cards=rules > "$f"
	assert_equal "$(cell "$f" "//section[@data-id='movement']//tr[th='Fern vom Befehlshaber']/td")" "+1 (≥ 1200; außer Sicht ≥ 600)"
	assert_equal "$(cell "$f" "//section[@data-id='outcomes']//p")" "† rekonstruiert: nicht aus dem Regeltext der Vorlage"
	refcard-render --lang=ru --cards=rules > "$f"
	assert_equal "$(cell "$f" "//section[@data-id='movement']//tr[th='Далеко от полководца']/td")" "+1 (≥ 1200; вне видимости ≥ 600)"
	[[ $(cell "$f" "//section[@data-id='outcomes']//p") == "† реконструировано"* ]]
}

@test "refcard-render: the campaign cards say what the seed says, in the table's words" {
	f=$BATS_TEST_TMPDIR/c.html
	refcard-render --lang=en --cards=campaign > "$f"
	assert_equal "$(cell "$f" "//section[@data-id='catastrophe']//tr[td[1]='18']/td[3]")" "strategy halved (round up), morale all −5, commander killed"
	t="//section[@data-id='survival']//table[1]//tbody"
	assert_equal "$(cell "$f" "$t/tr[1]/td[2]")" "Unhurt"
	assert_equal "$(cell "$f" "$t/tr[7]/td[1]")" "≤ −7 or critical failure"
	assert_equal "$(cell "$f" "$t/tr[7]/td[2]")" "Column D"
	for l in de ru; do
		refcard-render --lang=$l --cards=campaign > "$f"
		for code in unhurt hit1 hit2; do
			! grep -q "<td>$code</td>" "$f"
		done
	done
	assert_equal "$(cell "$f" "$t/tr[2]/td[2]")" "1 хит"
	refcard-render --lang=de --cards=campaign > "$f"
	assert_equal "$(cell "$f" "$t/tr[1]/td[2]")" "Unverletzt"
}

@test "refcard-render: every factor and move on the cards is the rules table's" {
	f=$BATS_TEST_TMPDIR/r.html
	refcard-render --lang=en --cards=rules > "$f"
	rules=$TOP/formats/dba1.xml
	for code in $(xmllint --xpath '//factors/troop/@code' "$rules" | sed 's/ code="\([^"]*\)"/\1 /g'); do
		row="//section[@data-id='combat']//tbody/tr[td[1]='$code']"
		assert_equal "$(cell "$f" "$row/td[3]")" "$(xmllint --xpath "string(//factors/troop[@code='$code']/@vs-foot)" "$rules")"
		assert_equal "$(cell "$f" "$row/td[4]")" "$(xmllint --xpath "string(//factors/troop[@code='$code']/@vs-mounted)" "$rules")"
		row="//section[@data-id='movement']//tbody/tr[td[1]='$code']"
		assert_equal "$(cell "$f" "$row/td[3]")" "$(xmllint --xpath "string(//movement/move[@troop='$code']/@good)" "$rules")"
		assert_equal "$(cell "$f" "$row/td[5]")" "$(xmllint --xpath "string(//movement/move[@troop='$code']/@road)" "$rules")"
	done
}

@test "refcard-render: --rules=FILE corrects a number on every card" {
	sed 's/<troop code="Pk" vs-foot="3"/<troop code="Pk" vs-foot="6"/; s/<move troop="Pk" good="200"/<move troop="Pk" good="250"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	f=$BATS_TEST_TMPDIR/c.html
	refcard-render --rules="$BATS_TEST_TMPDIR/r.xml" --cards=army,rules "$ARMIES" > "$f"
	assert_equal "$(cell "$f" '//section[@data-id="66a"]//tbody/tr[td[1]="Pk"]/td[4]')" "6"
	assert_equal "$(cell "$f" '//section[@data-id="66a"]//tbody/tr[td[1]="Pk"]/td[6]')" "250"
	assert_equal "$(cell "$f" '//section[@data-id="combat"]//tbody/tr[td[1]="Pk"]/td[3]')" "6"
	echo '<rules version="1" edition="x"/>' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr refcard-render --rules="$BATS_TEST_TMPDIR/bad.xml" --cards=rules
	assert_output ''
	[[ $stderr == *"not a valid rules table"* ]]
}

@test "refcard-render: the campaign card reads the campaign tables" {
	run -0 --separate-stderr refcard-render --lang=de --cards=campaign
	echo "$output" > "$BATS_TEST_TMPDIR/c.html"
	html_ok "$BATS_TEST_TMPDIR/c.html"
	[ -z "$stderr" ]
	for t in $(xmllint --xpath '//row/text[@lang="de"]/text()' "$TOP/formats/catastrophe.xml" | tr ' ' '_'); do
		grep -q "<td>${t//_/ }</td>" <<<"$output" || { echo "lacks $t"; false; }
	done
	assert_line --partial '<h2>Schaden nach TL</h2>'
}

@test "refcard-render: PDF page count and page size for every paper" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	for p in "a6 419.528 297.638" "a5 595.276 419.528" "a4 595.276 841.89" "letter 612 792"; do
		set -- $p
		run -0 --separate-stderr refcard-render -T pdf --paper=$1 -o "$f" "$ARMIES"
		assert_output ''
		assert_equal "$stderr" ''
		run -0 pdfinfo "$f"
		assert_line --regexp '^Pages: +3$'
		assert_line --regexp "^Page size: +$2 x $3 pts"
	done
	refcard-render -T pdf --cards=rules,campaign -o "$f" 2>/dev/null
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +5$'
}

@test "refcard-render: PDF text in German, English and Russian" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	refcard-render -T pdf --lang=de -o "$f" "$ARMIES"
	run -0 pdftotext "$f" -
	assert_line '66a Alexandrinische Makedonen'
	assert_line --partial 'Piken'
	assert_line --partial 'Unterstützung +3'
	assert_line --partial 'Армия & <проба>'
	refcard-render -T pdf --lang=en -o "$f" "$ARMIES"
	run -0 pdftotext "$f" -
	assert_line --partial 'Pikes'
	assert_line --partial 'rear support +3'
	refcard-render -T pdf --lang=ru -o "$f" "$ARMIES"
	run -0 pdftotext "$f" -
	assert_line --partial 'Пикинёры'
	assert_line --partial 'поддержка сзади +3'
	refcard-render -T pdf --lang=ru --cards=rules -o "$f"
	run -0 pdftotext -f 1 -l 1 "$f" -
	assert_line 'Бой (dba1)'
	assert_line 'SCh Серпоносные колесницы'
}

@test "refcard-render: PDF fonts are embedded DejaVu, pages are not blank" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	refcard-render -T pdf --lang=ru --cards=army,rules,campaign -o "$f" "$ARMIES" 2>/dev/null
	run -0 pdffonts "$f"
	[ "${#lines[@]}" -ge 3 ]
	assert_line --partial 'DejaVuSans'
	pdffonts "$f" | awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }'
	not_blank "$f"
}

@test "refcard-render: identical input gives identical PDF bytes" {
	need_pdf
	a=$BATS_TEST_TMPDIR/a.pdf b=$BATS_TEST_TMPDIR/b.pdf
	refcard-render -T pdf --cards=army,rules -o "$a" "$ARMIES"
	sleep 1
	refcard-render -T pdf --cards=army,rules < "$ARMIES" > "$b"
	cmp "$a" "$b"
	run -0 pdfinfo "$a"
	refute_line --partial 'CreationDate'
	SOURCE_DATE_EPOCH=1700000000 refcard-render -T pdf --cards=rules -o "$a"
	SOURCE_DATE_EPOCH=1700000000 refcard-render -T pdf --cards=rules -o "$b"
	cmp "$a" "$b"
	run -0 pdfinfo "$a"
	assert_line --regexp '^CreationDate: +Tue Nov 14 22:13:20 2023 UTC$'
	run -0 --separate-stderr env SOURCE_DATE_EPOCH=soon refcard-render -T pdf --cards=rules -o "$a"
	assert_equal "$stderr" "refcard-render: warning: ignoring SOURCE_DATE_EPOCH 'soon' (not a number of seconds)"
}

@test "refcard-render: a card too long for its page goes on, with a warning" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	run -0 --separate-stderr refcard-render -T pdf --lang=de -o "$f" fixtures/refcard/big.xml
	assert_equal "$stderr" "refcard-render: big.txt:3: warning: army '99 Großes Testheer' does not fit one page: continued on a second page"
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +2$'
	run -0 pdftotext -f 2 -l 2 "$f" -
	assert_line '99 Großes Testheer (Fortsetzung, Seite 2)'
	assert_line --regexp '^Kürzel'
	# every troop row is somewhere: nothing is cut off
	run -0 pdftotext "$f" -
	for t in Elefanten Ritter Reiterei 'Leichte Reiterei' Kamelreiter Sichelstreitwagen Klingen Speere Piken Hilfstruppen Plänkler Artillerie; do
		assert_line "$t"
	done
	not_blank "$f"
	run -0 --separate-stderr refcard-render -T pdf --paper=a4 -o "$f" fixtures/refcard/big.xml
	assert_equal "$stderr" ""
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +1$'
}

@test "refcard-render: empty input gives no card and a warning" {
	run -0 --separate-stderr refcard-render /dev/null
	assert_equal "$stderr" "refcard-render: warning: no cards to render (no armies in the input)"
	refute_output --partial '<section'
	assert_line '</html>'
	echo '<armylists version="1"/>' > "$BATS_TEST_TMPDIR/e.xml"
	run -0 --separate-stderr refcard-render "$BATS_TEST_TMPDIR/e.xml"
	refute_output --partial '<section'
	need_pdf
	refcard-render -T pdf -o "$BATS_TEST_TMPDIR/e.pdf" < /dev/null 2>/dev/null
	run -0 pdftotext "$BATS_TEST_TMPDIR/e.pdf" -
	assert_line 'no cards'
}

@test "refcard-render: input that is not armylist XML is exit 2" {
	run -2 --separate-stderr refcard-render fixtures/refcard/junk.bin
	assert_equal "$stderr" "refcard-render: fixtures/refcard/junk.bin:1: error: not armylist XML (armylist-parse converts list sheets and list text)"
	refute_output --partial '<section'
	run -2 --separate-stderr refcard-render fixtures/refcard/sheet.txt "$ARMIES"
	assert_equal "$stderr" "refcard-render: fixtures/refcard/sheet.txt:1: error: not armylist XML (armylist-parse converts list sheets and list text)"
	[ "$(grep -c '<section' <<<"$output")" -eq 3 ]
}

@test "refcard-render: a DOCTYPE or entity is rejected" {
	run -2 --separate-stderr refcard-render fixtures/refcard/doctype.xml
	refute_output --partial '<section'
	[[ $stderr == "refcard-render: fixtures/refcard/doctype.xml:"*"DOCTYPE not allowed"* ]]
	refute_output --partial "$(cat /etc/hostname 2>/dev/null || echo no-such-host)"
}

@test "refcard-render: malformed and invalid XML is exit 2, other files still rendered" {
	run -2 --separate-stderr refcard-render fixtures/refcard/malformed.xml
	[[ $stderr == "refcard-render: fixtures/refcard/malformed.xml:"*"error: "* ]]
	run -2 --separate-stderr refcard-render fixtures/refcard/invalid.xml "$ARMIES"
	[[ $stderr == "refcard-render: fixtures/refcard/invalid.xml:"*"error: "* ]]
	[ "$(grep -c '<section' <<<"$output")" -ge 3 ]
}

@test "refcard-render: several files are one stream, '-' is stdin" {
	run -0 --separate-stderr refcard-render "$ARMIES" - < "$ARMIES"
	[ "$(grep -c '<section' <<<"$output")" -eq 6 ]
	[ "$(grep -c '<html' <<<"$output")" -eq 1 ]
	a=$(refcard-render < "$ARMIES")
	b=$(refcard-render - < "$ARMIES")
	assert_equal "$a" "$b"
	run -4 --separate-stderr refcard-render /nonexistent "$ARMIES"
	[[ $stderr == "refcard-render: cannot open '/nonexistent'"* ]]
	[ "$(grep -c '<section' <<<"$output")" -eq 3 ]
}

@test "refcard-render: the language comes from the locale by default" {
	run -0 bash -c "LANG=de_DE.UTF-8 LC_ALL= refcard-render --cards=rules | grep -m1 '<h1>'"
	assert_output '<h1>Kampf (dba1)</h1>'
	run -0 bash -c "LC_ALL=ru_RU.UTF-8 refcard-render --cards=rules 2>/dev/null | grep -m1 '<h1>'"
	assert_output '<h1>Бой (dba1)</h1>'
	run -0 bash -c "refcard-render --cards=rules | grep -m1 '<h1>'"
	assert_output '<h1>Combat (dba1)</h1>'
}

@test "refcard-render: -o writes atomically and keeps the old file on failure" {
	out=$BATS_TEST_TMPDIR/out.html
	run -0 refcard-render -o "$out" "$ARMIES"
	assert_output ''
	assert_equal "$(cat "$out")" "$(refcard-render "$ARMIES")"
	echo old > "$out"
	run -4 refcard-render -o "$out" "$ARMIES" /nonexistent
	assert_equal "$(cat "$out")" old
	run -4 refcard-render -o "$out" --rules=/nonexistent/r.xml "$ARMIES"
	assert_equal "$(cat "$out")" old
	[ "$(ls "$BATS_TEST_TMPDIR")" = out.html ]
	run -2 refcard-render --output="$out" fixtures/refcard/junk.bin "$ARMIES"
	assert_equal "$(cat "$out")" old
}

@test "refcard-render: a full disk is exit 4" {
	[ -c /dev/full ] || skip "/dev/full is missing"
	run -4 --separate-stderr bash -c "refcard-render --cards=army,rules '$ARMIES' > /dev/full"
	[[ $stderr == *"write error"* ]]
	run -4 --separate-stderr bash -c "refcard-render -T pdf --cards=army,rules '$ARMIES' > /dev/full"
	[[ $stderr == *"write error"* ]]
	run -4 --separate-stderr refcard-render -T pdf -o /dev/full --cards=rules
	assert_equal "$stderr" "refcard-render: cannot write '/dev/full': No space left on device"
}

@test "refcard-render: a closed pipe ends quietly" {
	awk 'BEGIN { print "<armylists version=\"1\">"
		for (i = 1; i <= 3000; i++)
			print "<army id=\"" i "\"><name lang=\"en\">A" i "</name><enemies/><elements><element count=\"12\"><troop code=\"Bd\"/></element></elements></army>"
		print "</armylists>" }' > "$BATS_TEST_TMPDIR/many.xml"
	run bash -c "refcard-render '$BATS_TEST_TMPDIR/many.xml' 2>&1 | head -n 1"
	assert_output '<!DOCTYPE html>'
}
