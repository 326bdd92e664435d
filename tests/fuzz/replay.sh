#!/bin/sh
# Replay the seeds and the saved crash inputs of every fuzz harness
# through its replay binary (tests/fuzz/replay.c linked with the harness,
# make SAN=1 replays): no mutation, each input once, under ASan and UBSan.
#   sh tests/fuzz/replay.sh DIR [NAME ...]
# DIR is the build directory (build-san), NAME a harness (fuzz_combat);
# none: all of tests/fuzz/fuzz_*.c.  The inputs of a harness are those
# tests/fuzz/inputs.sh lists (its seeds and saved crash inputs); a seed
# glob that names no file fails the harness.
# Prints "ok N replay NAME: K inputs" or "not ok N replay NAME" and the
# end of its log, then "replay: N passed, N failed".
set -u
[ $# -ge 1 ] || { echo "usage: replay.sh DIR [NAME ...]" >&2; exit 3; }
dir=$1
shift
[ $# -gt 0 ] || set -- $(for f in tests/fuzz/fuzz_*.c; do basename "$f" .c; done)
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
n=0 pass=0 fail=0
for name in "$@"; do
	n=$((n + 1))
	bin=$dir/replay/$name
	if [ ! -x "$bin" ]; then
		echo "not ok $n replay $name: $bin not built (make SAN=1 replays)"
		fail=$((fail + 1))
		continue
	fi
	if ! sh tests/fuzz/inputs.sh "$name" > "$tmp/files" 2> "$tmp/log"
	then
		echo "not ok $n replay $name: $(cat "$tmp/log")"
		fail=$((fail + 1))
		continue
	fi
	if tr '\n' '\0' < "$tmp/files" | xargs -0 "$bin" > /dev/null 2> "$tmp/log"
	then
		echo "ok $n replay $name: $(wc -l < "$tmp/files") inputs"
		pass=$((pass + 1))
	else
		tail -n 30 "$tmp/log"
		echo "not ok $n replay $name"
		fail=$((fail + 1))
	fi
done
echo "replay: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$n" -gt 0 ]
