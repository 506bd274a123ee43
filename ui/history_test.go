package ui

import (
	"bytes"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/config"
)

// historySession is a reader whose pipe prompt keeps its history in path,
// logging to log.
func historySession(t *testing.T, path string, log *bytes.Buffer) *harness {
	t.Helper()
	f := newFixture(t)
	cfg := config.Default()
	cfg.UI.PipeFormat = config.PipeText
	return newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
		o.Config, o.Exec, o.PipeHistoryPath = cfg, runExec, path
		o.Logger = slog.New(slog.NewTextHandler(log, nil))
	}))
}

// pipeTo types command in the pipe prompt over the open item and runs it.
func pipeTo(h *harness, command string) {
	h.t.Helper()
	h.keys("|")
	field := &h.m.dialog.(*form).fields[0]
	field.input.SetValue("")
	h.typeText(command)
	h.keys("enter")
	if h.m.dialog != nil {
		h.t.Fatalf("the prompt stayed open:\n%s", h.view())
	}
}

// promptValue is the pipe prompt's command as shown.
func promptValue(h *harness) string {
	h.t.Helper()
	f, ok := h.m.dialog.(*form)
	if !ok {
		h.t.Fatalf("no prompt open: %T", h.m.dialog)
	}
	return f.fields[0].input.Value()
}

// The pipe prompt's up/down (and ctrl+p/ctrl+n) walk the commands of this
// session and of earlier ones, newest first, from a file of mode 0600 that
// keeps no command twice in a row and none with a control character.
func TestPipeHistoryWalksThisAndEarlierSessions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "pipe_history")
	var log bytes.Buffer
	h := historySession(t, path, &log)
	openGopher(h)
	for _, c := range []string{"true one", "true two", "true two", "true \u202egnp.exe", "true three"} {
		pipeTo(h, c)
	}
	if got := readFile(t, path); got != "true one\ntrue two\ntrue three\n" {
		t.Errorf("the file:\n%q", got)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the file's mode: %v, %v; want 0600", fi.Mode(), err)
	}

	h = historySession(t, path, &log)
	openGopher(h)
	pipeTo(h, "true four") // this session's
	h.keys("|")
	walk := []struct{ key, want string }{
		{"", "true four"}, // offered again
		{"up", "true three"}, {"ctrl+p", "true two"}, {"up", "true one"}, {"up", "true one"},
		{"down", "true two"}, {"ctrl+n", "true three"}, {"down", "true four"}, {"down", ""}, {"down", ""},
	}
	for i, w := range walk {
		if w.key != "" {
			h.keys(w.key)
		}
		if got := promptValue(h); got != w.want {
			t.Fatalf("step %d (%s): %q, want %q", i, w.key, got, w.want)
		}
	}
	h.typeText("tr")
	h.keys("up", "down")
	if got := promptValue(h); got != "tr" {
		t.Errorf("down past the newest: %q, want the line typed", got)
	}
	if !strings.Contains(h.view(), "↑/↓ history") {
		t.Errorf("the prompt does not say ↑/↓:\n%s", h.view())
	}
	if log.Len() != 0 {
		t.Errorf("logged:\n%s", log.String())
	}
}

// The history keeps the newest historyMax commands.
func TestPipeHistoryKeepsTheNewestHundred(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe_history")
	var b strings.Builder
	for i := range 150 {
		fmt.Fprintf(&b, "true %d\n", i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	h := historySession(t, path, &log)
	openGopher(h)
	h.keys("|")
	for range 200 {
		h.keys("up")
	}
	if got := promptValue(h); got != "true 50" {
		t.Errorf("the oldest: %q, want true 50", got)
	}
	h.keys("esc")
	pipeTo(h, "true new")
	lines := strings.Split(strings.TrimSuffix(readFile(t, path), "\n"), "\n")
	if len(lines) != historyMax || lines[0] != "true 51" || lines[historyMax-1] != "true new" {
		t.Errorf("the file has %d lines, %q … %q", len(lines), lines[0], lines[len(lines)-1])
	}
}

// A history file that is hostile (escape sequences, 10 MB, binary, a
// folder) is ignored with one log line, never a word on the screen, and
// replaced by the next command piped to.
func TestPipeHistoryIgnoresAHostileFile(t *testing.T) {
	for _, tt := range []struct {
		name string
		make func(path string) error
	}{
		{"escape sequences", func(p string) error {
			return os.WriteFile(p, []byte("true fine\nprintf \x1b]52;c;cm0gLXJmIH4=\x07\n\x1b[2J\x1b[31mred\n"), 0o600)
		}},
		{"10 MB", func(p string) error {
			return os.WriteFile(p, bytes.Repeat([]byte("true big\n"), 10<<20/9), 0o600)
		}},
		{"binary", func(p string) error {
			b := make([]byte, 4096)
			for i := range b {
				b[i] = byte(i * 7)
			}
			return os.WriteFile(p, b, 0o600)
		}},
		{"a folder", func(p string) error { return os.Mkdir(p, 0o700) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "pipe_history")
			if err := tt.make(path); err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			h := historySession(t, path, &log)
			if n := strings.Count(log.String(), "\n"); n != 1 || !strings.Contains(log.String(), "pipe history ignored") {
				t.Errorf("%d log lines, want one:\n%s", n, log.String())
			}
			if h.m.status.message != "" || h.m.status.isError {
				t.Errorf("the status line says %q", h.m.status.message)
			}
			openGopher(h)
			h.keys("|")
			if got := promptValue(h); got != "" {
				t.Errorf("the prompt offers %q", got)
			}
			h.keys("up")
			if got := promptValue(h); got != "" {
				t.Errorf("up offers %q", got)
			}
			if strings.Contains(h.view(), "\x1b") {
				t.Errorf("an escape reached the screen")
			}
			h.keys("esc")
			pipeTo(h, "true after")
			if tt.name == "a folder" {
				return // not replaced: rename does not put a file over a folder
			}
			if got := readFile(t, path); got != "true after\n" {
				t.Errorf("the file after a command: %q", got)
			}
		})
	}
}

// storable refuses what would change the terminal or the file's lines.
func TestPipeHistoryStoresNoControlCharacter(t *testing.T) {
	for _, tt := range []struct {
		command string
		want    bool
	}{
		{"lynx -dump -stdin | less", true},
		{"mail -s 'été' ann@example.org", true},
		{"", false},
		{"echo \x1b[31mred", false},
		{"echo a\nrm -rf ~", false},
		{"echo \u202egnp.exe", false},
		{"echo \x00", false},
		{"echo \xff", false},
	} {
		if got := storable(tt.command); got != tt.want {
			t.Errorf("storable(%q) = %v, want %v", tt.command, got, tt.want)
		}
	}
}
