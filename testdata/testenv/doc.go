// Package testenv is what tidings' tests share about the world they run
// in: the third-party corpus in testdata/corpus, and the programs beside
// Go that some tests start (tmux, man, newsboat, dbus-daemon, sqlite3,
// chattr).
//
// A fresh clone runs the whole suite: a test that needs a missing program
// skips, in one line naming the Debian package to install. CI sets
// TIDINGS_REQUIRE_TOOLS=1, and then a missing program fails the test, so
// nothing CI means to run is skipped unseen.
//
// The package lives under testdata so that the go tool's ./... patterns
// leave it out (it is no part of tidings) while every package's tests can
// import it; .ci/run vets and tests it by name.
package testenv
