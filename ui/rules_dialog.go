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
		return b.loadRules(false, "rule added: it applies to new and updated items (r: to the stored ones now)")()
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

// rulesDialog lists the rules; a adds one (a form), d removes the
// selected one, r applies it to the stored items (rules_apply.go), esc
// closes. The results of its commands come back to it.
type rulesDialog struct {
	keys   KeyMap
	styles Styles
	be     backend
	out    *outbox
	rules  []store.Rule
	cursor int
	// feed is the feed selected when the dialog opened: a new rule may be
	// limited to it.
	feed   *store.FeedRow
	title  func(id int64) string
	adding *form
	// pending is a delete rule's count, waiting for y.
	pending       *ruleAppliedMsg
	status        string
	err           string
	width, height int
	done          bool
}

// newRulesDialog is the rules dialog; feed is the selected feed (nil:
// none), title names a feed.
func newRulesDialog(keys KeyMap, st Styles, be backend, out *outbox, feed *store.FeedRow, title func(int64) string) *rulesDialog {
	return &rulesDialog{keys: keys, styles: st, be: be, out: out, feed: feed, title: title}
}

// Init does nothing.
func (d *rulesDialog) Init() tea.Cmd { return nil }

// Done reports whether the dialog closed.
func (d *rulesDialog) Done() bool { return d.done }

// SetSize sets the screen the dialog is centred on.
func (d *rulesDialog) SetSize(w, h int) {
	d.width, d.height = w, h
	if d.adding != nil {
		d.adding.SetSize(w, h)
	}
}

// ShortHelp is the dialog's keys of the KeyMap (a and d are its own).
func (d *rulesDialog) ShortHelp() []key.Binding {
	return []key.Binding{d.keys.Down, d.keys.Up, d.keys.Back}
}

// FullHelp is the dialog's keys, as ShortHelp.
func (d *rulesDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Update handles a key (the add form's while it is open), or the rules
// read again after a change.
func (d *rulesDialog) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case rulesMsg:
		d.loaded(msg)
	case ruleAppliedMsg:
		d.applied(msg)
	case tea.KeyMsg:
		return d, d.key(msg)
	}
	return d, nil
}

// loaded shows the rules read; once closed, only an error is said.
func (d *rulesDialog) loaded(msg rulesMsg) {
	if d.done {
		if msg.err != nil {
			d.out.say("", msg.err)
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

func (d *rulesDialog) key(km tea.KeyMsg) tea.Cmd {
	if d.adding != nil {
		_, cmd := d.adding.Update(km)
		if d.adding.Done() {
			d.adding = nil
		}
		return cmd
	}
	if d.pending != nil {
		return d.confirmKey(km)
	}
	switch {
	case key.Matches(km, d.keys.Back, d.keys.ForceQuit, d.keys.Rules):
		d.done = true
	case key.Matches(km, d.keys.Up):
		d.cursor = max(d.cursor-1, 0)
	case key.Matches(km, d.keys.Down):
		d.cursor = max(min(d.cursor+1, len(d.rules)-1), 0)
	case km.String() == "a":
		d.adding = d.addForm()
		d.adding.SetSize(d.width, d.height)
	case km.String() == "r":
		return d.startApply()
	case km.String() == "d" || km.String() == "x" || km.Type == tea.KeyDelete:
		if d.cursor < len(d.rules) {
			return routeTo(d, d.be.removeRule(d.rules[d.cursor].ID))
		}
	}
	return nil
}

// The names of the rule form's fields.
const (
	fieldExpression = "expression"
	fieldAction     = "action"
	fieldFeeds      = "feeds"
)

// addForm asks for an expression, an action and the feeds it covers.
func (d *rulesDialog) addForm() *form {
	scopes := []string{"all feeds"}
	if d.feed != nil {
		scopes = append(scopes, "only "+oneLine(d.feed.Title))
	}
	f := newForm(d.styles, "New rule", func(v formValues) (tea.Cmd, error) {
		if _, err := engine.ParseExpression(v[fieldExpression]); err != nil {
			return nil, err
		}
		var feedID int64
		if v[fieldFeeds] != scopes[0] {
			feedID = d.feed.ID
		}
		return routeTo(d, d.be.addRule(v[fieldExpression], v[fieldAction], feedID)), nil
	},
		textField(fieldExpression, "Expression", "", `title ~ "sponsored"`),
		choiceField(fieldAction, "Action", []string{store.ActionHide, store.ActionRead, store.ActionFlag, store.ActionDelete}, store.ActionHide),
		choiceField(fieldFeeds, "Feeds", scopes, scopes[0]))
	f.note = "Applies to new and updated items as they are stored. Fields: title author content feed " +
		"folder category link (= != ~ !~), unread flagged enclosure, age (< > days), text:\"words\"."
	return f
}

// VIEW

// View draws the rules (or the add form) in a box.
func (d *rulesDialog) View() string {
	if d.adding != nil {
		return d.adding.View()
	}
	st, width, height := d.styles, d.width, d.height
	w := min(max(width-8, 30), 100)
	lines := []string{st.DialogTitle.Render("Rules"), ""}
	if len(d.rules) == 0 {
		lines = append(lines, st.Faint.Render("No rules yet."))
	}
	for i, r := range d.rules {
		lines = append(lines, rowStyle(st.RowSelected, st.RowCursor, st.Row, i == d.cursor, true).Render(d.row(r, w-2)))
	}
	if d.status != "" {
		lines = append(lines, "", st.Label.Render(oneLine(d.status)))
	}
	if d.err != "" {
		lines = append(lines, "", st.StatusError.Render(d.err))
	}
	lines = append(lines, "", st.Faint.Render("a add · d remove · r apply to stored items · j/k move · esc close"))
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
