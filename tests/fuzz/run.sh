#!/bin/sh
# Run the libFuzzer harnesses of a build directory for a while each.
#   sh tests/fuzz/run.sh [-k] DIR SECONDS [NAME ...]
# DIR is the build directory (build-fuzz), NAME a harness (fuzz_combat);
# none: all of tests/fuzz/fuzz_*.c.  Each harness starts from the inputs
# tests/fuzz/inputs.sh lists: the seeds its FUZZ_SEEDS string names, plus
# tests/fixtures/fuzz/NAME/* (inputs that once crashed it).  -k keeps the corpus in DIR/fuzz/corpus/NAME
# from run to run (make fuzz); without it a fresh one is used (make
# check).  Prints "ok fuzz NAME" or "not ok fuzz NAME" per harness; a
# crashing input is saved as DIR/fuzz/crashes/NAME-*, the log as
# DIR/fuzz/NAME.log.  Exit status 1 when any harness failed.
set -u
keep=0
[ "${1:-}" = -k ] && { keep=1; shift; }
[ $# -ge 2 ] || { echo "usage: run.sh [-k] DIR SECONDS [NAME ...]" >&2; exit 3; }
dir=$1 secs=$2
shift 2
[ $# -gt 0 ] || set -- $(for f in tests/fuzz/fuzz_*.c; do basename "$f" .c; done)
mkdir -p "$dir/fuzz/crashes" || exit 4
rc=0
for name in "$@"; do
	bin=$dir/fuzz/$name
	if [ ! -x "$bin" ]; then
		echo "not ok fuzz $name: $bin not built"
		rc=1
		continue
	fi
	seeds=$dir/fuzz/seeds/$name
	rm -rf "$seeds"
	mkdir -p "$seeds"
	sh tests/fuzz/inputs.sh "$name" | while IFS= read -r f; do
		cp "$f" "$seeds/$(echo "$f" | tr / _)"
	done
	if [ "$keep" = 1 ]; then
		corpus=$dir/fuzz/corpus/$name
		rm -rf "$corpus.tmp"
	else
		corpus=$dir/fuzz/corpus/$name.tmp
		rm -rf "$corpus"
	fi
	mkdir -p "$corpus"
	start=$(date +%s)
	ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	"$bin" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2560 \
	    -artifact_prefix="$dir/fuzz/crashes/$name-" \
	    "$corpus" "$seeds" >"$dir/fuzz/$name.log" 2>&1
	st=$?
	end=$(date +%s)
	runs=$(sed -n 's/^#\([0-9]*\).*DONE.*/\1/p' "$dir/fuzz/$name.log" | tail -n 1)
	[ "$keep" = 1 ] || rm -rf "$corpus"
	if [ "$st" -eq 0 ]; then
		echo "ok fuzz $name: ${runs:-?} runs in $((end - start)) s"
	else
		grep -E 'ERROR|SUMMARY|Test unit written' "$dir/fuzz/$name.log" |
		    head -n 5
		echo "not ok fuzz $name: status $st, see $dir/fuzz/$name.log"
		rc=1
	fi
done
exit $rc
