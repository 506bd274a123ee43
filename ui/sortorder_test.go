package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/config"
)

// rowTitles are the list's loaded items' titles, joined by "|".
func rowTitles(h *harness) string {
	var out []string
	for _, it := range h.m.items.rows {
		out = append(out, it.Title)
	}
	return strings.Join(out, "|")
}

// Missing: O cycles the lists through newest first, oldest first, by
// title, by feed and unread first, read from the store page by page; the
// title says which; the next list keeps the order.
func TestOCyclesTheSortOrder(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45)
	if err := f.st.SetRead(t.Context(), []int64{itemByTitle(t, f.st, "Why ETags matter").ID}, true); err != nil {
		t.Fatal(err)
	}
	h.selectNode("All items")
	want := []struct{ title, rows string }{
		{"All items", "Council approves bike lanes|Why ETags matter|Parsing feeds without tears|Closing ceremony|Library extends weekend hours|Happy new year"},
		{"All items · oldest first", "Happy new year|Library extends weekend hours|Closing ceremony|Parsing feeds without tears|Why ETags matter|Council approves bike lanes"},
		{"All items · by title", "Closing ceremony|Council approves bike lanes|Happy new year|Library extends weekend hours|Parsing feeds without tears|Why ETags matter"},
		{"All items · by feed", "Council approves bike lanes|Library extends weekend hours|Why ETags matter|Parsing feeds without tears|Happy new year|Closing ceremony"},
		{"All items · unread first", "Council approves bike lanes|Parsing feeds without tears|Closing ceremony|Library extends weekend hours|Happy new year|Why ETags matter"},
	}
	for i := range len(want) + 1 { // and back to newest first
		w := want[i%len(want)]
		if got := rowTitles(h); got != w.rows {
			t.Errorf("%s:\n got %s\nwant %s", w.title, got, w.rows)
		}
		if v := ansi.Strip(h.m.items.View()); !strings.HasPrefix(v, " "+w.title+"\n") {
			t.Errorf("the title is not %q:\n%s", w.title, v)
		}
		if i < len(want) {
			h.keys("O")
		}
	}
	h.keys("O", "O") // by title
	h.selectNode("Gopher Notes")
	if got := rowTitles(h); got != "Happy new year|Parsing feeds without tears|Why ETags matter" {
		t.Errorf("the next list is not by title: %s", got)
	}
}

// Missing: [ui] sort is the order the reader starts in.
func TestSortSettingIsTheFirstOrder(t *testing.T) {
	f := newFixture(t)
	h := newHarness(t, f.st, 160, 45, withOptions(func(o *Options) {
		o.Config = config.Default()
		o.Config.UI.Sort = "date-asc"
	}))
	if got := rowTitles(h); !strings.HasPrefix(got, "Happy new year|") || !strings.Contains(h.m.items.View(), "All items · oldest first") {
		t.Errorf("the reader does not start oldest first: %s\n%s", got, h.m.items.View())
	}
}
