// Package cli is tidings' command line (cobra): the headless commands for
// scripts and cron, and the entry to the interactive reader.
//
// It may import config, store, engine (and its subpackages), sanitize and
// ui; nothing imports it but main. It validates no bound and touches no
// file itself: subscribing, unsubscribing, settings, marks and refreshes
// are the engine's actions, shared with the reader.
//
// Everything it prints goes out through one door: [Run] wraps stdout and
// stderr once in a sanitize.TerminalWriter, which drops every control
// whatever a value's origin. Only the reader's renderer, its OSC 52
// clipboard write and sync's progress line take that writer's raw path,
// with sequences of their own; a test of the source holds every other
// package to the door.
//
// `tidings man` writes the manual page from manual.md, with the command tree, the JSON fields,
// the reader's keys and marks and the configuration keys filled in from
// the code; its tests hold it to every one of them.
//
// # End-to-end tests and benchmarks
//
// The tests here build the real binary and drive it against loopback
// servers, the reader through tmux. Some need tmux, man, newsboat,
// sqlite3, dbus-daemon and chattr, which .ci/run installs; the disk-full
// tests mount a small tmpfs and skip, saying why, where they cannot. The
// account's tests run against real FreshRSS and Miniflux servers
// (engine/remote/remotetest) and skip where the servers' script is absent.
// The hostile-server tests print the peak memory of a sync beside them
// (go test ./ui/cli -run Hostile -v).
//
// BenchmarkE2E measures tidings as a user meets it, against newsboat on
// the same feeds in the same run when newsboat is on PATH:
//
//	go test ./ui/cli -run '^$' -bench E2E -benchtime 1x -timeout 2h
//	TIDINGS_BENCH_NEWSBOAT=off go test ./ui/cli -run '^$' -bench 'E2E/Sync300' -benchtime 1x
//
// It serves generated feeds from 30 loopback hosts (RSS 2.0 and Atom,
// items of 2–4 KB of HTML, gzip, validators, 304s and RFC 3229 deltas),
// imports them from OPML and times tidings sync (and newsboat -x reload)
// over a cold round, a round with no change and one with a new item per
// feed; then the reader's first frame over 500,000 items in a
// pseudo-terminal. Parts: Sync100, Sync300, Sync2000, Fill1000x100,
// Reader500k, Responsive. Responsive drives both readers in a 120×40
// pseudo-terminal, answering their colour and cursor queries as xterm
// does, on the same 100,000 items: key → frame latency (j and k every
// 30–50 ms; the frame is the first in which the reverse-video selection
// stands where the key puts it), idle and during a refresh of 2,000 feeds
// answering in 50–300 ms, with the keys lost and the reader's CPU over
// them; search (/ word enter → the results' frame) for words in 50 % to
// 0.001 % of the items; resident memory 5 s after the first frame, split
// into anonymous and file-backed pages. TIDINGS_BENCH_SMOKE=1 shrinks it
// to 100 feeds and 40 keys. Each client runs under a small meter program and is measured
// from outside (CPU and peak RSS from wait4, wall time, bytes sent): a
// child the test process started itself would report the test's own peak,
// since Go starts children with vfork and Linux folds the parent's
// high-water mark into the child's at exec. Both binaries are dropped from
// the page cache first, so each is read from disk as an installed program
// is. TIDINGS_BENCH_RUNS sets the runs a median is taken over (3);
// TIDINGS_BENCH_READER_DB keeps the reader's 240 MB store. Compare ratios
// within one run: newsboat's CPU varies with the machine's load, and
// newsboat keeps a feed's validators only from its second download on, so
// its no-change round downloads everything again.
//
// BenchmarkRemoteFirstSync measures an account's first sync of 10,000
// items over both protocols.
package cli
