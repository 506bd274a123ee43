package newsboat

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// KeyBinding is an entry of tidings' [keys] table (Context "") or of a
// context's table ([keys.list]): the action's keys after the file's
// bind-key and unbind-key lines; an empty list unbinds.
type KeyBinding struct {
	Context string
	Action  string
	Keys    []string
	// Lines are the newsboat lines that changed it.
	Lines []int
}

// operations maps newsboat's operations to tidings' actions. An operation
// of two actions is one newsboat does in two kinds of places (quit closes
// a dialog, or on the feed list quits).
var operations = map[string][]string{
	"open":                   {"open"},
	"quit":                   {"quit", "back"},
	"hard-quit":              {"force-quit"},
	"reload":                 {"refresh"},
	"reload-all":             {"refresh-all"},
	"mark-feed-read":         {"mark-feed-read"},
	"next-unread":            {"next-unread"},
	"prev-unread":            {"prev-unread"},
	"next":                   {"next-item"},
	"prev":                   {"prev-item"},
	"random-unread":          {"random-unread"},
	"open-in-browser":        {"open-link"},
	"help":                   {"help"},
	"toggle-article-read":    {"toggle-read"},
	"toggle-show-read-feeds": {"hide-read"},
	"open-search":            {"search"},
	"enqueue":                {"download-enclosure"},
	"pipe-to":                {"pipe"},
	"bookmark":               {"bookmark"},
	"save":                   {"save"},
	"up":                     {"up"},
	"down":                   {"down"},
	"pageup":                 {"page-up"},
	"pagedown":               {"page-down"},
	"home":                   {"top"},
	"end":                    {"bottom"},
	"switch-focus":           {"next-pane"},
}

// dialogContexts maps newsboat's bind-key dialogs to tidings' contexts;
// "all" (or none) is every context.
var dialogContexts = map[string]string{
	"feedlist":          ctxTree,
	"articlelist":       ctxList,
	"searchresultslist": ctxList,
	"article":           ctxReader,
	"help":              ctxDialogs,
}

// namedNewsboatKeys are newsboat's key names with Bubble Tea's.
var namedNewsboatKeys = map[string]string{
	"ENTER": "enter", "ESC": "esc", "TAB": "tab", "BACKSPACE": "backspace", "DEL": "delete",
	"SPACE": " ", "UP": "up", "DOWN": "down", "LEFT": "left", "RIGHT": "right",
	"HOME": "home", "END": "end", "PPAGE": "pgup", "NPAGE": "pgdown", "INSERT": "insert",
}

// TranslateKey returns newsboat's key name as Bubble Tea names the key:
// "^N" is "ctrl+n", "ENTER" "enter", "SPACE" " ", "NPAGE" "pgdown", "F5"
// "f5", a character itself.
func TranslateKey(name string) (string, error) {
	if to, ok := namedNewsboatKeys[name]; ok {
		return to, nil
	}
	if n, ok := strings.CutPrefix(name, "F"); ok && len(n) > 0 && len(n) <= 2 && strings.Trim(n, "0123456789") == "" {
		return "f" + n, nil
	}
	if c, ok := strings.CutPrefix(name, "^"); ok && len(c) == 1 {
		switch c = strings.ToLower(c); c {
		case "i":
			return "tab", nil
		case "m", "j":
			return "enter", nil
		case "[":
			return "esc", nil
		}
		if c >= "a" && c <= "z" || strings.Contains(`@\]^_`, c) {
			return "ctrl+" + c, nil
		}
	}
	if r, size := utf8.DecodeRuneInString(name); size == len(name) && unicode.IsGraphic(r) && !unicode.IsSpace(r) {
		return name, nil
	}
	return "", fmt.Errorf("%q is not a key name tidings knows", name)
}

// keymap follows bind-key and unbind-key over tidings' default keys:
// context → action → keys, as newsboat's keymap does, a key doing one
// thing per context.
type keymap struct {
	actions []Action
	keys    map[string]map[string][]string
	lines   map[string]map[string][]int
}

// newKeymap starts from the catalogue's default keys.
func newKeymap(actions []Action) *keymap {
	m := &keymap{actions: actions, keys: map[string]map[string][]string{}, lines: map[string]map[string][]int{}}
	for _, c := range keyContexts {
		m.keys[c], m.lines[c] = map[string][]string{}, map[string][]int{}
	}
	for _, a := range actions {
		for _, c := range a.Contexts {
			m.keys[c][a.Name] = slices.Clone(a.Keys)
		}
	}
	return m
}

// contexts returns the contexts a bind-key or unbind-key dialog names.
func contexts(dialog string) ([]string, error) {
	if dialog == "" || dialog == "all" {
		return keyContexts, nil
	}
	if c, ok := dialogContexts[dialog]; ok {
		return []string{c}, nil
	}
	return nil, fmt.Errorf("tidings has no %s dialog", dialog)
}

// bind translates `bind-key KEY OPERATION [DIALOG]`.
func (m *keymap) bind(line int, args []string) error {
	if len(args) < 2 || len(args) > 3 {
		return fmt.Errorf("want bind-key KEY OPERATION [DIALOG]")
	}
	key, err := TranslateKey(args[0])
	if err != nil {
		return err
	}
	if key == "," {
		return fmt.Errorf(`"," is tidings' macro prefix`)
	}
	names := m.known(operations[args[1]])
	if len(names) == 0 {
		return fmt.Errorf("newsboat's %s has no tidings action", args[1])
	}
	ctxs, err := contexts(dialogArg(args, 2))
	if err != nil {
		return err
	}
	bound, digit := false, len(key) == 1 && key[0] >= '0' && key[0] <= '9'
	for _, c := range ctxs {
		if c == ctxReader && digit {
			continue // the reader's digits are link numbers
		}
		for _, name := range names {
			if _, used := m.keys[c][name]; used {
				m.unbindIn(line, c, key)
				m.keys[c][name] = append(m.keys[c][name], key)
				m.touch(line, c, name)
				bound = true
			}
		}
	}
	switch {
	case !bound && digit && slices.Contains(ctxs, ctxReader):
		return fmt.Errorf("in tidings' reader, digits are the links' numbers")
	case !bound:
		return fmt.Errorf("tidings' %s is not used %s", strings.Join(names, "/"), where(dialogArg(args, 2)))
	}
	return nil
}

// dialogArg is args[i], or "" when there is none.
func dialogArg(args []string, i int) string {
	if i < len(args) {
		return args[i]
	}
	return ""
}

// where names a dialog's context for messages.
func where(dialog string) string {
	return "in the " + dialogContexts[dialog]
}

// known are the names the catalogue holds.
func (m *keymap) known(names []string) []string {
	var out []string
	for _, n := range names {
		if slices.ContainsFunc(m.actions, func(a Action) bool { return a.Name == n }) {
			out = append(out, n)
		}
	}
	return out
}

// unbind translates `unbind-key KEY [DIALOG]`; KEY -a unbinds every key.
func (m *keymap) unbind(line int, args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return fmt.Errorf("want unbind-key KEY [DIALOG]")
	}
	ctxs, err := contexts(dialogArg(args, 1))
	if err != nil {
		return err
	}
	if args[0] == "-a" {
		for _, c := range ctxs {
			for name, keys := range m.keys[c] {
				if len(keys) > 0 {
					m.keys[c][name] = []string{}
					m.touch(line, c, name)
				}
			}
		}
		return nil
	}
	key, err := TranslateKey(args[0])
	if err != nil {
		return err
	}
	for _, c := range ctxs {
		m.unbindIn(line, c, key)
	}
	return nil
}

// unbindIn takes key from whichever action has it in ctx.
func (m *keymap) unbindIn(line int, ctx, key string) {
	for name, keys := range m.keys[ctx] {
		if i := slices.Index(keys, key); i >= 0 {
			m.keys[ctx][name] = slices.Delete(slices.Clone(keys), i, i+1)
			m.touch(line, ctx, name)
		}
	}
}

// touch records that line changed action's keys in ctx.
func (m *keymap) touch(line int, ctx, action string) {
	if ls := m.lines[ctx][action]; len(ls) == 0 || ls[len(ls)-1] != line {
		m.lines[ctx][action] = append(ls, line)
	}
}

// bindings are the changed actions, in catalogue order: an action's keys
// in most of its contexts go in [keys] (when they are not its default),
// and each context where they are otherwise gets its own table.
func (m *keymap) bindings() []KeyBinding {
	var out, perContext []KeyBinding
	for _, a := range m.actions {
		base := m.common(a)
		if !slices.Equal(base, a.Keys) {
			out = append(out, KeyBinding{Action: a.Name, Keys: nonNil(base), Lines: m.linesOf(a)})
		}
		for _, c := range a.Contexts {
			if keys := m.keys[c][a.Name]; !slices.Equal(keys, base) {
				perContext = append(perContext, KeyBinding{Context: c, Action: a.Name, Keys: nonNil(keys), Lines: m.lines[c][a.Name]})
			}
		}
	}
	slices.SortStableFunc(perContext, func(x, y KeyBinding) int {
		return slices.Index(keyContexts, x.Context) - slices.Index(keyContexts, y.Context)
	})
	return append(out, perContext...)
}

// common is a's keys in most of its contexts (its default keys on a tie,
// else the first context's).
func (m *keymap) common(a Action) []string {
	best, bestN := a.Keys, 0
	for _, c := range a.Contexts {
		n := 0
		for _, d := range a.Contexts {
			if slices.Equal(m.keys[c][a.Name], m.keys[d][a.Name]) {
				n++
			}
		}
		if n > bestN || n == bestN && slices.Equal(m.keys[c][a.Name], a.Keys) {
			best, bestN = m.keys[c][a.Name], n
		}
	}
	return best
}

// linesOf are the lines that changed a's keys in any context, in order.
func (m *keymap) linesOf(a Action) []int {
	var ls []int
	for _, c := range a.Contexts {
		ls = append(ls, m.lines[c][a.Name]...)
	}
	slices.Sort(ls)
	return slices.Compact(ls)
}

// nonNil is keys, or an empty list (an unbinding) for none.
func nonNil(keys []string) []string {
	if keys == nil {
		return []string{}
	}
	return keys
}
