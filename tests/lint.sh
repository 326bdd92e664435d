#!/bin/sh
# Source rules no compiler checks, run by `make lint` and `make check`:
#   sh tests/lint.sh [TOP]
# Prints "ok lint: RULE" or "not ok lint: RULE" and the offending lines,
# one line per rule, and exits 1 when a rule is broken or cannot be
# checked (a grep that fails is a failure, not a pass).
set -u
top=${1:-.}
cd "$top" || exit 2
bad=0
[ -d lib/core ] || { echo "not ok lint: no lib/core in $top"; exit 1; }

# rule NAME STATUS OUTPUT: report one rule (STATUS of grep: 1 = no match)
rule() {
	case $2 in
	1) echo "ok lint: $1" ;;
	0) printf '%s\n' "$3"; echo "not ok lint: $1"; bad=1 ;;
	*) echo "not ok lint: $1 (could not be checked, grep status $2)"; bad=1 ;;
	esac
}

# Growing arrays grow through xgrow (geometric); a parallel array follows
# with xfollow, which reallocates only when the capacity moved.  A direct
# realloc grows by one on every append (quadratic where realloc copies,
# as under ASan) or reallocates to an unchanged size.
srcs=$(find lib tools tests/unit tests/fuzz -name '*.[ch]' \
    ! -path lib/core/xalloc.c ! -path lib/core/xalloc.h | sort)
[ -n "$srcs" ] || { echo "not ok lint: no sources found in $top"; exit 1; }
out=$(grep -nE '\b(x?realloc(array)?)[[:space:]]*\(' $srcs)
rule "no realloc outside core/xalloc.c (use xgrow, xfollow)" $? "$out"

# The layers of lib/ (lib/README): a folder includes only from its own
# folder and from lower layers, so no two folders include each other.
#   core < rules < army, dba, campaign < card, battle
# layer FOLDER: its layer in $L, empty for a folder with none (a function
# that sets a variable: a subshell per include would cost a process)
layer() {
	case $1 in
	core) L=0 ;;
	rules) L=1 ;;
	army|dba|campaign) L=2 ;;
	card|battle) L=3 ;;
	*) L= ;;
	esac
}
out=
for d in lib/*/; do
	d=${d#lib/}
	d=${d%/}
	layer "$d"
	[ -n "$L" ] || out="$out${out:+
}lib/$d/: a folder with no layer (add it to tests/lint.sh and lib/README)"
done
incs=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"[a-z]+/' lib/*/*.[ch])
case $? in 0|1) ;; *) rule "layers of lib/" 2 ""; exit 1 ;; esac
[ -n "$incs" ] || { rule "layers of lib/ (no include found)" 2 ""; exit 1; }
while IFS= read -r l; do
	f=${l%%:*}
	from=${f#lib/}
	from=${from%%/*}
	to=${l#*\"}             # the folder of the included header, the
	to=${to%%/*}            # grep above matched it: "FOLDER/...
	[ "$to" = gen ] && continue      # generated headers of formats/
	[ "$to" = "$from" ] && continue
	layer "$from"
	lf=$L
	layer "$to"
	lt=$L
	if [ -z "$lt" ] || [ -z "$lf" ] || [ "$lt" -ge "$lf" ]; then
		how=up
		[ -n "$lt" ] && [ -n "$lf" ] && [ "$lt" -eq "$lf" ] && how=sideways
		out="$out${out:+
}${l%%#*}$from includes $to ($how; core < rules < army, dba, campaign < card, battle)"
	fi
done <<EOI
$incs
EOI
if [ -n "$out" ]; then rule "layers of lib/" 0 "$out"; else rule "layers of lib/" 1 ""; fi

# Internal headers (NAME_int.h) are for their own folder (and the tests)
# only: a tool or another folder includes the public header.
incs=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"[a-z]+/[a-z0-9_]+_int\.h"' \
    lib/*/*.[ch] tools/*.c)
st=$?
out=
if [ "$st" -le 1 ]; then
	out=$(printf '%s\n' "$incs" | awk -F: 'NF > 1 {
	split($1, f, "/"); inc = $0; sub(/^[^"]*"/, "", inc); split(inc, h, "/")
	if ($1 ~ /^tools\// || f[2] != h[1]) print }')
	[ -n "$out" ]
	st=$?
fi
rule "internal headers (*_int.h) only in their own folder" $st "$out"

# The output does not depend on the locale: no ctype, case folding or
# REG_ICASE of the C library (core/str.h folds ASCII and UTF-8 itself).
out=$(grep -nE '\<(to(lower|upper)|is(alpha|digit|space|alnum|upper|lower|print|punct|xdigit|cntrl|graph))\(|\<strn?casecmp\(|REG_ICASE' $srcs lib/core/xalloc.c lib/core/xalloc.h)
rule "no locale-dependent ctype, case folding or REG_ICASE" $? "$out"

# Size: no function body (its "{" in column 0 to its "}" in column 0,
# both counted) over 100 lines in lib/ and tools/, no source file over
# 1,500 lines.  An exception is a line "FILE:FUNCTION  reason" (a file:
# "FILE  reason") below, its reason on the same line.  There is none
# today: to add one, write it between the quotes on a line of its own,
#   size_exceptions='
#   lib/DIR/FILE.c:FUNCTION  the reason it stays whole
#   '
size_exceptions=''
# the awk that reads them into skip[], the first part of both programs
skip_awk='BEGIN { n = split(ex, e, "\n"); for (i = 1; i <= n; i++) {
	split(e[i], w, " "); if (w[1] != "") skip[w[1]] = 1 } }'
fns=$(find lib tools -name '*.c' | sort)
out=$(awk -v ex="$size_exceptions" "$skip_awk"'
	FNR == 1 { name = ""; open = 0 }
	!open && /^[A-Za-z_][A-Za-z0-9_]*\(/ {
		name = $0; sub(/\(.*/, "", name); at = FNR; next }
	!open && /^\{/ && name != "" { open = 1; start = FNR; next }
	open && /^\}/ {
		len = FNR - start + 1
		if (len > 100 && !((FILENAME ":" name) in skip))
			printf "%s:%d: %s: %d lines (at most 100)\n",
			    FILENAME, at, name, len
		open = 0; name = "" }
	' $fns)
st=$?
if [ "$st" -eq 0 ]; then
	[ -n "$out" ]
	rule "no function over 100 lines" $? "$out"
else
	rule "no function over 100 lines" 2 ""
fi
lines=$(wc -l $srcs)
st=$?
if [ "$st" -eq 0 ]; then
	out=$(printf '%s\n' "$lines" | awk -v ex="$size_exceptions" "$skip_awk"'
	$2 != "total" && $1 > 1500 && !($2 in skip) {
		printf "%s: %d lines (at most 1500)\n", $2, $1 }')
	st=$?
fi
if [ "$st" -eq 0 ]; then
	[ -n "$out" ]
	rule "no source file over 1500 lines" $? "$out"
else
	rule "no source file over 1500 lines" 2 ""
fi

# Dead and file-local externs, from the symbols of the objects of a build
# ($LINT_BUILD, default build: make all units first).  A global defined in
# an object of lib/ or tools/ must be referenced (nm: U) by another
# object: of lib/, tools/ (with tools/gen), multi/ (the plain build links
# most tools into multi/bellis: their objects are there, not in tools/),
# the generated tables of gen/, or the unit tests (tests/unit: a function only they call is kept for
# them).  The fuzz harnesses are built only by make FUZZ=1, so a name
# they use counts when it stands as a word in tests/fuzz/*.[ch].  Exempt:
# main and bellis_*_main (multi/bellis), the arrays xxd writes into the
# gen/*.h headers (formats/ embedded), the sanitizer hooks __*, and the
# functions of a library the executable defines for every library to call
# in place of the library's own (interposed).
# Used in its own file only: make it static (and drop its prototype);
# not even there: delete it.
lb=${LINT_BUILD:-build}
interposed='g_thread_new'       # lib/core/ownfont.c: pango's threads
objs=
if [ -d "$lb" ]; then
	objs=$(find "$lb/lib" "$lb/tools" "$lb/multi" "$lb/gen" \
	    "$lb/tests/unit" -name '*.o' 2>/dev/null | sort)
fi
if [ -z "$objs" ]; then
	echo "not ok lint: no extern used only in its own file, no function called nowhere (could not be checked: no objects in $lb; make all first)"
	bad=1
else
	syms=$(nm -A $objs)
	st=$?
	fuzzw=$(cat tests/fuzz/*.[ch] 2>/dev/null | tr -cs 'A-Za-z0-9_' '\n' | sort -u)
	genw=$(cat "$lb"/gen/*.h 2>/dev/null |
	    sed -n 's/^unsigned \(char\|int\) \([A-Za-z0-9_]*\).*/\2/p')
	out=
	if [ "$st" -eq 0 ]; then
		out=$(printf '%s\n' "$syms" | awk -v b="$lb/" -v fw="$fuzzw" -v gw="$genw" \
		    -v iw="$interposed" '
		BEGIN { n = split(fw, w, "\n"); for (i = 1; i <= n; i++) ok[w[i]] = 1
			n = split(gw, w, "\n"); for (i = 1; i <= n; i++) ok[w[i]] = 1
			n = split(iw, w, " "); for (i = 1; i <= n; i++) ok[w[i]] = 1 }
		{ f = $1; sub(/:[^:]*$/, "", f); t = $(NF - 1); s = $NF }
		t == "U" { used[s] = 1; next }
		t ~ /^[TDRB]$/ && index(f, b "lib/") == 1 || index(f, b "tools/") == 1 {
			if (t ~ /^[TDRB]$/) def[s] = substr(f, length(b) + 1) }
		END { for (s in def) if (!(s in used) && !(s in ok) && s != "main" &&
			s !~ /^bellis_.*_main$/ && s !~ /^__/) {
			src = def[s]; sub(/\.o$/, ".c", src); print src, s } }' |
		sort | while read -r src s; do
			# its own file: a line that neither defines nor declares
			# it (those start in column 0, a use is indented)
			if grep -vE "^([A-Za-z_].*[^A-Za-z0-9_])?$s\(" "$src" 2>/dev/null |
			    grep -qw -- "$s"; then
				echo "$src: $s: used only in its own file (make it static)"
			else
				echo "$src: $s: defined but called nowhere (delete it)"
			fi
		done)
		[ -n "$out" ]
		st=$?
	fi
	rule "no extern used only in its own file, no function called nowhere" $st "$out"
fi

# Citations name what is in the repository: a row of formats/, a man
# page and its section, README.md or HACKING.md; the rules texts by their
# published titles (the STANDARDS of the man pages).  Not the rules texts
# as they were handed to the developers ("seed 000"), the issue tracker
# ("issue 29", a test named "28/5: ..."), nor notes outside the tree
# (shared/, spec/, the facts files and their sections "(facts 7.2)",
# engineering.md, style.md, dba-rules.md, gurps-mass-combat.md).  The
# random seed ("--seed 123", "seeded") and tests/fuzz/seeds/ are no
# citation.
cites='(^|[^-A-Za-z_])[Ss]eeds? [0-9]{3}\b|[Ii]ssues? [0-9]|"[0-9]{2}/[0-9]+:|(^|[^A-Za-z0-9_.-])(shared|spec)/|-facts\.md|(engineering|style|dba-rules|gurps-mass-combat)\.md|\(facts [0-9]|READINGS OF THE SEED'
out=$(grep -rnIE "$cites" lib tools tests formats man bench Makefile)
st=$?
if [ "$st" -eq 0 ]; then        # the rule itself and its tests name them
	out=$(printf '%s\n' "$out" | grep -v -e '^tests/lint\.sh:' -e '^tests/lint\.bats:')
	st=$?
fi
rule "citations name the repository (no seed text, issue, shared/, spec/, facts file)" $st "$out"

# Every page of section 1 has a STANDARDS section (the rules texts and
# the file formats it follows) and a CAVEATS section (its readings of
# the rules where they leave a sentence open).
out=
st=1
for f in man/*.1; do
	for s in STANDARDS CAVEATS; do
		grep -q "^\.Sh $s\$" "$f"
		case $? in
		0) ;;
		1) out="$out${out:+
}$f: no .Sh $s"; [ "$st" -eq 2 ] || st=0 ;;
		*) st=2 ;;
		esac
	done
done
rule "every page of section 1 has STANDARDS and CAVEATS" $st "$out"

exit $bad
