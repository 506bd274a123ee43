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

// openSubscribe asks for a URL and a folder (the selected one). The
// dialog stays open while the address is checked and on failure, with
// what was typed, saying why.
func (m *Model) openSubscribe() tea.Cmd {
	folder := m.tree.node().path
	var f *form
	f = newForm("Subscribe", func(v []string) (tea.Cmd, error) {
		if v[0] == "" {
			return nil, errors.New("enter the address of a feed or a web page")
		}
		u := v[0]
		if !strings.Contains(u, "://") {
			u = "https://" + u
		}
		f.stayOpen("checking " + u + " …")
		return m.be.subscribe(u, v[1]), nil
	}, textField("URL", "", "https://example.com/feed.xml"), textField("Folder", folder, "(top level)"))
	f.note = "A web page is searched for the feeds it announces."
	f.action = "subscribe"
	m.dialog = f
	return nil
}

// subscribed closes the subscribe dialog on success; on failure it stays
// with the reason, the URL still typed.
func (m *Model) subscribed(msg subscribedMsg) tea.Cmd {
	f, open := m.dialog.(*form)
	open = open && f.title == "Subscribe"
	if msg.err != nil {
		err := fmt.Errorf("subscribe: %w", msg.err)
		if !open {
			m.status.set("", err)
			return nil
		}
		f.info, f.err = "", oneLine(err.Error())
		return nil
	}
	if open {
		m.dialog = nil
	}
	line := "subscribed to " + oneLine(msg.title)
	if len(msg.notices) > 0 {
		line = oneLine(strings.Join(msg.notices, "; "))
	}
	m.status.set(line, nil)
	return m.be.loadCounts()
}

// openUnsubscribe asks before removing the selected feed; on a folder it
// asks before removing the folder (its feeds move up, none is lost).
func (m *Model) openUnsubscribe() tea.Cmd {
	if n, ok := m.selectedFolder(); ok {
		return m.openRemoveFolder(n)
	}
	f := m.selectedFeed()
	if f == nil {
		return m.noFeed()
	}
	feed := *f
	m.dialog = &confirm{question: fmt.Sprintf("Unsubscribe from %s? Its items and enclosure files go.", oneLine(feed.Title)),
		yes: func() tea.Cmd { return m.be.removeFeed(feed) }}
	return nil
}

// openEdit edits the selected feed's settings; on a folder it renames it.
func (m *Model) openEdit() tea.Cmd {
	if n, ok := m.selectedFolder(); ok {
		return m.openRenameFolder(n)
	}
	f := m.selectedFeed()
	if f == nil {
		return m.noFeed()
	}
	feed := *f
	var form *form
	form = newForm("Settings of "+oneLine(feed.Title), func(v []string) (tea.Cmd, error) {
		fs, err := settingsFrom(feed, v)
		if err != nil {
			return nil, err
		}
		fs, notices, err := engine.BoundSettings(fs)
		if err != nil {
			return nil, err
		}
		if len(notices) > 0 { // saved as bounded; the dialog stays to say so
			form.fields[3].input.SetValue(itoaOrEmpty(*fs.IntervalMinutes))
			form.fields[4].input.SetValue(itoaOrEmpty(*fs.MaxItems))
			form.stayOpen(strings.Join(notices, "; ") + " — saved")
		}
		return m.be.updateSettings(feed.ID, fs, "saved settings of "+oneLine(feed.Title)), nil
	}, editFields(feed)...)
	form.note = feedNote(feed)
	m.dialog = form
	return nil
}

func editFields(f store.Feed) []field {
	title, own := "", oneLine(f.Title)+" (the feed's own)"
	if f.CustomTitle {
		title, own = f.Title, "(the feed's own)"
	}
	return []field{
		textField("Title", title, own),
		textField("Folder", f.FolderPath, "(top level)"),
		choiceField("Sync", []string{store.SyncDefault, store.SyncInterval, store.SyncManual}, f.Sync),
		textField("Interval (min)", itoaOrEmpty(f.IntervalMinutes), "default"),
		textField("Max items", itoaOrEmpty(f.MaxItems), "default"),
		choiceField("Enclosures", []string{"off", "on"}, onOff(f.DownloadEnclosures)),
		choiceField("Watch", []string{"off", "on"}, onOff(f.Watch)),
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
func settingsFrom(f store.Feed, v []string) (store.FeedSettings, error) {
	var fs store.FeedSettings
	interval, err := atoiOrZero("interval", v[3])
	if err != nil {
		return fs, err
	}
	maxItems, err := atoiOrZero("max items", v[4])
	if err != nil {
		return fs, err
	}
	if title := v[0]; title != f.Title || !f.CustomTitle {
		fs.Title = &title
	}
	fs.FolderPath = &v[1]
	fs.Sync, fs.IntervalMinutes, fs.MaxItems = &v[2], &interval, &maxItems
	enc, watch := v[5] == "on", v[6] == "on"
	fs.DownloadEnclosures, fs.Watch = &enc, &watch
	return fs, nil
}

// openSearch asks for words to find in every title and content, or an
// expression of the query language; a name saves it as a saved search.
func (m *Model) openSearch() tea.Cmd {
	f := newForm("Search", func(v []string) (tea.Cmd, error) {
		text, expr, name := v[0], v[1] == "expression", v[2]
		if text == "" {
			return nil, errors.New("type words or an expression to look for")
		}
		if !expr {
			return tea.Batch(m.be.search(text), m.be.saveSearch(name, engine.WordsExpression(text))), nil
		}
		e, err := engine.ParseExpression(text)
		if err != nil {
			return nil, err
		}
		return tea.Batch(m.be.searchQuery(text, store.ItemQuery{Filter: e}), m.be.saveSearch(name, text)), nil
	}, textField("Find", "", "words (prefixes match), or an expression"),
		choiceField("As", []string{"words", "expression"}, "words"),
		textField("Save as", "", "(a name keeps it under Saved searches)"))
	f.note = `An expression: title ~ "go" and unread and age < 7 (fields: title author content ` +
		`feed folder category link unread flagged enclosure age text:"words").`
	f.action = "search"
	m.dialog = f
	return nil
}

// openStats reads the statistics of the selected feed (or all).
func (m *Model) openStats() tea.Cmd {
	var f *store.Feed
	if n := m.tree.node(); n.kind == nodeFeed {
		c := *n.feed
		f = &c
	}
	return m.be.stats(f)
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
