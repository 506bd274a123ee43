package engine

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/opml"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// folderNames is the path of each folder.
func folderNames(folders []store.Folder) []string {
	var names []string
	for _, f := range folders {
		names = append(names, f.Path)
	}
	return names
}

// hostileName is a name as a hostile document or a careless paste gives
// it: a right-to-left override (U+202E), the 8-bit CSI of a colour
// sequence (U+009B), a next-line (U+0085), and a tab and a newline.
const hostileName = "Re\u202ead\u009b[31m \u0085 me\tnow\n"

// cleanName is hostileName as plain text: format and control characters
// dropped, white space collapsed.
const cleanName = "Read[31m me now"

// TestImportedNamesArePlainText: the feed titles, folder names and saved
// search names an OPML document brings are stored as plain text, as a
// feed's own title is, so they can never reach the terminal as anything
// but characters.
func TestImportedNamesArePlainText(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	src := `<opml version="2.0" xmlns:tidings="https://github.com/tidings-rss/tidings/opml"><head>` +
		`<tidings:search name="` + hostileName + `" query="unread"/></head><body>` +
		`<outline text="` + hostileName + `"><outline text="` + hostileName + `" xmlUrl="` + h.srv.URL + `/f"/></outline>` +
		`</body></opml>`
	doc, err := opml.Decode(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.eng.ImportOPML(ctx, doc); err != nil {
		t.Fatal(err)
	}
	feeds, err := h.store.Feeds(ctx)
	if err != nil || len(feeds) != 1 {
		t.Fatalf("feeds: %v, %v", feeds, err)
	}
	if f := feeds[0]; f.Title != cleanName || f.FolderPath != cleanName || !f.CustomTitle {
		t.Errorf("feed: title %q, folder %q, custom %v; want %q in folder %q, custom", f.Title, f.FolderPath, f.CustomTitle, cleanName, cleanName)
	}
	folders, err := h.store.Folders(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if names := folderNames(folders); !slices.Equal(names, []string{cleanName}) {
		t.Errorf("folders %q, want [%q]", names, cleanName)
	}
	searches, err := h.store.SavedSearches(ctx)
	if err != nil || len(searches) != 1 || searches[0].Name != cleanName {
		t.Errorf("saved searches %+v (%v), want one named %q", searches, err, cleanName)
	}
	// Importing it again finds the same names: nothing is added twice.
	again, err := h.eng.ImportOPML(ctx, doc)
	if err != nil || again.Added != 0 || again.Searches != 0 || len(again.Notices) != 0 {
		t.Errorf("second import: %+v, %v; want nothing added and no notice", again, err)
	}
}

// TestGivenNamesArePlainText: a title given to tidings add, a folder, a
// folder's new path, a new title set on a feed and a saved search's name
// are stored as plain text too.
func TestGivenNamesArePlainText(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.srv.handle("/f", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(feed20("n"))) })
	sub, err := h.eng.Subscribe(ctx, Subscription{URL: weburl.MustParse(h.srv.URL + "/f"), Title: hostileName, Folder: hostileName + "/" + hostileName})
	if err != nil {
		t.Fatal(err)
	}
	f := h.feed(sub.Feed.ID)
	if want := cleanName + "/" + cleanName; f.Title != cleanName || f.FolderPath != want {
		t.Errorf("subscribed: title %q in %q, want %q in %q", f.Title, f.FolderPath, cleanName, want)
	}
	if err := h.eng.MoveFolder(ctx, cleanName, "Moved\u202e\u0085"); err != nil {
		t.Fatal(err)
	}
	if f := h.feed(f.ID); f.FolderPath != "Moved/"+cleanName {
		t.Errorf("moved folder: feed in %q, want %q", f.FolderPath, "Moved/"+cleanName)
	}
	s, err := h.eng.SaveSearch(ctx, hostileName, "unread")
	if err != nil || s.Name != cleanName {
		t.Errorf("saved search %q (%v), want %q", s.Name, err, cleanName)
	}
	title := "Other\u202e \u0085name"
	bounded, _, err := BoundSettings(store.FeedSettings{Title: &title})
	if err != nil || *bounded.Title != "Other name" {
		t.Errorf("bounded title %q (%v), want %q", *bounded.Title, err, "Other name")
	}
}

// TestExportedTitlesKeepWhoseTheyAre: a subscription list tidings exports
// and imports again keeps each title's owner: a name the person gave stays
// theirs (downloads keep it), the publisher's title stays the publisher's
// (downloads update it). A title in another reader's OPML is the person's.
func TestExportedTitlesKeepWhoseTheyAre(t *testing.T) {
	from := newHarness(t)
	ctx := context.Background()
	mine := from.add("/mine", store.NewFeed{Title: "My name for it", CustomTitle: true})
	theirs := from.add("/theirs", store.NewFeed{Title: "The publisher's title"})
	doc, err := from.eng.ExportOPML(ctx)
	if err != nil {
		t.Fatal(err)
	}
	to := newHarness(t)
	if _, err := to.eng.ImportOPML(ctx, doc); err != nil {
		t.Fatal(err)
	}
	custom := map[string]bool{}
	titles := map[string]string{}
	feeds, err := to.store.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range feeds {
		custom[f.URL], titles[f.URL] = f.CustomTitle, f.Title
	}
	if !custom[mine.URL] || titles[mine.URL] != mine.Title {
		t.Errorf("the person's title came back as %q, custom %v; want %q, custom", titles[mine.URL], custom[mine.URL], mine.Title)
	}
	if custom[theirs.URL] || titles[theirs.URL] != theirs.Title {
		t.Errorf("the publisher's title came back as %q, custom %v; want %q, not custom", titles[theirs.URL], custom[theirs.URL], theirs.Title)
	}
	foreign, err := opml.Decode(strings.NewReader(`<opml><body><outline text="Named" xmlUrl="` + to.srv.URL + `/other"/></body></opml>`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := to.eng.ImportOPML(ctx, foreign); err != nil {
		t.Fatal(err)
	}
	f, err := to.store.ResolveFeed(ctx, to.srv.URL+"/other")
	if err != nil || !f.CustomTitle {
		t.Errorf("another reader's title: custom %v (%v), want custom", f.CustomTitle, err)
	}
}
