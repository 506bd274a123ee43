package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/config"
)

// recorder is a program that writes what it was given to files: its
// stdin to in, its arguments to args (each ending with a NUL), and prints
// say.
func recorder(t *testing.T, say string) (prog, in, args string) {
	t.Helper()
	dir := t.TempDir()
	prog, in, args = filepath.Join(dir, "record"), filepath.Join(dir, "stdin"), filepath.Join(dir, "args")
	script := "#!/bin/sh\ncat > " + in + "\nfor a; do printf '%s\\0' \"$a\"; done > " + args + "\nprintf '" + say + "'\n"
	if err := os.WriteFile(prog, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return prog, in, args
}

// sendHarness is the fixture's reader with ui set and commands run for
// real (Options.Exec runs them to their end).
func sendHarness(t *testing.T, ui config.UIConfig) *harness {
	t.Helper()
	f := newFixture(t)
	cfg := config.Default()
	cfg.UI = ui
	return newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
		o.Config, o.Exec, o.ConfigPath = cfg, runExec, "/home/ann/.config/tidings/config.toml"
	}))
}

// openGopher opens "Why ETags matter" in the reader.
func openGopher(h *harness) {
	h.selectNode("Gopher Notes")
	h.keys("tab", "enter")
	h.waitFor("render", func() bool { return h.m.reader.renderedFor != 0 })
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// | asks for a command (offering the last one again), runs it with sh -c
// with the article on its stdin in each of ui.pipe_format's formats, and
// says so in one line.
func TestPipeSendsTheArticleInEachFormat(t *testing.T) {
	prog, in, _ := recorder(t, "")
	for _, tt := range []struct{ format, want string }{
		{config.PipeText, pipeTextWant},
		{config.PipeHTML, ""}, // the stored HTML, read below
		{config.PipeMarkdown, pipeMarkdownWant},
	} {
		t.Run(tt.format, func(t *testing.T) {
			h := sendHarness(t, config.UIConfig{PipeFormat: tt.format})
			if tt.format == config.PipeHTML {
				tt.want = itemByTitle(t, h.st, "Why ETags matter").Content
			}
			openGopher(h)
			h.keys("|")
			if !strings.Contains(h.view(), "Pipe to a command") || !strings.Contains(h.view(), "as "+tt.format+" (ui.pipe_format)") {
				t.Fatalf("no prompt:\n%s", h.view())
			}
			h.typeText(prog + " --flag")
			h.keys("enter")
			if h.m.dialog != nil || h.m.status.message != "piped to "+prog+" --flag" {
				t.Fatalf("status %q, dialog %v", h.m.status.message, h.m.dialog != nil)
			}
			if got := readFile(t, in); got != tt.want {
				t.Errorf("stdin:\n%q\nwant\n%q", got, tt.want)
			}
			h.keys("|")
			if !strings.Contains(h.view(), prog+" --flag") {
				t.Errorf("the prompt does not offer the last command:\n%s", h.view())
			}
		})
	}
}

// A failing command, and one config.CheckRunnable refuses, are one line
// each.
func TestPipeFailuresAreOneLine(t *testing.T) {
	h := sendHarness(t, config.UIConfig{PipeFormat: config.PipeText})
	openGopher(h)
	h.keys("|")
	h.typeText("exit 3")
	h.keys("enter")
	if h.m.status.message != "pipe to exit 3: exit status 3" || !h.m.status.isError {
		t.Errorf("status %q", h.m.status.message)
	}
	h.keys("|")
	h.keys("enter") // the last command, offered again
	h.keys("|")
	for range len("exit 3") {
		h.keys("backspace")
	}
	h.typeText("$PROG")
	h.keys("enter")
	if msg := h.m.status.message; !strings.HasPrefix(msg, "pipe to $PROG: cannot check what") || !h.m.status.isError {
		t.Errorf("status %q", msg)
	}
}

// b runs ui.bookmark_command without a shell with the item's URL, title,
// description and feed title as four more arguments, and shows its first
// line of output; unset, it says how to set it.
func TestBookmarkRunsTheCommandWithFourArguments(t *testing.T) {
	prog, _, args := recorder(t, `\nsaved as bookmark 12\nmore\n`)
	h := sendHarness(t, config.UIConfig{PipeFormat: config.PipeText, BookmarkCommand: prog + ` --tag "rss feeds"`})
	openGopher(h)
	h.keys("b")
	if h.m.status.message != "bookmarked: saved as bookmark 12" {
		t.Errorf("status %q", h.m.status.message)
	}
	want := "--tag\x00rss feeds\x00https://gopher.test/etags\x00Why ETags matter\x00" +
		"Conditional GET Send the ETag back, and the server answers 304. saves bytes saves time Be polite to servers. " +
		"if etag != \"\" { req.Header.Set(\"If-None-Match\", etag) } first second\x00Gopher Notes\x00"
	if got := readFile(t, args); got != want {
		t.Errorf("arguments:\n%q\nwant\n%q", got, want)
	}
	h.keys("esc", "b") // in the list, on the selected item
	if h.m.status.message != "bookmarked: saved as bookmark 12" {
		t.Errorf("status in the list %q", h.m.status.message)
	}

	h = sendHarness(t, config.UIConfig{PipeFormat: config.PipeText})
	openGopher(h)
	h.keys("b")
	if h.m.status.message != "no bookmark command: set [ui] bookmark_command in /home/ann/.config/tidings/config.toml (it gets the URL, title, description and feed title)" {
		t.Errorf("unset: %q", h.m.status.message)
	}

	h = sendHarness(t, config.UIConfig{PipeFormat: config.PipeText, BookmarkCommand: "false"})
	openGopher(h)
	h.keys("b")
	if h.m.status.message != "bookmark: false: exit status 1" || !h.m.status.isError {
		t.Errorf("failing: %q", h.m.status.message)
	}
}

// ctrl+s writes the article as Markdown into ui.save_directory, never
// over a file, and says where.
func TestSaveWritesMarkdown(t *testing.T) {
	dir := t.TempDir()
	h := sendHarness(t, config.UIConfig{PipeFormat: config.PipeText, SaveDirectory: dir})
	openGopher(h)
	h.keys("ctrl+s")
	first := filepath.Join(dir, "Why ETags matter.md")
	if h.m.status.message != "saved to "+first {
		t.Fatalf("status %q", h.m.status.message)
	}
	h.keys("ctrl+s")
	second := filepath.Join(dir, "Why ETags matter-1.md")
	if h.m.status.message != "saved to "+second {
		t.Fatalf("status %q", h.m.status.message)
	}
	for _, p := range []string{first, second} {
		if got := readFile(t, p); got != pipeMarkdownWant {
			t.Errorf("%s:\n%q\nwant\n%q", p, got, pipeMarkdownWant)
		}
	}
}

// What | sends of "Why ETags matter" as text and as Markdown (ctrl+s
// saves the Markdown).
const (
	pipeTextWant = "Why ETags matter\nGopher Notes · Ann · Tue, 10 Mar 2026 12:00 UTC\nhttps://gopher.test/etags\n\n" +
		"## Conditional GET\n\nSend the ETag[1] back, and the server answers 304.\n\n• saves bytes\n• saves time\n\n" +
		"│ Be polite to servers.\n\n    if etag != \"\" {\n        req.Header.Set(\"If-None-Match\", etag)\n    }\n\n" +
		"[image 2: a diagram]\n\n1. first\n2. second\n\nLinks\n[1] https://example.com/etag\n[2] https://example.com/a.png\n"
	pipeMarkdownWant = "# Why ETags matter\n\n- Feed: Gopher Notes\n- Author: Ann\n- Date: 2026-03-10 12:00 UTC\n" +
		"- Link: [https://gopher.test/etags](https://gopher.test/etags)\n\n## Conditional GET\n\n" +
		"Send the [ETag](https://example.com/etag) back, and the server answers `304`.\n\n- saves bytes\n- saves time\n\n" +
		"> Be polite to servers.\n\n```\nif etag != \"\" {\n\treq.Header.Set(\"If-None-Match\", etag)\n}\n```\n\n" +
		"![a diagram](https://example.com/a.png)\n\n1. first\n2. second\n"
)
