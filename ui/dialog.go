package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/tidings-rss/tidings/sanitize"
)

// dialog is a modal box over the panes; while one is open it receives
// every key.
type dialog interface {
	// update handles a key; done closes the dialog.
	update(km tea.KeyMsg) (done bool, cmd tea.Cmd)
	view(st Styles, width, height int) string
}

// field is one line of a form: a text input, or a choice among options.
type field struct {
	label   string
	input   textinput.Model
	options []string // a choice when not nil
	choice  int
}

func textField(label, value, placeholder string) field {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = sanitize.Terminal(placeholder)
	in.SetValue(oneLine(value))
	in.CharLimit = 2048
	in.Cursor.SetMode(cursor.CursorStatic)
	return field{label: label, input: in}
}

func choiceField(label string, options []string, value string) field {
	f := field{label: label, options: options}
	for i, o := range options {
		if o == value {
			f.choice = i
		}
	}
	return f
}

func (f field) value() string {
	if f.options != nil {
		return f.options[f.choice]
	}
	return strings.TrimSpace(f.input.Value())
}

// form is a dialog of fields: tab and arrows move, left/right/space
// change a choice, enter submits, esc cancels.
type form struct {
	title  string
	note   string
	fields []field
	focus  int
	err    string
	// info is a notice from the last submit, which kept the form open.
	info   string
	stay   bool
	submit func(values []string) (tea.Cmd, error)
	// action names what enter does ("save" when empty).
	action string
}

// stayOpen keeps the form open after a successful submit, showing msg:
// the submit did its work, and the person should see what it changed.
func (f *form) stayOpen(msg string) {
	f.stay, f.info = true, msg
}

func newForm(title string, submit func([]string) (tea.Cmd, error), fields ...field) *form {
	f := &form{title: title, fields: fields, submit: submit}
	f.setFocus(0)
	return f
}

func (f *form) setFocus(i int) {
	n := len(f.fields)
	f.focus = (i%n + n) % n
	for j := range f.fields {
		if f.fields[j].options != nil {
			continue
		}
		if j == f.focus {
			f.fields[j].input.Focus()
		} else {
			f.fields[j].input.Blur()
		}
	}
}

func (f *form) update(km tea.KeyMsg) (bool, tea.Cmd) {
	cur := &f.fields[f.focus]
	switch km.String() {
	case "esc", "ctrl+c":
		return true, nil
	case "enter":
		return f.done()
	case "tab", "down":
		f.setFocus(f.focus + 1)
		return false, nil
	case "shift+tab", "up":
		f.setFocus(f.focus - 1)
		return false, nil
	}
	if cur.options != nil {
		switch km.String() {
		case "left", "h":
			cur.choice = (cur.choice + len(cur.options) - 1) % len(cur.options)
		case "right", "l", " ":
			cur.choice = (cur.choice + 1) % len(cur.options)
		}
		return false, nil
	}
	var cmd tea.Cmd
	cur.input, cmd = cur.input.Update(km)
	return false, cmd
}

func (f *form) done() (bool, tea.Cmd) {
	vals := make([]string, len(f.fields))
	for i, fl := range f.fields {
		vals[i] = fl.value()
	}
	f.stay, f.info = false, ""
	cmd, err := f.submit(vals)
	if err != nil {
		f.err = oneLine(err.Error())
		return false, nil
	}
	f.err = ""
	return !f.stay, cmd
}

func (f *form) view(st Styles, width, height int) string {
	w := min(max(width-8, 30), 72)
	lw := 0
	for _, fl := range f.fields {
		lw = max(lw, len(oneLine(fl.label)))
	}
	lines := []string{st.DialogTitle.Render(oneLine(f.title)), ""}
	for i, fl := range f.fields {
		label := st.Label.Render(padRight(oneLine(fl.label), lw) + "  ")
		var v string
		if fl.options != nil {
			v = choiceView(st, fl, i == f.focus)
		} else {
			fl.input.Width = max(w-lw-4, 8)
			v = fl.input.View()
		}
		lines = append(lines, label+v)
	}
	if f.note != "" {
		lines = append(lines, "", st.Faint.Render(eachLine(f.note)))
	}
	if f.info != "" {
		lines = append(lines, "", st.Label.Render(oneLine(f.info)))
	}
	if f.err != "" {
		lines = append(lines, "", st.StatusError.Render(oneLine(f.err)))
	}
	lines = append(lines, "", st.Faint.Render(f.hint()))
	return box(st, strings.Join(lines, "\n"), w, width, height)
}

// hint is the form's keys: ←/→ only when it has a choice, tab only when
// it has several fields.
func (f *form) hint() string {
	parts := []string{"enter " + f.verb()}
	if len(f.fields) > 1 {
		parts = append(parts, "tab next field")
	}
	for _, fl := range f.fields {
		if fl.options != nil {
			parts = append(parts, "←/→ change")
			break
		}
	}
	return strings.Join(append(parts, "esc cancel"), " · ")
}

func (f *form) verb() string {
	if f.action != "" {
		return f.action
	}
	return "save"
}

func choiceView(st Styles, f field, focused bool) string {
	var parts []string
	for i, o := range f.options {
		o = oneLine(o)
		if i == f.choice {
			o = "[" + o + "]"
			if focused {
				o = st.RowSelected.Render(o)
			}
		} else {
			o = " " + o + " "
		}
		parts = append(parts, o)
	}
	return strings.Join(parts, " ")
}

// confirm asks a yes/no question; yes runs in Update when answered.
type confirm struct {
	question string
	yes      func() tea.Cmd
}

func (c *confirm) update(km tea.KeyMsg) (bool, tea.Cmd) {
	switch km.String() {
	case "y", "Y", "enter":
		return true, c.yes()
	case "n", "N", "esc", "q", "ctrl+c":
		return true, nil
	}
	return false, nil
}

func (c *confirm) view(st Styles, width, height int) string {
	w := min(max(width-8, 30), 60)
	body := st.DialogTitle.Render(oneLine(c.question)) + "\n\n" + st.Faint.Render("y yes · n no")
	return box(st, body, w, width, height)
}

// box draws body in a bordered box of width w, centred on the screen.
func box(st Styles, body string, w, width, height int) string {
	b := st.Dialog.Width(w).Render(lipgloss.NewStyle().Width(w - 2).Render(body))
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, b)
}

// pager is a screen of text over the panes (help, a feed's health): the
// movement keys scroll it, esc (or its own key) closes it.
type pager struct {
	keys  KeyMap
	title string
	// lines lays the text out for a width.
	lines func(width int) []string
	// close are further keys that close it (the key that opened it).
	close []key.Binding
	// maxWidth bounds the box's width (default 110).
	maxWidth int
	top      int
}

func (p *pager) update(km tea.KeyMsg) (bool, tea.Cmd) {
	k := p.keys
	switch {
	case key.Matches(km, append([]key.Binding{k.Back, k.ForceQuit}, p.close...)...):
		return true, nil
	case key.Matches(km, k.Down):
		p.top++
	case key.Matches(km, k.Up):
		p.top--
	case key.Matches(km, k.PageDown):
		p.top += 10
	case key.Matches(km, k.PageUp):
		p.top -= 10
	case key.Matches(km, k.Top):
		p.top = 0
	case key.Matches(km, k.Bottom):
		p.top = 1 << 30
	}
	p.top = max(p.top, 0)
	return false, nil
}

func (p *pager) view(st Styles, width, height int) string {
	w := min(width-4, 110)
	if p.maxWidth > 0 {
		w = min(width-4, p.maxWidth)
	}
	lines := p.lines(max(w-4, 20))
	rows := max(height-6, 1)
	p.top = min(p.top, max(len(lines)-rows, 0))
	shown := lines[p.top:min(p.top+rows, len(lines))]
	footer := "esc closes"
	if len(lines) > rows {
		footer = fmt.Sprintf("lines %d–%d of %d · j/k, pgup/pgdn scroll · esc closes", p.top+1, p.top+len(shown), len(lines))
	}
	body := st.DialogTitle.Render(oneLine(p.title)) + "\n\n" + strings.Join(shown, "\n") + "\n\n" + st.Faint.Render(footer)
	return box(st, body, w, width, height)
}
