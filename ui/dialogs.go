package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// The names of the forms' fields.
const (
	fieldURL        = "url"
	fieldFolder     = "folder"
	fieldTitle      = "title"
	fieldSync       = "sync"
	fieldInterval   = "interval"
	fieldMaxItems   = "max items"
	fieldEnclosures = "enclosures"
	fieldWatch      = "watch"
	fieldFind       = "find"
	fieldAs         = "as"
	fieldSaveAs     = "save as"
)

// newSubscribeDialog asks for a URL and a folder (the selected one). The
// dialog stays open while the address is checked and on failure, with
// what was typed, saying why; it closes on success.
func newSubscribeDialog(st Styles, be backend, out *outbox, folder string) *form {
	var f *form
	f = newForm(st, "Subscribe", func(v formValues) (tea.Cmd, error) {
		if v[fieldURL] == "" {
			return nil, errors.New("enter the address of a feed or a web page")
		}
		u := v[fieldURL]
		if !strings.Contains(u, "://") {
			u = "https://" + u
		}
		f.stayOpen("checking " + u + " …")
		return routeTo(f, be.subscribe(u, v[fieldFolder])), nil
	}, textField(fieldURL, "URL", "", "https://example.com/feed.xml"), textField(fieldFolder, "Folder", folder, "(top level)"))
	f.note = "A web page is searched for the feeds it announces."
	f.action = "subscribe"
	f.result = func(msg tea.Msg) tea.Cmd {
		sm, ok := msg.(subscribedMsg)
		if !ok {
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
		out.say("subscribed to "+oneLine(sm.title), nil)
		return be.loadCounts()
	}
	return f
}

// openEdit edits the selected feed's settings; on a folder it renames it.
func (t *treePane) openEdit(tg feedTarget) tea.Cmd {
	if n, ok := t.selectedFolder(tg); ok {
		return t.openRenameFolder(n)
	}
	f := t.selectedFeed(tg)
	if f == nil {
		return t.noFeed()
	}
	feed := *f
	var form *form
	form = newForm(t.styles, "Settings of "+oneLine(feed.Title), func(v formValues) (tea.Cmd, error) {
		fs, err := settingsFrom(feed, v)
		if err != nil {
			return nil, err
		}
		fs, notices, err := engine.BoundSettings(fs)
		if err != nil {
			return nil, err
		}
		if len(notices) > 0 { // saved as bounded; the dialog stays to say so
			form.set(fieldInterval, itoaOrEmpty(*fs.IntervalMinutes))
			form.set(fieldMaxItems, itoaOrEmpty(*fs.MaxItems))
			form.stayOpen(strings.Join(notices, "; ") + " — saved")
		}
		return t.be.updateSettings(feed.ID, fs, "saved settings of "+oneLine(feed.Title)), nil
	}, editFields(feed)...)
	form.note = feedNote(feed)
	t.out.post(openDialogMsg{form})
	return nil
}

func editFields(f store.Feed) []field {
	title, own := "", oneLine(f.Title)+" (the feed's own)"
	if f.CustomTitle {
		title, own = f.Title, "(the feed's own)"
	}
	return []field{
		textField(fieldTitle, "Title", title, own),
		textField(fieldFolder, "Folder", f.FolderPath, "(top level)"),
		choiceField(fieldSync, "Sync", []string{store.SyncDefault, store.SyncInterval, store.SyncManual}, f.Sync),
		textField(fieldInterval, "Interval (min)", itoaOrEmpty(f.IntervalMinutes), "default"),
		textField(fieldMaxItems, "Max items", itoaOrEmpty(f.MaxItems), "default"),
		choiceField(fieldEnclosures, "Enclosures", []string{"off", "on"}, onOff(f.DownloadEnclosures)),
		choiceField(fieldWatch, "Watch", []string{"off", "on"}, onOff(f.Watch)),
	}
}

// feedNote is the feed's address and state under the settings form.
func feedNote(f store.Feed) string {
	note := oneLine(f.URL)
	if w := feedWarning(&f); w != "" {
		note += "\n" + w
	}
	if f.TTLMinutes > 0 {
		note += fmt.Sprintf("\nThe publisher asks for at least %d minutes between downloads.", f.TTLMinutes)
	}
	return note
}

// settingsFrom reads the form's values into the settings that changed.
func settingsFrom(f store.Feed, v formValues) (store.FeedSettings, error) {
	var fs store.FeedSettings
	interval, err := atoiOrZero("interval", v[fieldInterval])
	if err != nil {
		return fs, err
	}
	maxItems, err := atoiOrZero("max items", v[fieldMaxItems])
	if err != nil {
		return fs, err
	}
	if title := v[fieldTitle]; title != f.Title || !f.CustomTitle {
		fs.Title = &title
	}
	folder, sync := v[fieldFolder], v[fieldSync]
	fs.FolderPath = &folder
	fs.Sync, fs.IntervalMinutes, fs.MaxItems = &sync, &interval, &maxItems
	enc, watch := v[fieldEnclosures] == "on", v[fieldWatch] == "on"
	fs.DownloadEnclosures, fs.Watch = &enc, &watch
	return fs, nil
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

func atoiOrZero(name, s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s: %q is not a number of minutes or items", name, s)
	}
	return n, nil
}

func itoaOrEmpty(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
