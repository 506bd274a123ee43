package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// argsScript writes a browser script to dir/name that records its
// arguments, one a line, in the file record, which appears whole.
func argsScript(t *testing.T, dir, name, record string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" + record + ".part' && mv '" + record + ".part' '" + record + "'\n"
	if err := os.WriteFile(path, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	return path
}

// $BROWSER is a ":"-separated list whose first installed command runs,
// its words split as sh would, %s replaced by the link, else the link
// appended; [ui] browser overrides it.
func TestBrowserListArgumentsAndPlaceholder(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "args")
	prog := argsScript(t, dir, "firefox", rec)
	u := "https://example.org/a?b=1"
	tests := []struct {
		name, setting, env string
		want               []string
	}{
		{"arguments", "", prog + " --new-tab", []string{prog, "--new-tab", u}},
		{"the first installed wins", "", filepath.Join(dir, "missing") + ":" + prog + " -P 'my profile'", []string{prog, "-P", "my profile", u}},
		{"%s placed", "", prog + " --url=%s --flag", []string{prog, "--url=" + u, "--flag"}},
		{"the setting overrides $BROWSER", prog + " --setting", "/nonexistent/browser", []string{prog, "--setting", u}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("BROWSER", tt.env)
			run, err := browser{setting: tt.setting}.command(u)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(run.args, tt.want) || run.terminal {
				t.Errorf("runs %q (terminal %v), want %q detached", run.args, run.terminal, tt.want)
			}
		})
	}
	t.Setenv("BROWSER", "/nonexistent/one:/nonexistent/two")
	if _, err := (browser{}).command(u); err == nil || !strings.Contains(err.Error(), "no browser of /nonexistent/one:/nonexistent/two runs") {
		t.Errorf("no installed browser: %v", err)
	}
}

// o with BROWSER='firefox --new-tab' failed with "fork/exec …: no such
// file or directory": the whole value was taken for the program.
func TestOpenLinkWithBrowserArguments(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "args")
	prog := argsScript(t, dir, "firefox", rec)
	t.Setenv("BROWSER", prog+" --new-tab")
	h := newLinkHarness(t)
	h.keys("o")
	h.waitFor("opened", func() bool { return strings.HasPrefix(h.m.status.message, "opened ") })
	h.waitFor("the browser ran", func() bool { _, err := os.Stat(rec); return err == nil })
	got, _ := os.ReadFile(rec)
	if lines := strings.Split(strings.TrimSpace(string(got)), "\n"); len(lines) != 2 || lines[0] != "--new-tab" || !strings.HasPrefix(lines[1], "http") {
		t.Errorf("the browser got %q", got)
	}
}

// A terminal browser (w3m, lynx…) was started detached while the reader
// kept the terminal: it gets the terminal through Exec, with the link.
func TestTerminalBrowserGetsTheTerminal(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "args")
	for _, tt := range []struct{ name, prog, setting string }{
		{"detected by name", "w3m", ""},
		{"browser_in_terminal", "mybrowser", "in terminal"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			prog := argsScript(t, dir, tt.prog, rec)
			t.Setenv("BROWSER", prog)
			var handed []string
			h := newLinkHarness(t, func(o *Options) {
				o.Config.UI.BrowserInTerminal = tt.setting != ""
				o.Exec = func(c *exec.Cmd, cb tea.ExecCallback) tea.Cmd {
					handed = c.Args
					return runExec(c, cb)
				}
			})
			h.keys("o")
			h.waitFor("opened", func() bool { return strings.HasPrefix(h.m.status.message, "opened ") })
			if len(handed) != 2 || handed[0] != prog || !strings.HasPrefix(handed[1], "http") {
				t.Errorf("Exec got %q, want %s and the link", handed, prog)
			}
		})
	}
}

// newLinkHarness is the reader on the list of Gopher Notes, opening links
// with the browser rather than the harness's recorder.
func newLinkHarness(t *testing.T, opts ...harnessOpt) *harness {
	t.Helper()
	f := newFixture(t)
	opts = append([]harnessOpt{withOptions(func(o *Options) { o.OpenURL, o.Exec = nil, runExec })}, opts...)
	h := newHarness(t, f.st, 160, 45, opts...)
	h.selectNode("Gopher Notes")
	h.keys("tab")
	return h
}
