package ui

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/engine/document"
)

// runExec runs the player within the Cmd, as tea.ExecProcess would
// between releasing and restoring the terminal.
func runExec(c *exec.Cmd, cb tea.ExecCallback) tea.Cmd {
	return func() tea.Msg { return cb(c.Run()) }
}

// podcastSetup is a reader over a real engine downloading enclosures from
// a loopback server, with a player script that records what it played.
type podcastSetup struct {
	h      *harness
	played string // the file the player writes the path it got to
	audio  []byte
}

func newPodcastSetup(t *testing.T) *podcastSetup {
	t.Helper()
	f := newFixture(t)
	ps := &podcastSetup{audio: bytes.Repeat([]byte("tidings"), 3000)}
	files := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeContent(w, r, "ep.mp3", time.Time{}, bytes.NewReader(ps.audio))
	}))
	t.Cleanup(files.Close)
	fh := newFeedHost(t)
	fh.serve(`<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
		<channel><title>Pod</title><item><guid>e1</guid><title>Episode one</title>
		<enclosure url="` + files.URL + `/media/episode-1.mp3" type="audio/mpeg" length="21000"/>
		<itunes:duration>3723</itunes:duration></item></channel></rss>`)
	dir := t.TempDir()
	ps.played = filepath.Join(dir, "played")
	player := filepath.Join(dir, "player")
	if err := os.WriteFile(player, []byte("#!/bin/sh\nprintf '%s' \"$1\" > "+ps.played+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.Sync.BucketRefillPerSecond = 0
	cfg.Enclosures.Directory = filepath.Join(dir, "enclosures")
	cfg.Enclosures.Player = player
	eng := engine.New(f.st, cfg, engine.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	stopped := eng.StartEnclosures(ctx)
	t.Cleanup(func() { cancel(); <-stopped })
	addFeedFrom(t, eng, f.st, fh.URL+"/pod.xml")
	ps.h = newHarness(t, f.st, 160, 45, withEngine(eng), withOptions(func(o *Options) {
		o.Config, o.Exec = cfg, runExec
	}))
	return ps
}

// Defect 5 and the podcast keys: the reader follows the download to its
// file (path, size, duration), e on a downloaded enclosure says so, and P
// plays it with enclosures.player.
func TestPodcastDownloadShowsItsFileAndPlays(t *testing.T) {
	ps := newPodcastSetup(t)
	h := ps.h
	h.selectNode("Pod")
	h.keys("tab")
	if row := strings.Split(h.view(), "\n")[1]; !strings.Contains(row, "•♪") {
		t.Errorf("the list does not mark the item's enclosure: %q", row)
	}
	h.keys("P")
	if !strings.Contains(h.m.status.message, "not downloaded yet — e downloads it") {
		t.Errorf("P before the download: %q", h.m.status.message)
	}
	h.keys("enter")
	for _, want := range []string{"♪ episode-1.mp3 (audio/mpeg, 20.5 KiB, 1:02:03)", "not downloaded — e downloads it"} {
		if !strings.Contains(h.view(), want) {
			t.Errorf("reader lacks %q:\n%s", want, h.view())
		}
	}
	h.keys("e")
	h.waitFor("downloaded", func() bool { return strings.Contains(h.view(), "downloaded: ") })
	enc := h.m.reader.item.Enclosures[0]
	if enclosureState(enc) != "downloaded: "+enc.Path+" — P plays it" || strings.Contains(h.view(), "none") ||
		!strings.Contains(strings.Join(strings.Fields(h.view()), ""), "episode-1.mp3—Pplaysit") {
		t.Errorf("reader after the download (%s):\n%s", enclosureState(enc), h.view())
	}
	got, err := os.ReadFile(enc.Path)
	if err != nil || !bytes.Equal(got, ps.audio) {
		t.Fatalf("the file: %d bytes, %v", len(got), err)
	}
	h.keys("e")
	if !strings.Contains(h.m.status.message, "already downloaded: "+enc.Path+" — P plays it") {
		t.Errorf("e on a downloaded enclosure: %q", h.m.status.message)
	}
	h.keys("P")
	h.waitFor("played", func() bool { return strings.HasPrefix(h.m.status.message, "played ") })
	if b, _ := os.ReadFile(ps.played); string(b) != enc.Path {
		t.Errorf("the player got %q, want %q", b, enc.Path)
	}
}

// Defect 6: the list showed local time, the reader UTC; older items only
// their year.
func TestTimesAreLocalWithTheYearWhenNotThisYear(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	published := time.Date(2026, 3, 10, 9, 3, 0, 0, time.UTC)
	old := time.Date(2025, 5, 10, 9, 0, 0, 0, time.UTC)
	addFeed(t, f.st, "http://127.0.0.1:9/tokyo.xml", "", "Tokyo Times", []document.Item{
		{GUID: "t1", Title: "Morning edition", Published: &published},
		{GUID: "t2", Title: "Last spring", Published: &old},
	})
	jst := time.FixedZone("JST", 9*3600)
	h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) { o.Location = jst }))
	h.selectNode("Tokyo Times")
	h.keys("tab")
	view := h.view()
	for _, want := range []string{"18:03      Morning edition", "2025-05-10 Last spring"} {
		if !strings.Contains(view, want) {
			t.Errorf("list lacks %q:\n%s", want, view)
		}
	}
	h.keys("enter")
	if !strings.Contains(h.view(), "Tue, 10 Mar 2026 18:03 JST") || strings.Contains(h.view(), "UTC") {
		t.Errorf("reader time:\n%s", h.view())
	}
	_ = ctx
}

// Defect 9: a link number out of range said nothing, and typing digits
// showed nothing; images are numbered links too.
func TestLinkNumbers(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Gopher Notes")
	h.keys("tab", "enter")
	h.waitFor("render", func() bool { return h.m.reader.renderedFor != 0 })
	h.keys("9")
	if got := statusLine(h); !strings.Contains(got, "open link 9_ (enter opens, esc cancels)") {
		t.Errorf("typing a digit shows no prompt: %q", got)
	}
	h.keys("9", "enter")
	if !h.m.status.isError || !strings.Contains(h.m.status.message, "no link 99: the links are numbered 1 to 2") {
		t.Errorf("99 enter: %q", h.m.status.message)
	}
	h.keys("0", "enter")
	if !strings.Contains(h.m.status.message, "no link 0") {
		t.Errorf("0 enter: %q", h.m.status.message)
	}
	h.keys("1", "esc")
	if h.m.reader.digits != "" || h.m.focus != paneReader {
		t.Errorf("esc did not cancel the number (focus %v)", h.m.focus)
	}
	if !strings.Contains(h.view(), "[image 2: a diagram]") {
		t.Errorf("image not numbered:\n%s", h.view())
	}
	h.keys("2", "enter")
	if len(h.opened) != 1 || h.opened[0] != "https://example.com/a.png" {
		t.Errorf("2 enter opened %v", h.opened)
	}
}

// Missing: pane widths — the list widens and narrows, the reader takes
// the whole screen.
func TestPaneWidths(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 120, 40)
	before := h.m.layout.widths[paneItems]
	h.keys(">", ">")
	if got := h.m.layout.widths[paneItems]; got <= before {
		t.Errorf("> left the list at %d (was %d)", got, before)
	}
	h.keys("<", "<", "<", "<")
	if got := h.m.layout.widths[paneItems]; got >= before {
		t.Errorf("< left the list at %d (was %d)", got, before)
	}
	h.keys("z")
	if !h.m.status.isError {
		t.Errorf("z without an item: %q", h.m.status.message)
	}
	h.selectNode("Daily Wire")
	h.keys("tab", "enter", "z")
	if w := h.m.layout.widths; w != [3]int{0, 0, 120} {
		t.Errorf("z: widths %v", w)
	}
	if line := strings.Split(h.view(), "\n")[2]; !strings.Contains(line, "Daily Wire") || strings.Contains(line, "│") {
		t.Errorf("zoomed reader line: %q", line)
	}
	h.keys("z")
	if w := h.m.layout.widths; w[paneItems] == 0 {
		t.Errorf("z again: widths %v", w)
	}
}

// Missing: the words of a search are highlighted in the list and the
// reader.
func TestSearchWordsAreHighlighted(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.keys("/")
	h.typeText("etag")
	h.keys("enter")
	h.waitFor("results", func() bool { return strings.HasPrefix(h.m.items.title, "Search") })
	if !underlined(h.m.View(), "ETag", "Why ") {
		t.Errorf("the list does not highlight ETag")
	}
	h.keys("enter")
	h.waitFor("render", func() bool { return h.m.reader.renderedFor != 0 })
	if !underlined(h.m.reader.View(), "ETag", "the ") {
		t.Errorf("the reader does not highlight ETag:\n%s", h.m.reader.View())
	}
}

// underlined reports whether, on some line, every rune of word is
// underlined (SGR 4, the match style without colour) and the rune before
// it (the last of before) is not.
func underlined(view, word, before string) bool {
	for _, line := range strings.Split(view, "\n") {
		runes, under := sgrRunes(line)
		text := string(runes)
		i := strings.Index(text, before+word)
		if i < 0 {
			continue
		}
		start := len([]rune(text[:i])) + len([]rune(before))
		ok := !under[start-1]
		for k := range len([]rune(word)) {
			ok = ok && under[start+k]
		}
		if ok {
			return true
		}
	}
	return false
}

// sgrRunes returns a line's visible runes and, for each, whether
// underline was on.
func sgrRunes(s string) ([]rune, []bool) {
	var runes []rune
	var under []bool
	on := false
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "\x1b[") {
			end := strings.IndexByte(s[i:], 'm')
			for _, p := range strings.Split(s[i+2:i+end], ";") {
				switch n, _ := strconv.Atoi(p); n {
				case 0, 24:
					on = false
				case 4:
					on = true
				}
			}
			i += end + 1
			continue
		}
		r := []rune(s[i:])[0]
		runes, under = append(runes, r), append(under, on)
		i += len(string(r))
	}
	return runes, under
}
