#!/usr/bin/env bats
# browser: the HTML cards of refcard-render in a real browser, Debian's
# chromium (headless; `make deps` installs it).  Printed to PDF, every card
# is exactly one page of its paper size (print CSS: @page size, a page
# break after each card) unless the PDF writer of bellis could not fit it
# either; nothing is wider than the card; one card at screen width is kept
# as a screenshot in build/test-output/browser/ (beside the bin/ of the
# tools under test: build-san/ for the sanitizer build), with the page
# counts.
load helpers/common

OUT=$(dirname "$BIN")/test-output/browser
EN_ARMIES=$SAMPLES/english-lists.xml
# the A6 page in PostScript points, landscape (148 x 105 mm)
A6_W=419.53
A6_H=297.64

setup() {
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] ||
	    skip "the browser test runs once, with the plain build"
	command -v chromium >/dev/null ||
	    skip "chromium is missing (Debian package chromium: make deps)"
	command -v pdfinfo >/dev/null && command -v pdftotext >/dev/null ||
	    skip "pdfinfo, pdftotext (poppler-utils) are missing"
	mkdir -p "$OUT"
}

# chrome ARG...: headless chromium, a private profile, killed if it hangs.
chrome() {
	timeout -k 5 120 chromium --headless --no-sandbox --disable-gpu \
	    --no-first-run --user-data-dir="$BATS_TEST_TMPDIR/profile" "$@" \
	    2>>"$BATS_TEST_TMPDIR/chromium.log"
}

# titles HTML: the title (h1) of each card, in order, unescaped, without
# the markup of its parts (an id's span, a sign's sup).
titles() {
	sed -n 's|^<h1>\(.*\)</h1>$|\1|p' "$1" | sed 's/<[^>]*>//g' |
	    sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g'
}

# card_pages HTML PDF: "PAGES<tab>TITLE" for each card of the HTML, the
# pages of the PDF it takes (a card begins on the page whose first line
# is its title); fails when a card's first page is not found.
card_pages() {
	local -a t n
	local first k=-1 i
	mapfile -t t < <(titles "$1")
	while IFS= read -r first; do
		if [ $((k + 1)) -lt ${#t[@]} ] && [ "$first" = "${t[k + 1]}" ]; then
			k=$((k + 1))
			n[k]=1
		elif [ "$k" -ge 0 ]; then
			n[k]=$((n[k] + 1))
		fi
	done < <(pdftotext -enc UTF-8 "$2" - |
	    awk 'BEGIN { RS = "\f" } NF { split($0, l, "\n"); print l[1] }')
	if [ $((k + 1)) -ne ${#t[@]} ]; then
		echo "card_pages: found $((k + 1)) of ${#t[@]} cards in $2" >&2
		return 1
	fi
	for i in "${!t[@]}"; do
		printf '%s\t%s\n' "${n[i]}" "${t[i]}"
	done
}

# page_sizes PDF W H: every page is W x H points (within 1.5 pt).
page_sizes() {
	local n
	n=$(pdfinfo "$1" | sed -n 's/^Pages: *//p')
	pdfinfo -f 1 -l "$n" "$1" | awk -v w="$2" -v h="$3" -v n="$n" '
	    function abs(x) { return x < 0 ? -x : x }
	    /^Page +[0-9]+ size:/ { k++
		if (abs($4 - w) > 1.5 || abs($6 - h) > 1.5) {
			print "page " $2 ": " $4 " x " $6 " pts, not " w " x " h
			bad = 1 } }
	    END { if (k != n) { print k " sizes of " n " pages"; bad = 1 }
		exit bad }'
}

# too_wide HTML: the cards with an element wider than the card's text
# area at screen width (the screen CSS gives each card its paper's width
# and margins), measured by a script in the browser (--dump-dom).
too_wide() {
	local f=$BATS_TEST_TMPDIR/measure.html
	sed 's|</body>|<script>\
var bad = [];\
document.querySelectorAll("section.card").forEach(function (s) {\
	var r = s.getBoundingClientRect(), cs = getComputedStyle(s);\
	var right = r.right - parseFloat(cs.paddingRight) + 0.5;\
	if (s.scrollWidth > s.clientWidth) bad.push(s.dataset.id);\
	else s.querySelectorAll("*").forEach(function (e) {\
		if (e.getBoundingClientRect().right > right \&\& bad.indexOf(s.dataset.id) < 0)\
			bad.push(s.dataset.id); });\
});\
var p = document.createElement("pre"); p.id = "too-wide";\
p.textContent = "[" + bad.join(" ") + "]"; document.body.appendChild(p);\
</script></body>|' "$1" > "$f"
	chrome --window-size=1280,900 --dump-dom "file://$f" > "$f.dom"
	grep -q '<pre id="too-wide">\[' "$f.dom" || { echo "no measure"; return 1; }
	sed -n 's|.*<pre id="too-wide">\[\(.*\)\]</pre>.*|\1|p' "$f.dom"
}

# browse NAME ARG...: refcard-render ARG... as HTML printed by chromium
# and as the PDF of bellis; the cards' page counts of both go to
# $OUT/pages-NAME.txt ("browser<tab>bellis-pdf<tab>title").  Every card
# is one A6 page in the browser, or where the PDF writer of bellis warns
# that it does not fit, no more pages there than in that PDF.
browse() {
	local name=$1 d=$BATS_TEST_TMPDIR
	shift
	refcard-render "$@" > "$d/$name.html"
	refcard-render -T pdf -o "$d/$name-bellis.pdf" "$@" 2>/dev/null
	chrome --no-pdf-header-footer --print-to-pdf="$d/$name.pdf" \
	    "file://$d/$name.html" >/dev/null
	[ -s "$d/$name.pdf" ] || { cat "$d/chromium.log"; return 1; }
	page_sizes "$d/$name.pdf" "$A6_W" "$A6_H"
	card_pages "$d/$name.html" "$d/$name.pdf" > "$d/b.txt"
	card_pages "$d/$name.html" "$d/$name-bellis.pdf" > "$d/p.txt"
	paste "$d/b.txt" "$d/p.txt" | cut -f1,3,4 > "$OUT/pages-$name.txt"
	[ "$(wc -l < "$OUT/pages-$name.txt")" -eq "$(grep -c '<section' "$d/$name.html")" ]
	if awk -F '\t' '$1 != 1 && $1 > $2' "$OUT/pages-$name.txt" | grep .; then
		echo "cards longer than one page in the browser ($name)"
		return 1
	fi
	run too_wide "$d/$name.html"
	assert_success
	assert_output ''
}

@test "browser: the army cards of the English sample, one A6 page each (en, de, ru)" {
	for l in en de ru; do
		browse "armies-$l" --lang=$l "$EN_ARMIES"
	done
}

@test "browser: the army cards of the German HTML sheet, one A6 page each" {
	armylist-parse "$SAMPLES/armeelisten-1-60.html" > "$BATS_TEST_TMPDIR/de.xml"
	browse armies-sheet --lang=de "$BATS_TEST_TMPDIR/de.xml"
}

@test "browser: the dba22 army cards of the corpus sample, one A6 page each (de, ru)" {
	# the tightest cards: set in the browser as the PDF writer fits them,
	# notes below the table, the smallest type
	for l in de ru; do
		browse "corpus-$l" --lang=$l "$SAMPLES/corpus-sample.xml"
		run awk -F '\t' '$1 != 1' "$OUT/pages-corpus-$l.txt"
		assert_output ''
	done
}

@test "browser: the rules and campaign cards, exactly one A6 page each (de, en, ru)" {
	for l in de en ru; do
		browse "rules-$l" --lang=$l --cards=rules,campaign
		run awk -F '\t' '$1 != 1' "$OUT/pages-rules-$l.txt"
		assert_output ''
		[ "$(wc -l < "$OUT/pages-rules-$l.txt")" -eq 5 ]
	done
}

@test "browser: the dba3 rules cards, one A6 page each in en and ru" {
	for l in en ru; do
		browse "rules3-$l" --lang=$l --rules=dba3 --cards=rules
		run awk -F '\t' '$1 != 1' "$OUT/pages-rules3-$l.txt"
		assert_output ''
		[ "$(wc -l < "$OUT/pages-rules3-$l.txt")" -eq 3 ]
	done
}

@test "browser: the matchup card, exactly one A6 page (de, en, ru)" {
	for l in de en ru; do
		browse "matchup-$l" --lang=$l --matchup=I/1a,II/27b "$EN_ARMIES"
		assert_equal "$(cut -f1 "$OUT/pages-matchup-$l.txt")" 1
	done
}

@test "browser: the width check finds a card with something too wide" {
	refcard-render --lang=en --cards=rules |
	    sed 's|<h1>Movement|<div style="width: 150mm">wide</div>&|' \
	    > "$BATS_TEST_TMPDIR/w.html"
	run too_wide "$BATS_TEST_TMPDIR/w.html"
	assert_success
	assert_output movement
}

@test "browser: the print CSS sets the paper: A5 rules cards are 210 x 148 mm" {
	refcard-render --paper=a5 --cards=rules > "$BATS_TEST_TMPDIR/a5.html"
	chrome --no-pdf-header-footer --print-to-pdf="$BATS_TEST_TMPDIR/a5.pdf" \
	    "file://$BATS_TEST_TMPDIR/a5.html" >/dev/null
	run page_sizes "$BATS_TEST_TMPDIR/a5.pdf" 595.28 419.53
	assert_success
	run pdfinfo "$BATS_TEST_TMPDIR/a5.pdf"
	assert_line --regexp '^Pages: +3$'
}

@test "browser: a screenshot of the matchup card and an army card at screen width" {
	refcard-render --lang=en --matchup=I/1a,II/27b "$EN_ARMIES" > "$BATS_TEST_TMPDIR/m.html"
	refcard-render --lang=de --army=II/27b "$EN_ARMIES" > "$BATS_TEST_TMPDIR/a.html"
	for f in m a; do
		rm -f "$BATS_TEST_TMPDIR/$f.png"
		chrome --hide-scrollbars --window-size=1280,900 \
		    --screenshot="$BATS_TEST_TMPDIR/$f.png" \
		    "file://$BATS_TEST_TMPDIR/$f.html" >/dev/null
		[ -s "$BATS_TEST_TMPDIR/$f.png" ]
		assert_equal "$(head -c 8 "$BATS_TEST_TMPDIR/$f.png" | od -An -tx1 | tr -d ' \n')" \
		    89504e470d0a1a0a
	done
	cp "$BATS_TEST_TMPDIR/m.png" "$OUT/matchup-en.png"
	cp "$BATS_TEST_TMPDIR/a.png" "$OUT/army-de.png"
	[ -s "$OUT/matchup-en.png" ] && [ -s "$OUT/army-de.png" ]
}

@test "browser: the facts strip keeps each key with its value, a line never ends with a dot (the 634 3.0 cards in German, printed)" {
	local t=$BATS_TEST_TMPDIR
	# each card's title and strip alone, in the card's own type
	armylist-parse --rules=dba3 "$CORPUS/dba3-lists.txt" 2>/dev/null |
	    refcard-render --rules=dba3 --lang=de 2>/dev/null |
	    awk '/^<body>/ { on = 1 } !on || /^<(section|h1|\/section|\/body|\/html)/ ||
		/^<p class="strip">/' > "$t/s.html"
	[ "$(grep -c '^<p class="strip">' "$t/s.html")" -eq 634 ]
	chrome --no-pdf-header-footer --print-to-pdf="$t/s.pdf" \
	    "file://$t/s.html" >/dev/null
	# a line of the strip ends with a dot, or begins with a value cut
	# from its key or a date's era (164 such lines before)
	run -0 sh -c 'pdftotext -raw "$1" - | grep -c -E "^(3\.0|n\. Chr\.|v\. Chr\.|–)( |$)|·$" || true' sh "$t/s.pdf"
	assert_output 0
	# some strips take two lines in this type: the test sees breaks
	run -0 sh -c 'pdftotext -raw "$1" - | grep -c "^· " || true' sh "$t/s.pdf"
	[ "$output" -gt 20 ]
}

@test "browser: the German 3.0 cards printed: each one page, none wider than the card, each with its key line (the 634 3.0 cards)" {
	local t=$BATS_TEST_TMPDIR
	armylist-parse --rules=dba3 "$CORPUS/dba3-lists.txt" 2>/dev/null |
	    refcard-render --rules=dba3 --lang=de 2>/dev/null > "$t/de.html"
	[ "$(grep -c '<section' "$t/de.html")" -eq 634 ]
	# the key line (Ri = Kn, ...) on every card, III/39 too (the type
	# the browser is measured in left it out of six)
	run -0 awk '/<section/ { if (id != "" && !key) print id
		match($0, /data-id="[^"]*"/); id = substr($0, RSTART + 9, RLENGTH - 10); key = 0 }
	    /^<p>[^<]* = [A-Za-z]+[,<]/ { key = 1 } END { if (!key) print id }' "$t/de.html"
	assert_output ''
	# one page each: 654 before, the key lines and the notes of the
	# wide tables (their heads kept to one line) on second pages
	chrome --no-pdf-header-footer --print-to-pdf="$t/de.pdf" \
	    "file://$t/de.html" >/dev/null
	run pdfinfo "$t/de.pdf"
	assert_line --regexp '^Pages: +634$'
	run too_wide "$t/de.html"
	assert_success
	assert_output ''
}

@test "browser: the wide tables of Russian 3.0 cards keep to the card (I/52b, IV/12e were 9 and 3 mm too wide)" {
	local t=$BATS_TEST_TMPDIR
	armylist-parse --rules=dba3 "$CORPUS/dba3-lists.txt" 2>/dev/null |
	    refcard-render --rules=dba3 --lang=ru --army=I/52b,IV/12e \
	    > "$t/ru.html"
	[ "$(grep -c '<section' "$t/ru.html")" -eq 2 ]
	run too_wide "$t/ru.html"
	assert_success
	assert_output ''
}
