package account

import (
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
		{"<b>Bold</b> \x1b[31mred", "<b>Bold</b> [31mred"}, // plain text: the escape goes, '<' is a character
		{"", ""},
	} {
		t.Run(tc.label, func(t *testing.T) {
			if got := labelFolder(tc.label); got != tc.want {
				t.Errorf("labelFolder(%q) = %q, want %q", tc.label, got, tc.want)
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
