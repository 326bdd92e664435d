#!/usr/bin/env bats
# print: the cards and battle pictures as they print, measured:
# the smallest type from pdftotext -bbox (a word's height is DejaVu's
# ascent and descent, 1.163 of its size), the sizes on one sheet, the
# page size of battle-scan --paper.
load helpers/common

setup() {
	command -v pdftotext >/dev/null ||
	    skip "pdftotext (poppler-utils) is missing: make deps"
}

# sizes PDF REGEX: the type size of each word of PDF matching REGEX (an
# awk regular expression on the word), one a line, smallest first.
sizes() {
	pdftotext -bbox "$1" - | awk -F'"' -v re="$2" '/<word / {
		w = $9; sub(/^>/, "", w); sub(/<\/word>.*/, "", w)
		if (w ~ re) printf "%.2f\n", ($8 - $4) / 1.163 }' | sort -n
}

@test "print: signs (†, ‡, *, ?) are at least 6.5 pt on every rules card, alone and imposed" {
	local t=$BATS_TEST_TMPDIR r im n
	for r in dba1 dba22 dba3; do
		for im in "" "--impose=2x2 --paper=a4" "--impose=1x2 --paper=letter"; do
			refcard-render -T pdf --cards=rules --rules=$r --lang=en \
			    $im -o "$t/r.pdf" </dev/null
			# a sign in its own size pdftotext gives as a word of its own
			n=$(sizes "$t/r.pdf" '^[†‡*?]+$' | head -1)
			[ -n "$n" ]
			awk -v n="$n" -v c="$r $im" 'BEGIN { if (n < 6.45) {
			    print c ": a sign at " n " pt"; exit 1 } }'
		done
	done
	# the HTML cards: a sign never under 6.5 pt
	run -0 refcard-render --cards=rules --rules=dba22 --lang=en
	assert_output --partial 'sup.conf { font-size: max(0.75em, 6.5pt);'
}

# sheet_sizes PDF: for each sheet of an imposed PDF, the type its margin
# names, the smallest type of its cards and the sizes between that and
# a heading (a second body size), as "NAMED SMALLEST BETWEEN".
sheet_sizes() {
	pdftotext -bbox "$1" - | awk -F'"' '
	function flush() {
		if (n == 0) return
		m = 99; b = 0
		for (i = 1; i <= n; i++) if (y[i] != ny && h[i] < m) m = h[i]
		for (i = 1; i <= n; i++)
			if (y[i] != ny && h[i] > m + 0.03 && h[i] < 1.15 * m) b++
		printf "%s %.3f %d\n", named, m, b
		n = 0
	}
	/<page / { flush() }
	/<word / {
		w = $9; sub(/^>/, "", w); sub(/<\/word>.*/, "", w)
		n++; h[n] = ($8 - $4) / 1.163; y[n] = $4
		if (w == "sheet:") ny = $4
		if (prev == "sheet:") named = w
		prev = w
	}
	END { flush() }'
}

@test "print: the cards of an imposed sheet share one type size, which the sheet names in its margin" {
	local t=$BATS_TEST_TMPDIR im
	for im in "--impose=2x2 --paper=a4" "--impose=1x2 --paper=letter"; do
		refcard-render -T pdf --lang=en $im -o "$t/s.pdf" \
		    "$SAMPLES/english-lists.xml"
		sheet_sizes "$t/s.pdf" > "$t/sizes"
		cat "$t/sizes"
		[ "$(wc -l < "$t/sizes")" -ge 2 ]
		# one body size a sheet, the named one as printed: the same
		# scale on every sheet
		run -0 awk '$3 != 0 || $1 < 6.5 { print "sheet " NR ": " $0; bad = 1 }
		    { r = $2 / $1; if (NR > 1 && (r - r1 > 0.002 || r1 - r > 0.002)) {
		      print "sheet " NR ": scale " r " not " r1; bad = 1 }; if (NR == 1) r1 = r }
		    END { exit bad }' "$t/sizes"
	done
	# German: a decimal comma
	refcard-render -T pdf --lang=de --impose=2x2 --paper=a4 -o "$t/d.pdf" \
	    "$SAMPLES/english-lists.xml"
	run -0 pdftotext "$t/d.pdf" -
	assert_output --regexp 'Schriftgröße aller Karten dieses Bogens: [0-9]+(,[0-9]+)? pt'
}

# notch_in_base SVG: the facing notches (black triangles a tenth of a
# base wide; the side tags' arrows are wider) of a battle picture whose
# tip lies in a base or label plate (a quad of a side's fill), one a
# line.
notch_in_base() {
	grep -o '<polygon points="[^"]*" fill="#[0-9a-f]*"' "$1" | awk -F'"' '
	{ n = split($2, p, "[ ,]") }
	n == 6 && $4 == "#000000" && (p[3] - p[1]) ^ 2 + (p[4] - p[2]) ^ 2 < 400 {
		tx[++nt] = p[5]; ty[nt] = p[6] }
	n == 8 && ($4 == "#d9534f" || $4 == "#bcd0f5") {
		nq++; for (i = 1; i <= 8; i++) q[nq, i] = p[i] }
	function inside(x, y, k,   i, j, s, c, pos, neg) {
		pos = neg = 0
		for (i = 0; i < 4; i++) {
			j = (i + 1) % 4
			c = (q[k, 2*j+1] - q[k, 2*i+1]) * (y - q[k, 2*i+2])
			c -= (q[k, 2*j+2] - q[k, 2*i+2]) * (x - q[k, 2*i+1])
			if (c > 0) pos++; if (c < 0) neg++
		}
		return pos == 0 || neg == 0
	}
	END { for (t = 1; t <= nt; t++) for (k = 1; k <= nq; k++)
		if (inside(tx[t], ty[t], k)) { print tx[t] "," ty[t]; break } }'
}

@test "print: no facing notch runs into a base or its label plate (b1 Spears in the hill sample)" {
	local t=$BATS_TEST_TMPDIR s
	for s in line hill river dba3; do
		battle-scan -T svg --plan="$SAMPLES/battle-$s.plan" \
		    "$SAMPLES/battle-$s.xml" > "$t/$s.svg"
		run -0 notch_in_base "$t/$s.svg"
		assert_output ''
	done
	# a base with its front free keeps its notch
	run -0 sh -c 'grep -c "fill=\"#000000\"/>" "$1"' sh "$t/hill.svg"
	[ "$output" -ge 5 ]
}
