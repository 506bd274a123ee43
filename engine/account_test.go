package engine

import (
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/store"
)

func TestLabelFolder(t *testing.T) {
	for _, tc := range []struct{ label, want string }{
		{"News", "News"},
		{"Tech/Go", "Tech/Go"},
		{" A / B ", "A/B"},
		{"..", "__"},
		{"a/./b", "a/_/b"},
		{"<b>Bold</b> \x1b[31mred", "Bold [31mred"}, // markup and the escape go
		{"", ""},
	} {
		t.Run(tc.label, func(t *testing.T) {
			if got := labelFolder(tc.label); got != tc.want {
				t.Errorf("labelFolder(%q) = %q, want %q", tc.label, got, tc.want)
			}
		})
	}
}

func TestOwnerGone(t *testing.T) {
	host, _ := os.Hostname()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, owner string
		want        bool
	}{
		{"a process that ended", fmt.Sprintf("%s:%d", host, dead.Process.Pid), true},
		{"this process", fmt.Sprintf("%s:%d", host, os.Getpid()), false},
		{"a running process", fmt.Sprintf("%s:%d", host, os.Getppid()), false},
		{"another machine", fmt.Sprintf("elsewhere:%d", dead.Process.Pid), false},
		{"not host:pid", "cron", false},
		{"no claim", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ownerGone(tc.owner); got != tc.want {
				t.Errorf("ownerGone(%q) = %v, want %v", tc.owner, got, tc.want)
			}
		})
	}
}

func TestJournalEntriesBecomeChanges(t *testing.T) {
	for _, tc := range []struct {
		entry  store.JournalEntry
		change remote.Change
		done   remote.State
	}{
		{store.JournalEntry{Field: store.JournalRead, Value: true}, remote.ChangeRead, remote.State{Read: true}},
		{store.JournalEntry{Field: store.JournalRead}, remote.ChangeUnread, remote.State{Starred: true}},
		{store.JournalEntry{Field: store.JournalStarred, Value: true}, remote.ChangeStar, remote.State{Starred: true}},
		{store.JournalEntry{Field: store.JournalStarred}, remote.ChangeUnstar, remote.State{Read: true}},
	} {
		t.Run(string(tc.change), func(t *testing.T) {
			if got := changeOf(tc.entry); got != tc.change {
				t.Errorf("changeOf = %s, want %s", got, tc.change)
			}
			if !applied(tc.entry, tc.done) {
				t.Errorf("applied(%+v, %+v) = false", tc.entry, tc.done)
			}
			if applied(tc.entry, remote.State{Read: !tc.done.Read, Starred: !tc.done.Starred}) {
				t.Errorf("applied to the opposite state")
			}
		})
	}
}
