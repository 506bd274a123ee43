package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func TestMacroRunsItsSteps(t *testing.T) {
	f := newFixture(t)
	out := filepath.Join(t.TempDir(), "piped")
	cfg := loadConfig(t, "[macros]\nv = [\"next-item\", \"open-link\", \"pipe:cat > '"+out+"'\", \"set:hide_read=true\"]\n")
	h := newHarness(t, f.st, 160, 45, withConfig(cfg))
	h.selectNode("Gopher Notes")
	h.keys("tab")
	second := h.m.items.rows[1]
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(",v")}) // prefix and key in one burst
	h.waitFor("the pipe's file", func() bool { b, _ := os.ReadFile(out); return len(b) > 0 })
	if len(h.opened) != 1 || h.opened[0] != second.Link {
		t.Errorf("open-link after next-item opened %v, want %s", h.opened, second.Link)
	}
	got, _ := os.ReadFile(out)
	// The step pipes what | pipes: ui.pipe_format's text by default.
	if want := h.m.send.pipeInput(sentOf(second)); string(got) != want {
		t.Errorf("the pipe received %q, want %q (as | pipes it)", got, want)
	}
	h.waitFor("hide_read set", func() bool { return h.m.hideRead })
	if h.m.macro != nil {
		t.Error("the macro is still running after its last step")
	}
}

// A step waits for the loads the step before started: next-unread from
// a feed's last unread item (one without a link) goes on in the next
// feed's list, and open-link after it opens that list's item, not the old
// one (nor none while the new list loads).
func TestMacroStepWaitsForTheLoadsOfTheStepBefore(t *testing.T) {
	f := newFixture(t)
	cfg := loadConfig(t, "[macros]\nv = [\"next-unread\", \"open-link\"]\n")
	h := newHarness(t, f.st, 160, 45, withConfig(cfg))
	h.selectNode("Olympics Live")
	h.keys("tab")
	last, _ := h.m.items.Selected()
	h.keys(",", "v")
	h.waitFor("the macro's end", func() bool { return h.m.macro == nil })
	now, ok := h.m.items.Selected()
	if !ok || now.FeedID == last.FeedID || now.Read {
		t.Fatalf("next-unread from %q selected %+v; want an unread item of another feed", last.Title, now)
	}
	if len(h.opened) != 1 || h.opened[0] != now.Link {
		t.Errorf("open-link after next-unread opened %v, want %s (status %q)", h.opened, now.Link, h.m.status.message)
	}
}

func TestMacroStopsAtTheFailingStep(t *testing.T) {
	f := newFixture(t)
	cfg := loadConfig(t, "[macros]\nx = [\"pipe:echo 'no such service' >&2; exit 3\", \"toggle-read\"]\n"+
		"y = [\"open-link\", \"flag\"]\n")
	h := newHarness(t, f.st, 160, 45, withConfig(cfg))
	h.selectNode("Gopher Notes")
	h.keys("tab")
	title := h.m.items.rows[0].Title
	h.keys(",", "x")
	h.waitFor("the failure", func() bool { return h.m.macro == nil && h.m.status.isError })
	want := `macro ,x stopped at step 1 ("pipe:echo 'no such service' >&2; exit 3"): pipe to echo 'no such service' >&2; exit 3: exit status 3: no such service`
	if h.m.status.message != want {
		t.Errorf("status %q\nwant   %q", h.m.status.message, want)
	}
	if itemByTitle(t, f.st, title).Read {
		t.Error("the step after the failing one ran")
	}
	h.keys("esc", "esc") // on the tree, o opens the selection's site: Unread has none
	h.selectNode("Unread")
	h.keys(",", "y")
	if !h.m.status.isError || !strings.Contains(h.m.status.message, `macro ,y stopped at step 1 ("open-link")`) {
		t.Errorf("status %q", h.m.status.message)
	}
	h.keys(",", "q")
	if !strings.Contains(h.m.status.message, "no macro on ,q") || h.quit {
		t.Errorf("an unknown macro key: status %q, quit %v", h.m.status.message, h.quit)
	}
}

func TestMacroOpensWithACommand(t *testing.T) {
	f := newFixture(t)
	dir := t.TempDir()
	out, script := filepath.Join(dir, "opened"), filepath.Join(dir, "second-browser")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nprintf '%s %s' \"$1\" \"$2\" > \""+out+"\"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := loadConfig(t, "[macros]\nb = [\"open-with:'"+script+"' --new-window\"]\n")
	h := newHarness(t, f.st, 160, 45, withConfig(cfg))
	h.selectNode("Gopher Notes")
	h.keys("tab", ",", "b")
	h.waitFor("the second browser", func() bool { b, _ := os.ReadFile(out); return len(b) > 0 })
	if got, _ := os.ReadFile(out); string(got) != "--new-window https://gopher.test/etags" {
		t.Errorf("the command got %q", got)
	}
	if len(h.opened) != 0 {
		t.Errorf("the browser opened %v too", h.opened)
	}
}

// set: changes a setting for the rest of the session: open-link then
// uses the browser the macro set, in every pane.
func TestMacroSetsTheBrowserForTheSession(t *testing.T) {
	f := newFixture(t)
	dir := t.TempDir()
	out, script := filepath.Join(dir, "opened"), filepath.Join(dir, "other-browser")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nprintf '%s\\n' \"$1\" >> \""+out+"\"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := loadConfig(t, "[macros]\nw = [\"set:browser="+script+"\", \"open-link\"]\n")
	h := newHarness(t, f.st, 160, 45, withConfig(cfg), withOptions(func(o *Options) { o.OpenURL = nil }))
	h.selectNode("Gopher Notes")
	h.keys("tab", ",", "w")
	h.waitFor("the browser the macro set", func() bool { b, _ := os.ReadFile(out); return len(b) > 0 })
	h.keys("j", "enter", "o") // the reader's o: the same browser
	h.waitFor("a second link", func() bool { b, _ := os.ReadFile(out); return strings.Count(string(b), "\n") == 2 })
	got, _ := os.ReadFile(out)
	if want := "https://gopher.test/etags\n" + h.m.items.rows[1].Link + "\n"; string(got) != want {
		t.Errorf("opened %q, want %q", got, want)
	}
}
