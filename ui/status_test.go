package ui

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine"
)

// statusLine is the screen's status line, without styles.
func statusLine(h *harness) string {
	lines := strings.Split(h.view(), "\n")
	return lines[len(lines)-2]
}

// Defect 4: the status line kept a feed's error after the feed was
// unsubscribed and after it downloaded fine; "no more unread items here"
// stayed after a later n found one; the error took the line before the
// message.
func TestStatusLineForgetsWhatIsNoLongerTrue(t *testing.T) {
	t.Run("error goes when its feed succeeds", func(t *testing.T) {
		f := newFixture(t)
		fh := newFeedHost(t, "First post")
		fh.fail(http.StatusNotFound)
		eng := newEngine(f.st)
		h := newHarness(t, f.st, 160, 45, withEngine(eng))
		id := addFeed(t, f.otherProcess(t), fh.URL+"/dead.xml", "", "Dead feed", nil)
		h.send(pollMsg{})
		h.selectNode("Dead feed")
		h.keys("r")
		h.waitFor("the failure", func() bool { return strings.Contains(statusLine(h), "! Dead feed: 404 Not Found") })
		if got := statusLine(h); strings.Contains(got, "dead.xml") {
			t.Errorf("the error repeats the URL: %q", got)
		}
		fh.fail(0)
		h.keys("R")
		h.waitFor("refresh all", func() bool { return strings.Contains(h.m.status.message, "refreshed") })
		if got, ok := h.m.status.errors.byKey[feedErrorKey(id)]; ok {
			t.Errorf("error stays after the feed downloaded fine: %q", got)
		}
		if fd, _ := f.st.Feed(context.Background(), id); fd.ItemCount != 1 {
			t.Errorf("the feed has %d items", fd.ItemCount)
		}
	})
	t.Run("error goes when its feed is unsubscribed", func(t *testing.T) {
		f := newFixture(t)
		h := newHarness(t, f.st, 160, 45)
		h.send(engineMsg{engine.FeedDownloadCompleted{FeedID: f.broken, Err: errors.New("404 Not Found")}})
		h.selectNode("Broken Feed")
		h.keys("d", "y")
		h.waitFor("removed", func() bool { return h.m.tree.feedByID(f.broken) == nil })
		if got := statusLine(h); strings.Contains(got, "! Broken Feed") {
			t.Errorf("error stays after unsubscribing: %q", got)
		}
	})
	t.Run("x dismisses errors", func(t *testing.T) {
		f := newFixture(t)
		h := newHarness(t, f.st, 160, 45)
		h.send(engineMsg{engine.FeedDownloadCompleted{FeedID: f.broken, Err: errors.New("404 Not Found")}})
		h.keys("x")
		if got := statusLine(h); strings.Contains(got, "404") {
			t.Errorf("x left %q", got)
		}
	})
	t.Run("a successful n clears no-unread", func(t *testing.T) {
		f := newFixture(t)
		h := newHarness(t, f.st, 160, 45)
		h.selectNode("Flagged")
		h.keys("tab", "n")
		if !strings.Contains(h.m.status.message, "no unread items") {
			t.Fatalf("n on an empty list: %q", h.m.status.message)
		}
		h.selectNode("Daily Wire")
		h.keys("tab", "n")
		if h.m.status.message != "" {
			t.Errorf("a later successful n left %q", h.m.status.message)
		}
	})
	t.Run("the message comes before a long error", func(t *testing.T) {
		f := newFixture(t)
		h := newHarness(t, f.st, 70, 24)
		h.send(engineMsg{engine.FeedDownloadCompleted{FeedID: f.broken, Err: errors.New(strings.Repeat("very long reason ", 10))}})
		h.m.status.set("copied to tmux buffer: https://example.com/a", nil)
		if got := statusLine(h); !strings.Contains(got, "copied to tmux buffer: https://example.com/a") {
			t.Errorf("the message is cut by the error: %q", got)
		}
	})
}

// Transient messages fade; their timer's message clears only the message
// it was started for.
func TestMessagesFade(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.m.status.set("first", nil)
	if h.m.status.fade() == nil {
		t.Fatal("a new message has no fade timer")
	}
	first := h.m.status.messageID
	h.m.status.set("second", nil)
	h.send(statusFadeMsg{first})
	if h.m.status.message != "second" {
		t.Fatalf("the first message's timer cleared the second: %q", h.m.status.message)
	}
	h.send(statusFadeMsg{h.m.status.messageID})
	if h.m.status.message != "" {
		t.Errorf("message did not fade: %q", h.m.status.message)
	}
}

// Defect 10: an enclosure error repeated the URL twice and the reason was
// cut; the progress line named no file.
func TestEnclosureStatusNamesTheFileOnce(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 100, 30)
	u := "https://gopher.test/dl/episode.mp3"
	h.send(engineMsg{engine.EnclosureQueued{EnclosureID: 7, URL: u}})
	if got := statusLine(h); !strings.Contains(got, "1 enclosure queued") {
		t.Errorf("queued: %q", got)
	}
	h.send(engineMsg{engine.EnclosureProgress{EnclosureID: 7, URL: u, Bytes: 5 << 20, Total: 10 << 20}})
	if got := statusLine(h); !strings.Contains(got, "episode.mp3 [█████·····] 50% 5.0 MiB/10.0 MiB") {
		t.Errorf("progress: %q", got)
	}
	h.send(engineMsg{engine.EnclosureFailed{EnclosureID: 7, URL: u, Err: errors.New("no data received\x1b[2J")}})
	if got := statusLine(h); !strings.Contains(got, "! episode.mp3: no data received[2J") {
		t.Errorf("failure: %q", got)
	}
	h.send(engineMsg{engine.EnclosureCompleted{EnclosureID: 7, URL: u, Path: "/tmp/episode.mp3"}})
	if got := statusLine(h); strings.Contains(got, "no data") || !strings.Contains(got, "downloaded /tmp/episode.mp3") {
		t.Errorf("after a later success: %q", got)
	}
}

// The real engine's error for a blocked enclosure, through e.
func TestBlockedEnclosureErrorIsOneClearLine(t *testing.T) {
	f := newFixture(t)
	fh := newFeedHost(t)
	fh.serve(`<?xml version="1.0"?><rss version="2.0"><channel><title>Tools</title>` +
		`<item><guid>i1</guid><title>Installer</title><enclosure url="` + "http://127.0.0.1:9/dl/installer.exe" +
		`" type="application/octet-stream" length="10"/></item></channel></rss>`)
	eng := newEngine(f.st)
	h := newHarness(t, f.st, 100, 30, withEngine(eng))
	addFeedFrom(t, eng, f.st, fh.URL+"/tools.xml")
	h.send(pollMsg{})
	h.selectNode("Tools")
	h.keys("tab", "e")
	h.waitFor("blocked", func() bool { return strings.Contains(statusLine(h), "blocked") })
	got := statusLine(h)
	if !strings.Contains(got, "! installer.exe: blocked: the URL's extension .exe is on the blocked list") ||
		strings.Contains(got, "http") {
		t.Errorf("blocked enclosure: %q", got)
	}
}

// Missing: refresh progress, "refreshing 4/18", and honest plurals.
func TestRefreshProgress(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.m.status.startRefresh([]int64{f.gopher, f.wire, f.broken})
	if got := statusLine(h); !strings.Contains(got, "refreshing 0/3") {
		t.Errorf("start: %q", got)
	}
	h.send(engineMsg{engine.FeedDownloading{FeedID: f.gopher}})
	h.send(engineMsg{engine.FeedDownloadCompleted{FeedID: f.gopher}})
	h.send(engineMsg{engine.FeedDownloadCompleted{FeedID: f.wire}})
	if got := statusLine(h); !strings.Contains(got, "refreshing 2/3") {
		t.Errorf("two done: %q", got)
	}
	h.send(syncDoneMsg{feeds: 1, failed: 1})
	if got := statusLine(h); !strings.Contains(got, "refreshed 1 feed, 1 failed") || strings.Contains(got, "(s)") {
		t.Errorf("end: %q", got)
	}
	h.send(syncDoneMsg{feeds: 3})
	if got := h.m.status.message; got != "refreshed 3 feeds" {
		t.Errorf("end: %q", got)
	}
	if _, err := f.st.Feed(context.Background(), f.gopher); err != nil {
		t.Fatal(err)
	}
}

// Sizes are counted in powers of 1024 and labelled so (KiB, MiB, GiB),
// in the reader, the health view, the statistics and the status line.
func TestHumanBytesLabelsWhatItComputes(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 4096: "4.0 KiB",
		1 << 20: "1.0 MiB", 5 << 19: "2.5 MiB", 3 << 30: "3.0 GiB"} {
		if got := humanBytes(n); got != want {
			t.Errorf("humanBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
