package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sendFeed is a feed of one item with a link in its text.
const sendFeed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Send Notes</title><link>https://send.example.com/</link>
<item><title>Sending &amp; saving</title><link>https://send.example.com/posts/1</link><guid>s1</guid>
<author>ann@example.com (Ann)</author><pubDate>Tue, 10 Mar 2026 12:00:00 +0000</pubDate>
<description><![CDATA[<p>Read <a href="https://example.com/docs">the docs</a> first.</p>]]></description></item></channel></rss>`

// sendMarkdown is what | (pipe_format = "markdown") and ctrl+s write of
// sendFeed's item.
const sendMarkdown = "# Sending & saving\n\n- Feed: Send Notes\n- Author: Ann\n- Date: 2026-03-10 12:00 UTC\n" +
	"- Link: [https://send.example.com/posts/1](https://send.example.com/posts/1)\n\n" +
	"Read [the docs](https://example.com/docs) first.\n"

// waitFile polls until the file at p holds something, and returns it.
func waitFile(t *testing.T, p string) string {
	t.Helper()
	for range 200 {
		if b, err := os.ReadFile(p); err == nil && len(b) > 0 {
			return string(b)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s was never written", p)
	return ""
}

// The real binary in tmux: | pipes the article as Markdown to a command
// typed at the prompt, b runs the bookmark command with newsboat's four
// arguments, ctrl+s saves the Markdown, each producing exactly the
// expected bytes at a recording program and in the file, each saying so
// on the status line; the links are OSC 8 hyperlinks in what tidings
// writes to the terminal (FORCE_HYPERLINK=1: tmux 3.3 keeps none, and
// shows the text plain), and none with ui.hyperlinks = false.
func TestTUISendsPipesSavesAndLinks(t *testing.T) {
	t.Parallel()
	u, srv := newUser(t), newFeedServer(t)
	srv.set("/send.xml", []byte(sendFeed))
	u.add(srv.URL + "/send.xml")
	u.ok("sync")
	dir := t.TempDir()
	rec := filepath.Join(dir, "record")
	script := "#!/bin/sh\ncat > " + dir + "/stdin-$1\nfor a; do printf '%s\\0' \"$a\"; done > " + dir + "/args-$1\necho \"recorded $1\"\n"
	if err := os.WriteFile(rec, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "saved")
	u.writeConfig("[ui]\npipe_format = \"markdown\"\nbookmark_command = \"" + rec + " bookmark\"\nsave_directory = \"" + saved + "\"\n")

	tt := startTUI(t, u, 120, 40, "FORCE_HYPERLINK=1", "TZ=UTC")
	raw := filepath.Join(dir, "raw")
	tt.tmux("pipe-pane", "-t", "tidings", "-o", "cat >> "+raw)
	tt.waitFor("quit (tree)")
	tt.keys("Tab")
	tt.waitFor("Sending & saving")
	tt.keys("Enter")
	tt.waitFor("Read the docs[1] first.")
	if out := waitFile(t, raw); !strings.Contains(out, "\x1b]8;;https://example.com/docs\x1b\\") {
		t.Errorf("no hyperlink in the output:\n%q", out)
	}

	tt.keys("|")
	tt.waitFor("Pipe to a command")
	tt.text(rec + " pipe")
	tt.keys("Enter")
	tt.waitFor("piped to " + rec + " pipe")
	if got := waitFile(t, filepath.Join(dir, "stdin-pipe")); got != sendMarkdown {
		t.Errorf("| sent\n%q\nwant\n%q", got, sendMarkdown)
	}

	tt.keys("b")
	tt.waitFor("bookmarked: recorded bookmark")
	want := "bookmark\x00https://send.example.com/posts/1\x00Sending & saving\x00Read the docs first.\x00Send Notes\x00"
	if got := waitFile(t, filepath.Join(dir, "args-bookmark")); got != want {
		t.Errorf("b ran the command with\n%q\nwant\n%q", got, want)
	}

	tt.keys("C-s")
	file := filepath.Join(saved, "Sending & saving.md")
	tt.waitFor("saved to " + file)
	if got := waitFile(t, file); got != sendMarkdown {
		t.Errorf("ctrl+s saved\n%q\nwant\n%q", got, sendMarkdown)
	}
	tt.keys("q", "q", "q")
	tt.waitExit()

	// No OSC 8 at all with hyperlinks = false, nor in tmux 3.3 (which
	// drops them) without FORCE_HYPERLINK: the same text, plain.
	for i, c := range []struct{ config, env string }{
		{"[ui]\nhyperlinks = false\n", "FORCE_HYPERLINK=1"},
		{"", "TZ=UTC"},
	} {
		if v, _ := exec.Command("tmux", "-V").Output(); c.env == "TZ=UTC" && !strings.HasPrefix(string(v), "tmux 3.3") {
			continue // the rule for tmux 3.4 and later is TestHyperlinkTerminal's
		}
		u.writeConfig(c.config)
		tt = startTUI(t, u, 120, 40, c.env)
		plain := filepath.Join(dir, "raw-plain-"+string(rune('a'+i)))
		tt.tmux("pipe-pane", "-t", "tidings", "-o", "cat >> "+plain)
		tt.waitFor("quit (tree)")
		tt.keys("Tab")
		tt.waitFor("Sending & saving")
		tt.keys("Enter")
		tt.waitFor("Read the docs[1] first.")
		tt.keys("q", "q", "q")
		tt.waitExit()
		if out := waitFile(t, plain); strings.Contains(out, "\x1b]8;") || !strings.Contains(out, "the docs") {
			t.Errorf("%q %s: %q", c.config, c.env, out)
		}
	}
}
