package ui

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/name.golden (rewritten with -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui -run Golden -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from %s (run with -update after checking):\n%s", name, path, got)
	}
}

// screen is the view without styles and with trailing spaces cut, so the
// golden files read as the screen does.
func screen(h *harness) string {
	lines := strings.Split(h.view(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

func TestGoldenScreens(t *testing.T) {
	sizes := []struct{ w, h int }{{160, 45}, {100, 30}, {70, 24}}
	screens := []struct {
		name string
		keys []string
		node string
	}{
		{"start", nil, ""},
		{"folder", []string{"tab"}, "Tech"},
		{"reader", []string{"tab", "enter"}, "Gopher Notes"},
		{"help", []string{"?"}, ""},
		{"subscribe", []string{"a"}, "News"},
		{"settings", []string{"E"}, "Broken Feed"},
		{"stats", []string{"S"}, ""},
		{"sorted", []string{"O", "O"}, ""},
		{"folded", []string{"c"}, "Tech"},
		{"goto", []string{"ctrl+g", "wire"}, ""},
	}
	for _, sz := range sizes {
		for _, sc := range screens {
			name := sc.name + "_" + strconv.Itoa(sz.w) + "x" + strconv.Itoa(sz.h)
			t.Run(name, func(t *testing.T) {
				f := newFixture(t)
				h := newHarness(t, f.st, sz.w, sz.h)
				if sc.node != "" {
					h.selectNode(sc.node)
				}
				h.keys(sc.keys...)
				if sc.name == "reader" {
					h.waitFor("render", func() bool { return h.m.reader.renderedFor != 0 })
				}
				if sc.name == "stats" {
					h.waitFor("stats", func() bool { return h.m.dialog != nil })
				}
				golden(t, name, screen(h))
			})
		}
	}
}

func TestResizeKeepsSelection(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	h.selectNode("Gopher Notes")
	h.keys("tab", "j", "enter")
	id := h.m.reader.item.ID
	for _, sz := range [][2]int{{100, 30}, {70, 24}, {160, 45}} {
		h.send(resize(sz[0], sz[1]))
		if h.m.tree.node().label != "Gopher Notes" || h.m.items.cursor != 1 || h.m.reader.item.ID != id {
			t.Fatalf("at %v: tree %q, items cursor %d", sz, h.m.tree.node().label, h.m.items.cursor)
		}
		if got := strings.Split(h.view(), "\n"); len(got) != sz[1] {
			t.Errorf("at %v: %d lines", sz, len(got))
		}
	}
}
