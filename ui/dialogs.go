package ui

import (
	"errors"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// The names of the subscribe and search forms' fields (fieldFolder names
// the folder in the settings and move forms too).
const (
	fieldURL    = "url"
	fieldFolder = "folder"
	fieldFind   = "find"
	fieldAs     = "as"
	fieldSaveAs = "save as"
)

// newSubscribeDialog asks for a URL and a folder (the selected one). The
// dialog stays open while the address is checked and on failure, with
// what was typed, saying why; it closes on success.
func newSubscribeDialog(km KeyMap, st Styles, be backend, out *outbox, folder string) *form {
	var f *form
	f = newForm(st, "Subscribe", func(v formValues) (tea.Cmd, error) {
		if v[fieldURL] == "" {
			return nil, errors.New("enter the address of a feed or a web page")
		}
		u := v[fieldURL]
		if !strings.Contains(u, "://") && !engine.IsCommandSource(u) {
			u = "https://" + u
		}
		f.stayOpen("checking " + u + " …")
		return routeTo(f, be.subscribe(u, v[fieldFolder])), nil
	}, textField(fieldURL, "URL", "", "https://example.com/feed.xml"), textField(fieldFolder, "Folder", folder, "(top level)"))
	f.note = "A web page is searched for the feeds it announces; of several, you choose."
	f.action = "subscribe"
	f.result = func(msg tea.Msg) tea.Cmd {
		sm, ok := msg.(subscribedMsg)
		if !ok {
			return nil
		}
		if several, ok := severalFeeds(sm.err); ok && !f.done {
			f.done = true
			out.post(openDialogMsg{newFeedChoice(km, st, be, out, several, f.fields[1].value())})
			return nil
		}
		if sm.err != nil {
			err := fmt.Errorf("subscribe: %w", sm.err)
			if f.done {
				out.say("", err)
			} else {
				f.fail(err)
			}
			return nil
		}
		f.done = true
		line := "subscribed to " + oneLine(sm.title)
		if len(sm.notices) > 0 { // a Fever account subscribes here, and says so
			line = oneLine(strings.Join(sm.notices, "; "))
		}
		out.say(line, nil)
		return be.loadCounts()
	}
	return f
}

// newSearchDialog asks for words to find in every title and content, or
// an expression of the query language; a name saves it as a saved search.
// The results (searchMsg) are the list's.
func newSearchDialog(st Styles, be backend) *form {
	f := newForm(st, "Search", func(v formValues) (tea.Cmd, error) {
		text, expr, name := v[fieldFind], v[fieldAs] == "expression", v[fieldSaveAs]
		if text == "" {
			return nil, errors.New("type words or an expression to look for")
		}
		if !expr {
			return tea.Batch(be.search(text), be.saveSearch(name, engine.WordsExpression(text))), nil
		}
		e, err := engine.ParseExpression(text)
		if err != nil {
			return nil, err
		}
		return tea.Batch(be.searchQuery(text, store.ItemQuery{Filter: e}), be.saveSearch(name, text)), nil
	}, textField(fieldFind, "Find", "", "words (prefixes match), or an expression"),
		choiceField(fieldAs, "As", []string{"words", "expression"}, "words"),
		textField(fieldSaveAs, "Save as", "", "(a name keeps it under Saved searches)"))
	f.note = `An expression: title ~ "go" and unread and age < 7 (fields: title author content ` +
		`feed folder category link unread flagged enclosure age text:"words").`
	f.action = "search"
	return f
}
