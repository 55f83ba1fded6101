#!/usr/bin/env bash
# Issue 23's reproducer: a network location over sshfs on this machine's loopback, measured end to end.
#
#   tests/bench/sshfs_remote.sh [--size 256M] [--passes 1] [--max-streams 2] [--json FILE] [--cli build/bin/hashscope-cli]
#
# Needs root (or an sshd and sshfs it may start) and the packages openssh-server and sshfs. It starts its own
# sshd on 127.0.0.1:2222 with a key made for the run, mounts root@127.0.0.1:SHARE with sshfs in a folder of
# its own, writes a random file there, and runs:
#   1. hashscope-cli locations                     (the mount must be listed: network, sshfs, over lo)
#   2. hashscope-cli bench --data FILE -a md5 -a xxh3-64 --warm --ramp   (cold, warm, 1 and N streams)
# then unmounts, stops its sshd and removes everything it made. Prints both outputs (--json FILE: the bench
# as JSON into FILE instead of its table). Exit status: hashscope-cli's, or 2 on set-up.
set -euo pipefail

size=256M passes=1 streams=2 json=""
cli="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hashscope-cli"
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift 2 ;;
    --passes) passes=$2; shift 2 ;;
    --max-streams) streams=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --json) json=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "sshfs_remote.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "sshfs_remote.sh: $cli not found: build first" >&2; exit 2; }
for tool in sshfs ssh-keygen fusermount3; do
  command -v "$tool" >/dev/null || { echo "sshfs_remote.sh: $tool is missing (apt-get install openssh-server sshfs)" >&2; exit 2; }
done
[ -x /usr/sbin/sshd ] || { echo "sshfs_remote.sh: /usr/sbin/sshd is missing (apt-get install openssh-server)" >&2; exit 2; }
[ -e /dev/fuse ] || { echo "sshfs_remote.sh: no /dev/fuse on this machine" >&2; exit 2; }

work=$(mktemp -d /var/tmp/hashscope-sshfs-XXXXXX)
share="$work/share" mnt="$work/mnt"
mkdir -p "$share" "$mnt" /run/sshd
sshd_pid=""
cleanup() {
  if mountpoint -q "$mnt"; then fusermount3 -u "$mnt" 2>/dev/null || umount -l "$mnt" 2>/dev/null || true; fi
  [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

ssh-keygen -q -t ed25519 -N '' -f "$work/id"
ssh-keygen -q -t ed25519 -N '' -f "$work/host"
cp "$work/id.pub" "$work/authorized_keys"
chmod 600 "$work/authorized_keys"
cat >"$work/sshd_config" <<EOF
Port 2222
ListenAddress 127.0.0.1
HostKey $work/host
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
PasswordAuthentication no
PermitRootLogin prohibit-password
StrictModes no
Subsystem sftp internal-sftp
EOF
/usr/sbin/sshd -f "$work/sshd_config"
for _ in $(seq 50); do [ -s "$work/sshd.pid" ] && break; sleep 0.1; done
sshd_pid=$(cat "$work/sshd.pid")

head -c "$size" /dev/urandom >"$share/data.bin"
sshfs -p 2222 -o "IdentityFile=$work/id,StrictHostKeyChecking=no,UserKnownHostsFile=/dev/null" \
  "$(id -un)@127.0.0.1:$share" "$mnt"

echo "== hashscope-cli locations"
"$cli" locations | grep -E "^path|$mnt" || { echo "sshfs_remote.sh: $mnt is not listed" >&2; exit 1; }
echo
echo "== hashscope-cli bench --data $mnt/data.bin -a md5 -a xxh3-64 --warm --ramp --max-streams $streams"
rc=0
if [ -n "$json" ]; then
  "$cli" bench --data "$mnt/data.bin" -a md5 -a xxh3-64 --warm --ramp --max-streams "$streams" \
    --passes "$passes" --no-save --format json -o "$json" || rc=$?
else
  "$cli" bench --data "$mnt/data.bin" -a md5 -a xxh3-64 --warm --ramp --max-streams "$streams" \
    --passes "$passes" --no-save || rc=$?
fi
exit "$rc"
