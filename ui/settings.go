package ui

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// The names of the settings form's fields.
const (
	fieldTitle      = "title"
	fieldSync       = "sync"
	fieldInterval   = "interval"
	fieldMaxItems   = "max items"
	fieldEnclosures = "enclosures"
	fieldWatch      = "watch"
	fieldFullText   = "full text"
)

// openEdit edits the selected feed's settings, once the feed is read in
// full (showEdit); on a folder it renames it, on a saved search it edits
// its name and expression.
func (t *treePane) openEdit(tg feedTarget) tea.Cmd {
	if n, ok := t.selectedFolder(tg); ok {
		return t.openRenameFolder(n)
	}
	if n, ok := t.selectedSearch(tg); ok {
		return t.openEditSearch(n)
	}
	f := t.selectedFeed(tg)
	if f == nil {
		return t.noFeed()
	}
	return routeTo(t, t.be.fullFeed(f.ID, fullFeedEdit))
}

// showEdit opens the settings form of feed.
func (t *treePane) showEdit(feed store.Feed) {
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
			form.set(fieldSync, *fs.Sync)
			form.set(fieldInterval, itoaOrEmpty(*fs.IntervalMinutes))
			form.set(fieldMaxItems, itoaOrEmpty(*fs.MaxItems))
			form.stayOpen(strings.Join(notices, "; ") + " — saved")
		}
		return t.be.updateSettings(feed.ID, fs, "saved settings of "+oneLine(feed.Title)), nil
	}, editFields(feed)...)
	form.note = feedNote(feed)
	t.out.post(openDialogMsg{form})
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
		choiceField(fieldFullText, "Full text", []string{"off", "on"}, onOff(f.FullText)),
	}
}

// feedNote is the feed's address and state under the settings form.
func feedNote(f store.Feed) string {
	note := oneLine(f.URL)
	row := f.Row()
	if w := feedWarning(&row); w != "" {
		note += "\n" + w
	}
	if f.TTLMinutes > 0 {
		note += fmt.Sprintf("\nThe publisher asks for at least %d minutes between downloads.", f.TTLMinutes)
	}
	return note
}

// settingsFrom reads the form's values into the settings that changed.
// An interval typed while Sync is left as it was means syncing on that
// interval, as 'tidings set … interval=N' does: Sync becomes interval.
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
	if stored := cmp.Or(f.Sync, store.SyncDefault); sync == stored && interval > 0 && interval != f.IntervalMinutes {
		sync = store.SyncInterval
	}
	fs.FolderPath = &folder
	fs.Sync, fs.IntervalMinutes, fs.MaxItems = &sync, &interval, &maxItems
	enc, watch, full := v[fieldEnclosures] == "on", v[fieldWatch] == "on", v[fieldFullText] == "on"
	fs.DownloadEnclosures, fs.Watch, fs.FullText = &enc, &watch, &full
	return fs, nil
}

func atoiOrZero(name, s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s: %s is not a number of minutes or items", name, sanitize.Named(s))
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
