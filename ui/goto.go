package ui

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// feedFinder is ctrl+g: a one-line prompt on the status line that selects
// on the tree, as it is typed, the first feed whose title holds the text,
// in any case ("STRASSE" finds "Straße"; a letter typed without its
// accent finds it with one). tab and shift+tab go to the next and previous match, enter
// reads the feed, esc goes back to where the tree was.
type feedFinder struct {
	keys  KeyMap
	text  []rune
	done  bool
	match int // the match selected, among those of text
	// find selects the i-th feed matching text (wrapping around) and
	// reports how many match; back restores the selection before.
	find func(text string, i int) (int, tea.Cmd)
	back func() tea.Cmd
	out  *outbox
	// found is how many feeds the text matches.
	found int
}

var _ promptDialog = (*feedFinder)(nil)

// promptDialog is a dialog drawn on the status line: the panes stay in
// sight (the feed finder).
type promptDialog interface {
	dialog
	prompt() string
}

// Init does nothing.
func (f *feedFinder) Init() tea.Cmd { return nil }

// Done reports whether enter or esc closed the prompt.
func (f *feedFinder) Done() bool { return f.done }

// SetSize does nothing: the prompt is one line of the status line.
func (f *feedFinder) SetSize(int, int) {}

// ShortHelp is the prompt's keys.
func (f *feedFinder) ShortHelp() []key.Binding {
	b := func(k, desc string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc)) }
	return []key.Binding{b("enter", "read it"), b("tab", "next match"), b("esc", "back")}
}

// FullHelp is ShortHelp.
func (f *feedFinder) FullHelp() [][]key.Binding { return [][]key.Binding{f.ShortHelp()} }

// Update takes the typed text (a burst of runes, a paste) and the
// prompt's keys.
func (f *feedFinder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return f, nil
	}
	switch km.Type {
	case tea.KeyEnter:
		f.done = true
		if f.found > 0 {
			f.out.post(focusMsg{paneItems})
		}
		return f, nil
	case tea.KeyEsc, tea.KeyCtrlC:
		f.done = true
		return f, f.back()
	case tea.KeyTab, tea.KeyDown, tea.KeyCtrlN:
		f.match++
	case tea.KeyShiftTab, tea.KeyUp, tea.KeyCtrlP:
		f.match--
	case tea.KeyBackspace:
		if len(f.text) > 0 {
			f.text, f.match = f.text[:len(f.text)-1], 0
		}
	case tea.KeyCtrlU, tea.KeyCtrlW:
		f.text, f.match = nil, 0
	case tea.KeyRunes, tea.KeySpace:
		f.text, f.match = append(f.text, typed(km.Runes)...), 0
	default:
		return f, nil
	}
	return f, f.refresh()
}

// typed is the runes of a key press or paste without control characters.
func typed(runes []rune) []rune {
	var out []rune
	for _, r := range runes {
		if !unicode.IsControl(r) {
			out = append(out, r)
		}
	}
	return out
}

// refresh selects the match for the text as it is now.
func (f *feedFinder) refresh() tea.Cmd {
	if len(f.text) == 0 {
		f.found = 0
		return f.back()
	}
	var cmd tea.Cmd
	f.found, cmd = f.find(string(f.text), f.match)
	return cmd
}

// View is the prompt's line.
func (f *feedFinder) View() string { return f.prompt() }

// prompt is the line the status line shows: the text typed, and what it
// found.
func (f *feedFinder) prompt() string {
	line := "go to feed: " + string(f.text) + "▏"
	switch {
	case len(f.text) == 0:
		return line + " (type a part of its title)"
	case f.found == 0:
		return line + " no feed's title holds this"
	case f.found > 1:
		m := ((f.match % f.found) + f.found) % f.found
		return line + " " + strconv.Itoa(m+1) + "/" + strconv.Itoa(f.found) + " (tab: next)"
	}
	return line
}

// foldText is s as the finder compares it: Unicode case-folded (ß as ss,
// final sigma as sigma) and decomposed (é as e and its accent).
func foldText(s string) string {
	return norm.NFKD.String(cases.Fold().String(norm.NFKC.String(s)))
}

// openFinder is ctrl+g: the feed finder, from where the tree is now.
func (t *treePane) openFinder(feedTarget) tea.Cmd {
	start := t.node().key()
	t.out.post(openDialogMsg{&feedFinder{keys: t.keys, out: t.out, find: t.findFeed,
		back: func() tea.Cmd { return t.selectKey(start) }}})
	return nil
}

// findFeed selects the i-th feed (tree order, wrapping around) whose
// title holds text, opening the folders above it; it returns how many
// feeds match. A feed l hides is not among them.
func (t *treePane) findFeed(text string, i int) (int, tea.Cmd) {
	want := foldText(text)
	var matches []node
	for _, n := range t.all {
		if n.kind == nodeFeed && (!t.hideRead || n.unread > 0) && strings.Contains(foldText(n.label), want) {
			matches = append(matches, n)
		}
	}
	if len(matches) == 0 {
		return 0, nil
	}
	n := matches[((i%len(matches))+len(matches))%len(matches)]
	t.unfoldTo(n.path)
	return len(matches), t.selectKey(n.key())
}

// selectKey selects the row of node key, if it is shown.
func (t *treePane) selectKey(k string) tea.Cmd {
	for i := range t.shown {
		if t.at(i).key() == k {
			return t.selectRow(i)
		}
	}
	return nil
}
