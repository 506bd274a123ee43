package ui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine"
)

// feedChoice lists the feeds a web page announces when it announces
// several (the subscribe dialog's a): j/k move, enter subscribes to the
// selected one, esc cancels. It stays open while the feed is checked,
// and on failure, saying why.
type feedChoice struct {
	keys          KeyMap
	styles        Styles
	be            backend
	out           *outbox
	page          string
	folder        string
	feeds         []engine.AnnouncedFeed
	cursor        int
	info, err     string
	width, height int
	done          bool
}

var _ dialog = (*feedChoice)(nil)

func newFeedChoice(km KeyMap, st Styles, be backend, out *outbox, several *engine.SeveralFeedsError, folder string) *feedChoice {
	return &feedChoice{keys: km, styles: st, be: be, out: out, page: several.Page.String(), folder: folder, feeds: several.Feeds}
}

// Init does nothing.
func (c *feedChoice) Init() tea.Cmd { return nil }

// Done reports whether the choice closed.
func (c *feedChoice) Done() bool { return c.done }

// SetSize sets the screen the list is centred on.
func (c *feedChoice) SetSize(w, h int) { c.width, c.height = w, h }

// ShortHelp is empty: the keys are drawn in the box.
func (c *feedChoice) ShortHelp() []key.Binding { return nil }

// FullHelp is empty, as ShortHelp.
func (c *feedChoice) FullHelp() [][]key.Binding { return nil }

// Update moves, subscribes or cancels; it takes the subscription's result.
func (c *feedChoice) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case subscribedMsg:
		return c, c.subscribed(msg)
	case tea.KeyMsg:
		return c, c.key(msg)
	}
	return c, nil
}

func (c *feedChoice) key(km tea.KeyMsg) tea.Cmd {
	switch {
	case km.String() == "esc" || km.String() == "ctrl+c" || km.String() == "q":
		c.done = true
	case km.String() == "enter":
		u := c.feeds[c.cursor].URL.String()
		c.info, c.err = "checking "+u+" …", ""
		return routeTo(c, c.be.subscribe(u, c.folder))
	case key.Matches(km, c.keys.Up):
		c.cursor = max(c.cursor-1, 0)
	case key.Matches(km, c.keys.Down):
		c.cursor = min(c.cursor+1, len(c.feeds)-1)
	}
	return nil
}

// subscribed closes the list on success; a failure stays in it.
func (c *feedChoice) subscribed(msg subscribedMsg) tea.Cmd {
	if msg.err != nil {
		err := fmt.Errorf("subscribe: %w", msg.err)
		if c.done {
			c.out.say("", err)
		} else {
			c.info, c.err = "", oneLine(err.Error())
		}
		return nil
	}
	c.done = true
	c.out.say("subscribed to "+oneLine(msg.title), nil)
	return c.be.loadCounts()
}

// View draws the feeds, one a line: title, kind and address.
func (c *feedChoice) View() string {
	st := c.styles
	w := min(max(c.width-8, 30), 100)
	lines := []string{st.DialogTitle.Render(ansi.Truncate(oneLine(c.page)+" announces "+plural(len(c.feeds), "feed"), w-2, "…")), ""}
	for i, f := range c.feeds {
		title := oneLine(f.Title)
		if title == "" {
			title = "(untitled)"
		}
		row := ansi.Truncate(fmt.Sprintf("%s · %s · %s", title, feedKind(f.Type), oneLine(f.URL.String())), w-4, "…")
		if i == c.cursor {
			row = st.RowSelected.Render("› " + row)
		} else {
			row = "  " + row
		}
		lines = append(lines, row)
	}
	if c.info != "" {
		lines = append(lines, "", st.Label.Render(oneLine(c.info)))
	}
	if c.err != "" {
		lines = append(lines, "", st.StatusError.Render(c.err))
	}
	lines = append(lines, "", st.Faint.Render("j/k choose · enter subscribe · esc cancel"))
	return box(st, strings.Join(lines, "\n"), w, c.width, c.height)
}

// feedKind names an announced feed's media type.
func feedKind(typ string) string {
	switch typ {
	case "application/rss+xml":
		return "RSS"
	case "application/atom+xml":
		return "Atom"
	case "application/rdf+xml":
		return "RDF"
	case "application/feed+json":
		return "JSON Feed"
	}
	return oneLine(typ)
}

// severalFeeds is the page's feeds when err says a page announces several.
func severalFeeds(err error) (*engine.SeveralFeedsError, bool) {
	var several *engine.SeveralFeedsError
	return several, errors.As(err, &several)
}
