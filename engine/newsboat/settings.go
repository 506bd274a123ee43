package newsboat

import (
	"fmt"
	"strings"
)

// Settings are the lines of a newsboat config that become tidings
// settings: its keys, macros, colours, highlights, browser and bookmark
// command, each with the line it came from.
type Settings struct {
	// Browser is [ui] browser, BookmarkCommand [ui] bookmark_command;
	// the zero Setting when the file does not set them.
	Browser, BookmarkCommand Setting
	// Keys are the [keys] and [keys.CONTEXT] entries that bind-key and
	// unbind-key change from tidings' defaults.
	Keys []KeyBinding
	// Macros are the [macros] entries.
	Macros []Macro
	// Colors are the [colors] entries, in file order (a later line for
	// the same element wins, as in newsboat).
	Colors []Color
	// Highlights are the [[highlight]] tables, ArticleHighlights the
	// [[highlight-article]] ones.
	Highlights        []Highlight
	ArticleHighlights []ArticleHighlight
	// Notes are lines that translated with a difference worth saying
	// (an attribute dropped, a highlight drawn otherwise).
	Notes []Untranslated
}

// Setting is a translated value and the line it came from (0: unset).
type Setting struct {
	Line  int
	Value string
}

// settingsReader translates a config's setting lines one by one.
type settingsReader struct {
	out    Settings
	keymap *keymap
	colors map[string]int // element → index in out.Colors
}

// newSettingsReader starts from tidings' default keys.
func newSettingsReader(actions []Action) *settingsReader {
	return &settingsReader{keymap: newKeymap(actions), colors: map[string]int{}}
}

// settingCommands are the commands settingsReader translates.
var settingCommands = map[string]bool{
	"bind-key": true, "unbind-key": true, "macro": true, "color": true, "highlight": true,
	"highlight-article": true, "browser": true, "bookmark-cmd": true, "pipe-to": true,
}

// read translates line n, whose first token is one of settingCommands;
// a line that does not translate is an error saying why.
func (r *settingsReader) read(line int, text string, tokens []string) error {
	args := tokens[1:]
	var note string
	var err error
	switch tokens[0] {
	case "bind-key":
		err = r.keymap.bind(line, args)
	case "unbind-key":
		err = r.keymap.unbind(line, args)
	case "macro":
		err = r.macro(line, args)
	case "color":
		note, err = r.color(line, args)
	case "highlight":
		var h highlights
		if h, note, err = translateHighlight(line, args); err == nil {
			r.out.Highlights = append(r.out.Highlights, h.list...)
			r.out.ArticleHighlights = append(r.out.ArticleHighlights, h.article...)
		}
	case "highlight-article":
		var h Highlight
		if h, note, err = translateHighlightArticle(line, args); err == nil {
			r.out.Highlights = append(r.out.Highlights, h)
		}
	case "browser":
		err = r.browser(line, args)
	case "bookmark-cmd":
		err = r.bookmark(line, args)
	case "pipe-to":
		err = fmt.Errorf(`newsboat has no pipe-to setting (it is an operation: "bind-key KEY pipe-to" and a macro's "pipe-to COMMAND" translate)`)
	}
	if note != "" {
		r.out.Notes = append(r.out.Notes, Untranslated{Line: line, Text: text, Reason: note})
	}
	return err
}

// macro translates a macro line; a later macro of the same key wins.
func (r *settingsReader) macro(line int, args []string) error {
	m, err := translateMacro(line, r.keymap.actions, args)
	if err != nil {
		return err
	}
	for i := range r.out.Macros {
		if r.out.Macros[i].Key == m.Key {
			r.out.Macros[i] = m
			return nil
		}
	}
	r.out.Macros = append(r.out.Macros, m)
	return nil
}

// color translates a color line; a later line for an element replaces
// its value.
func (r *settingsReader) color(line int, args []string) (string, error) {
	cs, note, err := translateColorLine(line, args)
	if err != nil {
		return "", err
	}
	for _, c := range cs {
		if i, ok := r.colors[c.Element]; ok {
			r.out.Colors[i] = c
			continue
		}
		r.colors[c.Element] = len(r.out.Colors)
		r.out.Colors = append(r.out.Colors, c)
	}
	return note, nil
}

// browser translates `browser COMMAND`.
func (r *settingsReader) browser(line int, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf(`want browser "COMMAND"`)
	}
	v, err := translateBrowser(args[0])
	if err != nil {
		return err
	}
	r.out.Browser = Setting{Line: line, Value: v}
	return nil
}

// bookmark translates `bookmark-cmd COMMAND`: tidings runs it as newsboat
// does, with the URL, title, description and feed title as arguments,
// but without a shell.
func (r *settingsReader) bookmark(line int, args []string) error {
	if len(args) != 1 || strings.TrimSpace(args[0]) == "" {
		return fmt.Errorf(`want bookmark-cmd "COMMAND"`)
	}
	if strings.ContainsAny(args[0], "|&;<>()$`\n") {
		return fmt.Errorf("tidings runs the bookmark command without a shell, and this command needs one")
	}
	r.out.BookmarkCommand = Setting{Line: line, Value: args[0]}
	return nil
}

// settings returns what the lines translated into.
func (r *settingsReader) settings() Settings {
	out := r.out
	out.Keys = r.keymap.bindings()
	return out
}
