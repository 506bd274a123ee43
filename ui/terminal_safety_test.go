package ui

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/store"
)

// storedHostile is what another SQLite program, or a sync server whose
// feed has no title (its URL becomes the title), could leave in a feed's
// URL and title: an OSC 0 window title, a screen clear, an OSC 52
// clipboard write, a raw C1 CSI byte, the same as a character, a
// right-to-left override, a BOM and a line break.
const storedHostile = "http://127.0.0.1:9/evil.xml?T0\x1b]0;pwned\x07T1\x1b[2JT2\x1b]52;c;ZXZpbA==\x07T3\x9bT4\u009b31mT5\u202eT6\ufeffT7\nT8"

// hostileFeedStore is a store with one feed of the gopher items whose URL
// and title were then set to storedHostile behind the store's back.
func hostileFeedStore(t *testing.T) *store.Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	st.SetClock(func() time.Time { return testNow })
	id := addFeed(t, st, "http://127.0.0.1:9/evil.xml", "", "Evil", gopherItems())
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE feeds SET url = ?, title = ? WHERE id = ?`, storedHostile, storedHostile, id); err != nil {
		t.Fatal(err)
	}
	return st
}

// drawnControl returns the first control in a drawn screen, its styles'
// SGR sequences taken out, or "" when there is none; a line break counts
// only when oneLine is true.
func drawnControl(s string, oneLine bool) string {
	s = sgrOnly.ReplaceAllString(s, "")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		bidi := r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e ||
			r >= 0x2066 && r <= 0x2069 || r == 0xfeff
		if r == '\n' && !oneLine {
			i += size
			continue
		}
		if r == utf8.RuneError && size == 1 || r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || bidi {
			return s[i:min(i+4, len(s))]
		}
		i += size
	}
	return ""
}

// The messages that quote a feed's URL or title, y's, A's and its undo's,
// the unsubscribe question and its message, reach the status line and the
// dialog on one line without a control; what y copies has none either (a
// pasted ESC[201~ would end a shell's bracketed paste).
func TestReaderMessagesQuotingAHostileFeedDrawNoControl(t *testing.T) {
	st := hostileFeedStore(t)
	h := newHarness(t, st, 160, 45)
	h.selectNode(storedHostile)
	check := func(step, want string) {
		t.Helper()
		line := h.m.status.View("")
		if !strings.Contains(line, want) {
			t.Errorf("%s: the status line does not say %q:\n%q", step, want, line)
		}
		if c := drawnControl(line, true); c != "" {
			t.Errorf("%s: control %q on the status line:\n%q", step, c, line)
		}
		if c := drawnControl(h.m.View(), false); c != "" {
			t.Errorf("%s: control %q on the screen", step, c)
		}
	}

	h.keys("y")
	check("y", "copied to test clipboard: http://127.0.0.1:9/evil.xml?T0]0;pwnedT1[2JT2]52;c;ZXZpbA==T3T431mT5T6T7 T8")
	if len(h.copied) != 1 || drawnControl(h.copied[0], true) != "" {
		t.Errorf("y copied %q, want one line without a control", h.copied)
	}

	h.keys("A")
	h.waitFor("marked read", func() bool { return strings.Contains(h.m.status.message, "marked read") })
	check("A", "u undoes")
	h.keys("u")
	h.waitFor("undone", func() bool { return strings.Contains(h.m.status.message, "undone") })
	check("u", "unread again in http://127.0.0.1:9/evil.xml?T0]0;pwned")

	h.keys("d")
	if c := drawnControl(h.m.View(), false); c != "" || !strings.Contains(h.view(), "Unsubscribe from") {
		t.Errorf("unsubscribe question: control %q:\n%s", c, h.view())
	}
	h.keys("y")
	h.waitFor("unsubscribed", func() bool { return strings.Contains(h.m.status.message, "unsubscribed") })
	check("unsubscribe", "unsubscribed from http://127.0.0.1:9/evil.xml?T0]0;pwned")
}

// Whatever a setter of the status line is given (a message, an error, a
// toast, an engine notice, a feed's error, a prompt), the line draws it
// without a control and on one line.
func TestStatusLineDrawsEveryPartClean(t *testing.T) {
	st := NewStyles(NewRenderer(nil, true), true, config.Default())
	s := newStatusBar(st, time.UTC)
	s.width = 2000
	s.set(storedHostile, nil)
	s.showToast(storedHostile)
	s.offline, s.deferred = storedHostile, storedHostile
	s.errors.put("feed 1", storedHostile)
	line := s.View(storedHostile)
	if c := drawnControl(line, true); c != "" {
		t.Errorf("control %q on the status line:\n%q", c, line)
	}
	if n := strings.Count(line, "T0]0;pwnedT1"); n != 6 {
		t.Errorf("the line shows %d of the 6 parts:\n%q", n, line)
	}
}
