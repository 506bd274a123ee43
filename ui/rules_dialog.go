package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// MSG

// rulesMsg carries the rules for the rules dialog; open asks for the
// dialog to open with them.
type rulesMsg struct {
	rules  []store.Rule
	open   bool
	status string
	err    error
}

// COMMANDS

func (b backend) loadRules(open bool, status string) tea.Cmd {
	return func() tea.Msg {
		rules, err := b.engine.Rules(b.ctx)
		return rulesMsg{rules: rules, open: open, status: status, err: err}
	}
}

func (b backend) addRule(expr, action string, feedID int64) tea.Cmd {
	return func() tea.Msg {
		if _, err := b.engine.AddRule(b.ctx, expr, action, feedID); err != nil {
			return rulesMsg{err: err}
		}
		return b.loadRules(false, "rule added: it applies to new and updated items")()
	}
}

func (b backend) removeRule(id int64) tea.Cmd {
	return func() tea.Msg {
		if err := b.engine.RemoveRule(b.ctx, id); err != nil {
			return rulesMsg{err: err}
		}
		return b.loadRules(false, fmt.Sprintf("rule %d removed", id))()
	}
}

// UPDATE

// openRules reads the rules, then opens the dialog (rulesLoaded).
func (m *Model) openRules() tea.Cmd { return m.be.loadRules(true, "") }

// rulesLoaded opens the rules dialog, or refreshes the open one.
func (m *Model) rulesLoaded(msg rulesMsg) {
	d, isOpen := m.dialog.(*rulesDialog)
	switch {
	case isOpen:
	case msg.open && m.dialog == nil:
		d = &rulesDialog{keys: m.keys, be: m.be, feed: m.selectedFeed(), title: m.feedTitle}
		m.dialog = d
	default:
		if msg.err != nil {
			m.status.set("", msg.err)
		}
		return
	}
	if msg.err != nil {
		d.err = oneLine(msg.err.Error())
		return
	}
	d.rules, d.status, d.err = msg.rules, msg.status, ""
	d.cursor = max(min(d.cursor, len(d.rules)-1), 0)
}

// rulesDialog lists the rules; a adds one (a form), d removes the
// selected one, esc closes.
type rulesDialog struct {
	keys   KeyMap
	be     backend
	rules  []store.Rule
	cursor int
	// feed is the feed selected when the dialog opened: a new rule may be
	// limited to it.
	feed   *store.Feed
	title  func(id int64) string
	adding *form
	status string
	err    string
}

func (d *rulesDialog) update(km tea.KeyMsg) (bool, tea.Cmd) {
	if d.adding != nil {
		done, cmd := d.adding.update(km)
		if done {
			d.adding = nil
		}
		return false, cmd
	}
	switch {
	case key.Matches(km, d.keys.Back, d.keys.ForceQuit, d.keys.Rules):
		return true, nil
	case key.Matches(km, d.keys.Up):
		d.cursor = max(d.cursor-1, 0)
	case key.Matches(km, d.keys.Down):
		d.cursor = max(min(d.cursor+1, len(d.rules)-1), 0)
	case km.String() == "a":
		d.adding = d.addForm()
	case km.String() == "d" || km.String() == "x" || km.Type == tea.KeyDelete:
		if d.cursor < len(d.rules) {
			return false, d.be.removeRule(d.rules[d.cursor].ID)
		}
	}
	return false, nil
}

// addForm asks for an expression, an action and the feeds it covers.
func (d *rulesDialog) addForm() *form {
	scopes := []string{"all feeds"}
	if d.feed != nil {
		scopes = append(scopes, "only "+oneLine(d.feed.Title))
	}
	f := newForm("New rule", func(v []string) (tea.Cmd, error) {
		if _, err := engine.ParseExpression(v[0]); err != nil {
			return nil, err
		}
		var feedID int64
		if v[2] != scopes[0] {
			feedID = d.feed.ID
		}
		return d.be.addRule(v[0], v[1], feedID), nil
	},
		textField("Expression", "", `title ~ "sponsored"`),
		choiceField("Action", []string{store.ActionHide, store.ActionRead, store.ActionFlag, store.ActionDelete}, store.ActionHide),
		choiceField("Feeds", scopes, scopes[0]))
	f.note = "Applies to new and updated items as they are stored. Fields: title author content feed " +
		"folder category link (= != ~ !~), unread flagged enclosure, age (< > days), text:\"words\"."
	return f
}

// VIEW

func (d *rulesDialog) view(st Styles, width, height int) string {
	if d.adding != nil {
		return d.adding.view(st, width, height)
	}
	w := min(max(width-8, 30), 100)
	lines := []string{st.DialogTitle.Render("Rules"), ""}
	if len(d.rules) == 0 {
		lines = append(lines, st.Faint.Render("No rules yet."))
	}
	for i, r := range d.rules {
		lines = append(lines, rowStyle(st, st.Row, i == d.cursor, true).Render(d.row(r, w-2)))
	}
	if d.status != "" {
		lines = append(lines, "", st.Label.Render(oneLine(d.status)))
	}
	if d.err != "" {
		lines = append(lines, "", st.StatusError.Render(d.err))
	}
	lines = append(lines, "", st.Faint.Render("a add · d remove · j/k move · esc close"))
	return box(st, strings.Join(lines, "\n"), w, width, height)
}

// row is one rule: action, scope and expression, cut to w.
func (d *rulesDialog) row(r store.Rule, w int) string {
	scope := "all feeds"
	if r.FeedID != 0 {
		scope = d.title(r.FeedID)
	}
	text := fmt.Sprintf("%-6s  %-16s  %s", r.Action, ansi.Truncate(sanitize.Terminal(scope), 16, "…"), sanitize.Terminal(oneLine(r.Expr)))
	return padRight(ansi.Truncate(text, w, "…"), w)
}
