package ui

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
)

// loadConfig loads doc as the user's config.toml.
func loadConfig(t *testing.T, doc string) config.Config {
	t.Helper()
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func withConfig(c config.Config) harnessOpt { return func(o *Options) { o.Config = c } }

// Every field of KeyMap is an action of the catalogue, and every action
// has a field: one table drives the keys, the help, the manual and the
// configuration.
func TestKeyMapIsTheActionCatalogue(t *testing.T) {
	var fields []string
	for f := range reflect.TypeFor[KeyMap]().Fields() {
		if f.Type != reflect.TypeFor[key.Binding]() {
			continue
		}
		fields = append(fields, f.Tag.Get("action"))
	}
	var names []string
	for _, a := range Actions() {
		names = append(names, a.Name)
	}
	slices.Sort(fields)
	slices.Sort(names)
	if !slices.Equal(fields, names) {
		t.Errorf("KeyMap's actions\n%v\nthe catalogue's\n%v", fields, names)
	}
}

// The key names config accepts are the ones Bubble Tea gives keys.
func TestConfigKeyNamesAreBubbleTeas(t *testing.T) {
	var ours []string
	for _, n := range config.NamedKeys() {
		ours = append(ours, n)
		if msg, ok := keyMsgOf(n); !ok || msg.String() != n {
			t.Errorf("config accepts %q, which no key message is", n)
		}
	}
	aliases := map[string]bool{"ctrl+i": true, "ctrl+m": true, "ctrl+[": true, "ctrl+`": true}
	for n := range namedKeyTypes {
		if !slices.Contains(ours, n) && !aliases[n] {
			t.Errorf("Bubble Tea names %q, which config refuses", n)
		}
	}
}

// Defect: the help screen did not scroll at all on a burst of keys (a
// held j delivered in one read: one key message with the runes "jjj").
func TestHelpScrollsOnAKeyBurst(t *testing.T) {
	h := newHarness(t, newFixture(t).st, 70, 24)
	h.keys("?")
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jjj")})
	if p, ok := h.m.dialog.(*pager); !ok || p.top != 3 {
		t.Fatalf("help after the burst jjj: %+v, want scrolled 3 lines", h.m.dialog)
	}
	if !strings.Contains(h.view(), "lines 4–") {
		t.Errorf("the help does not say it scrolled:\n%s", h.view())
	}
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("kk")})
	if p := h.m.dialog.(*pager); p.top != 1 {
		t.Errorf("help after kk at %d, want 1", p.top)
	}
}

// Every handler takes a burst as that many presses, a rebound key's too.
func TestKeyBurstIsThatManyPresses(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 70, 24, withConfig(loadConfig(t, "[keys.dialogs]\ndown = [\"t\"]\n")))
	h.keys("?")
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("ttt")})
	if p, ok := h.m.dialog.(*pager); !ok || p.top != 3 {
		t.Fatalf("help after the burst ttt: %+v, want scrolled 3 lines", h.m.dialog)
	}
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jj")})
	if p := h.m.dialog.(*pager); p.top != 3 {
		t.Errorf("j, unbound in the dialogs, scrolled the help to %d", p.top)
	}
	h.keys("esc")
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jjj")})
	if h.m.tree.cursor != 3 {
		t.Errorf("tree after jjj at %d, want 3", h.m.tree.cursor)
	}
}

func TestReboundKeysWorkAndTheHelpShowsThem(t *testing.T) {
	f := newFixture(t)
	cfg := loadConfig(t, "[keys]\nflag = [\"v\"]\nhelp = [\"f1\", \"?\"]\n[keys.list]\ndown = [\"t\"]\n")
	h := newHarness(t, f.st, 160, 45, withConfig(cfg))
	h.selectNode("Daily Wire")
	h.keys("j") // the tree keeps j
	if n := h.m.tree.node(); n.label == "Daily Wire" {
		t.Fatal("j did not move the tree")
	}
	h.keys("k", "tab", "t")
	if h.m.items.cursor != 1 {
		t.Fatalf("t in the list: cursor %d, want 1", h.m.items.cursor)
	}
	h.keys("j")
	if h.m.items.cursor != 1 {
		t.Errorf("j, rebound in the list, moved it to %d", h.m.items.cursor)
	}
	title := h.m.items.rows[1].Title
	h.keys("s")
	h.keys("v")
	h.waitFor("v flags", func() bool { return itemByTitle(t, f.st, title).Flagged })
	h.keys("f1")
	v := h.view()
	for _, want := range []string{"v       flag", "f1/?    help", "t       down"} {
		if !strings.Contains(v, want) {
			t.Errorf("the help lacks %q:\n%s", want, v)
		}
	}
	h.keys("esc", "esc")
	if v := h.view(); !strings.Contains(v, "f1/? help") {
		t.Errorf("the short help does not show f1/?:\n%s", v)
	}
}

// An unbound action does nothing and leaves the help; the wheel still
// scrolls without the movement keys.
func TestUnboundKeys(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45, withConfig(loadConfig(t, "[keys]\nup = []\ndown = []\nflag = []\n")))
	h.keys("j")
	if h.m.tree.cursor != 0 {
		t.Errorf("j, unbound, moved the tree to %d", h.m.tree.cursor)
	}
	h.send(tea.MouseMsg{X: 2, Y: 3, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if h.m.tree.cursor != 1 {
		t.Errorf("the wheel moved the tree to %d, want 1", h.m.tree.cursor)
	}
	h.keys("?")
	if v := h.view(); strings.Contains(v, "s       flag") || !strings.Contains(v, "N       toggle read") {
		t.Errorf("the help shows an unbound action, or lacks a bound one:\n%s", v)
	}
}
