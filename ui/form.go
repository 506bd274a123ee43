package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/sanitize"
)

// field is one line of a form: a text input, or a choice among options.
// name is how the form's submit reads it.
type field struct {
	name    string
	label   string
	input   textinput.Model
	options []string // a choice when not nil
	choice  int
	// complete offers values for a text field (tab), when not nil.
	complete *completion
	// recall walks a text field through earlier values (up, down), when
	// not nil.
	recall *recall
}

func textField(name, label, value, placeholder string) field {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = sanitize.Terminal(placeholder)
	in.SetValue(oneLine(value))
	in.CharLimit = 2048
	in.Cursor.SetMode(cursor.CursorStatic)
	return field{name: name, label: label, input: in}
}

func choiceField(name, label string, options []string, value string) field {
	f := field{name: name, label: label, options: options}
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

// formValues are a submitted form's values by field name.
type formValues map[string]string

// form is a dialog of fields: tab and arrows move, left/right/space
// change a choice, enter submits, esc cancels. A form's results come back
// to its result func, when it has one.
type form struct {
	styles        Styles
	title         string
	note          string
	fields        []field
	focus         int
	err           string
	width, height int
	done          bool
	// info is a notice from the last submit, which kept the form open.
	info   string
	stay   bool
	submit func(values formValues) (tea.Cmd, error)
	// result takes the results of the submit's Cmds routed to the form.
	result func(msg tea.Msg) tea.Cmd
	// action names what enter does ("save" when empty).
	action string
}

// stayOpen keeps the form open after a successful submit, showing msg:
// the submit did its work, and the person should see what it changed.
func (f *form) stayOpen(msg string) {
	f.stay, f.info = true, msg
}

// fail shows err under the fields, the form staying open.
func (f *form) fail(err error) {
	f.info, f.err = "", oneLine(err.Error())
}

// set puts a value in the field named name: a text field's text, or
// the option of a choice.
func (f *form) set(name, value string) {
	for i := range f.fields {
		if f.fields[i].name != name {
			continue
		}
		f.fields[i].input.SetValue(value)
		if j := slices.Index(f.fields[i].options, value); j >= 0 {
			f.fields[i].choice = j
		}
	}
}

func newForm(st Styles, title string, submit func(formValues) (tea.Cmd, error), fields ...field) *form {
	f := &form{styles: st, title: title, fields: fields, submit: submit}
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

// Init does nothing.
func (f *form) Init() tea.Cmd { return nil }

// Done reports whether the form closed.
func (f *form) Done() bool { return f.done }

// SetSize sets the screen the form is centred on.
func (f *form) SetSize(w, h int) { f.width, f.height = w, h }

// ShortHelp is empty: the form's keys (tab, ←/→, enter, esc) are drawn in
// its box, and are not the reader's.
func (f *form) ShortHelp() []key.Binding { return nil }

// FullHelp is empty, as ShortHelp.
func (f *form) FullHelp() [][]key.Binding { return nil }

// Update handles a key, or a result of the submit's Cmds.
func (f *form) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		if f.result != nil {
			return f, f.result(msg)
		}
		return f, nil
	}
	cur := &f.fields[f.focus]
	if f.recalled(cur, km.String()) {
		return f, nil
	}
	switch km.String() {
	case "esc", "ctrl+c":
		f.done = true
		return f, nil
	case "enter":
		return f, f.submitted()
	case "tab", "down":
		if km.String() == "tab" && f.completed(cur) {
			return f, nil
		}
		f.setFocus(f.focus + 1)
		return f, nil
	case "shift+tab", "up":
		f.setFocus(f.focus - 1)
		return f, nil
	}
	if cur.options != nil {
		switch km.String() {
		case "left", "h":
			cur.choice = (cur.choice + len(cur.options) - 1) % len(cur.options)
		case "right", "l", " ":
			cur.choice = (cur.choice + 1) % len(cur.options)
		}
		return f, nil
	}
	var cmd tea.Cmd
	cur.input, cmd = cur.input.Update(km)
	return f, cmd
}

// recalled is up, ctrl+p, down or ctrl+n in a field with a history:
// true when the key was one of them (at either end it changes nothing).
func (f *form) recalled(cur *field, k string) bool {
	if cur.recall == nil {
		return false
	}
	var v string
	var ok bool
	switch k {
	case "up", "ctrl+p":
		v, ok = cur.recall.back(cur.input.Value())
	case "down", "ctrl+n":
		v, ok = cur.recall.forward()
	default:
		return false
	}
	if ok {
		cur.input.SetValue(v)
		cur.input.CursorEnd()
	}
	return true
}

// completed is tab in a field that completes: true when it changed the
// value.
func (f *form) completed(cur *field) bool {
	if cur.complete == nil {
		return false
	}
	v, ok := cur.complete.next(cur.input.Value())
	if ok {
		cur.input.SetValue(v)
		cur.input.CursorEnd()
	}
	return ok
}

func (f *form) submitted() tea.Cmd {
	vals := formValues{}
	for _, fl := range f.fields {
		vals[fl.name] = fl.value()
	}
	f.stay, f.info = false, ""
	cmd, err := f.submit(vals)
	if err != nil {
		f.err = oneLine(err.Error())
		return nil
	}
	f.err = ""
	f.done = !f.stay
	return cmd
}

// View draws the form in a box centred on the screen.
func (f *form) View() string {
	st, width, height := f.styles, f.width, f.height
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
		if fl.complete != nil && i == f.focus {
			lines = append(lines, matchLines(st, fl, lw+2)...)
		}
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

// matchLines lists the completions of a field under it, indented by
// indent cells, the one in the field marked.
func matchLines(st Styles, fl field, indent int) []string {
	ms, at := fl.complete.shown(fl.input.Value())
	if len(ms) == 0 || len(ms) == 1 && at == 0 {
		return nil
	}
	pad := strings.Repeat(" ", indent)
	var out []string
	for i, m := range ms[:min(len(ms), maxShownMatches)] {
		line := "  " + oneLine(m)
		if i == at {
			line = st.RowSelected.Render("› " + oneLine(m))
		}
		out = append(out, pad+line)
	}
	if more := len(ms) - maxShownMatches; more > 0 {
		out = append(out, pad+st.Faint.Render(fmt.Sprintf("  … %d more", more)))
	}
	return out
}

// hint is the form's keys: ←/→ only when it has a choice, tab only when
// it has several fields.
func (f *form) hint() string {
	parts := []string{"enter " + f.verb()}
	if fl := f.fields[f.focus]; fl.complete != nil {
		parts = append(parts, "tab complete")
	}
	if fl := f.fields[f.focus]; fl.recall != nil && len(fl.recall.entries) > 0 {
		parts = append(parts, "↑/↓ history")
	}
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
