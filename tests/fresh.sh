#!/bin/sh
# A fresh-machine try of the README's two commands, by hand, as root:
#   sh tests/fresh.sh ROOT
# ROOT is a Debian 12 tree with nothing but make and git, for example
#   debootstrap --variant=minbase --include=make,git,ca-certificates \
#       bookworm ROOT http://deb.debian.org/debian
# (copy it first: the try installs packages into it).  The committed
# main of this repository is cloned into ROOT/root/bellis; ROOT gets a
# /dev of its own (mknod, never the host's), /proc, and the host's
# resolv.conf; then `make demo` and `make check` run there in turn.
# Prints their last lines and exits with the status of the first that
# failed.  Logs: ROOT/root/demo.log, ROOT/root/check.log.
set -u
root=${1:?usage: tests/fresh.sh ROOT}
[ "$(id -u)" = 0 ] || { echo "fresh.sh: run as root (chroot)" >&2; exit 3; }
[ -x "$root/usr/bin/make" ] && [ -x "$root/usr/bin/git" ] ||
    { echo "fresh.sh: $root has no make and git" >&2; exit 3; }
top=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$root/root/bellis"
git clone -q "$top" "$root/root/bellis" || exit 4
# a /dev of its own
mkdir -p "$root/dev" "$root/proc" "$root/dev/pts" "$root/dev/shm"
for d in null:1:3 zero:1:5 full:1:7 random:1:8 urandom:1:9 tty:5:0; do
	n=${d%%:*} mm=${d#*:}
	rm -f "$root/dev/$n"
	mknod -m 666 "$root/dev/$n" c "${mm%%:*}" "${mm#*:}"
done
ln -sfn /proc/self/fd "$root/dev/fd"
ln -sfn /proc/self/fd/0 "$root/dev/stdin"
ln -sfn /proc/self/fd/1 "$root/dev/stdout"
ln -sfn /proc/self/fd/2 "$root/dev/stderr"
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc" || exit 4
trap 'umount "$root/proc" 2>/dev/null' EXIT
cp /etc/resolv.conf "$root/etc/resolv.conf"
rc=0
for t in demo check; do
	chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
	    sh -c "cd /root/bellis && make $t" > "$root/root/$t.log" 2>&1
	st=$?
	echo "make $t: status $st; its last lines:"
	tail -n 3 "$root/root/$t.log"
	[ "$rc" != 0 ] || rc=$st
done
exit "$rc"
