#!/usr/bin/env bash
# Makes cache.db, the fixture of tidings' newsboat import tests, with the
# real newsboat (Debian's 2.x package) against a loopback server serving
# feeds/. Every state in it is set by newsboat itself:
#   - downloads: `newsboat -x reload`;
#   - urn:beta:2 read: `newsboat -I` (its import of read articles);
#   - the rest through newsboat's own screens, driven with tmux: Alpha three
#     flagged "s" (^E), Alpha one read (opened), Beta one and Beta three
#     read (opened from the query feed: Beta is hidden by its "!" tag),
#     Gamma only deleted (D); Gamma note, undated, stays unread.
# Needs newsboat, tmux, python3 (the server) and curl. Run it from anywhere;
# it rewrites cache.db beside it.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
port=18313
work=$(mktemp -d)
sock=newsboat-fixture-$$
server=

cleanup() {
	tmux -L "$sock" kill-server 2>/dev/null || true
	[ -n "$server" ] && kill "$server" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

python3 -m http.server "$port" --bind 127.0.0.1 --directory "$here/feeds" >/dev/null 2>&1 &
server=$!
for _ in $(seq 100); do
	curl -sf -o /dev/null "http://127.0.0.1:$port/alpha.xml" && break
	sleep 0.1
done

mkdir -p "$work/home"
cp "$here/urls" "$work/urls"
printf 'show-read-feeds yes\nshow-read-articles yes\n' >"$work/config"
nb() { (cd "$work" && HOME="$work/home" newsboat -C config -u urls -c cache.db "$@"); }

nb -x reload
printf 'urn:beta:2\n' >"$work/readlist"
nb -I readlist >/dev/null

# wait_for TEXT: until newsboat's screen shows TEXT (at most 10 s).
wait_for() {
	for _ in $(seq 100); do
		tmux -L "$sock" capture-pane -pt nb | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	echo "newsboat never showed: $1" >&2
	tmux -L "$sock" capture-pane -pt nb >&2
	exit 1
}
keys() { tmux -L "$sock" send-keys -t nb "$@"; }

tmux -L "$sock" new -d -s nb -x 120 -y 40 \
	"cd '$work' && HOME='$work/home' newsboat -C config -u urls -c cache.db"
wait_for "Your feeds"
keys Enter                      # Alpha (renamed): newest first
wait_for "Articles in feed 'Alpha (renamed)'"
keys C-e                        # Alpha three: flag "s"
wait_for "Flags:"
keys s Enter
wait_for "N! "
keys Down Down Enter            # Alpha one: read it
wait_for "Article 'Alpha one'"
keys q
wait_for "Articles in feed 'Alpha (renamed)'"
keys q                          # feed list: Alpha, Gamma, Unread Articles
wait_for "Your feeds"
keys Down Enter                 # Gamma: delete Gamma only (the older)
wait_for "Articles in feed 'Gamma'"
keys Down D
keys q
wait_for "Your feeds"
keys Down Enter                 # the query feed: Gamma note, Beta three, Beta one, …
wait_for "Articles in feed 'Unread Articles'"
keys Down Enter                 # Beta three
wait_for "Article 'Beta three'"
keys q
wait_for "Articles in feed 'Unread Articles'"
keys Down Enter                 # Beta one (read rows stay listed)
wait_for "Article 'Beta one'"
keys q
wait_for "Articles in feed 'Unread Articles'"
keys q
wait_for "Your feeds"
keys q
for _ in $(seq 100); do
	tmux -L "$sock" has-session -t nb 2>/dev/null || break
	sleep 0.1
done

nb -X >/dev/null                # newsboat's own vacuum
cp "$work/cache.db" "$here/cache.db"
echo "wrote $here/cache.db"
