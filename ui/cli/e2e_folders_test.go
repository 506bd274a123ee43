package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// folderFixture is queryFixture's user (Tech/Go, News, a feed at the top
// level) with a fourth feed in News/World/Europe: News has a sub-folder
// with a sub-folder of its own.
func folderFixture(t *testing.T) *user {
	t.Helper()
	u, srv := queryFixture(t)
	serveTemplate(t, srv, "/europe.xml", "news")
	u.add(srv.URL+"/europe.xml", "--folder", "News/World/Europe", "--title", "Europe")
	u.ok("sync")
	return u
}

// folderList is 'tidings folder list --json' decoded.
func folderList(t *testing.T, u *user) []folderJSON {
	t.Helper()
	var out []folderJSON
	if err := json.Unmarshal([]byte(u.ok("folder", "list", "--json")), &out); err != nil {
		t.Fatalf("folder list --json: %v", err)
	}
	return out
}

// subtreeTotals is what folder list must say of every folder, summed from
// 'tidings feeds --json': each folder's feeds, items and unread items,
// its sub-folders' included.
func subtreeTotals(u *user, paths []string) []folderJSON {
	out := make([]folderJSON, 0, len(paths))
	for _, p := range paths {
		want := folderJSON{Path: p}
		for _, f := range u.feeds() {
			if folder := f["folder"].(string); folder == p || strings.HasPrefix(folder, p+"/") {
				want.FeedCount++
				want.ItemCount += int(f["item_count"].(float64))
				want.UnreadCount += int(f["unread_count"].(float64))
			}
		}
		out = append(out, want)
	}
	return out
}

// folderState is what a folder command could change: the folders, and
// every feed's folder and counts.
func folderState(u *user) string {
	var b strings.Builder
	for _, row := range u.query(`SELECT path, name, coalesce(parent_id, 0) FROM folders ORDER BY path`) {
		b.WriteString(row + "\n")
	}
	for _, f := range u.feeds() {
		fmt.Fprintln(&b, f["url"], f["folder"], f["item_count"], f["unread_count"])
	}
	return b.String()
}

func TestFolderListShowsEachSubtreesFeedsUnreadAndItems(t *testing.T) {
	u := folderFixture(t)
	got := folderList(t, u)
	paths := []string{"News", "News/World", "News/World/Europe", "Tech", "Tech/Go"}
	want := subtreeTotals(u, paths)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("folder list --json:\n%+v\nwant (from feeds --json):\n%+v", got, want)
	}
	if news := got[0]; news.FeedCount != 2 || news.UnreadCount == news.ItemCount || news.UnreadCount == 0 {
		t.Fatalf("News %+v: want 2 feeds and some (not all) items unread (Storm warning is read)", news)
	}
	table := u.ok("folder", "list")
	lines := strings.Split(strings.TrimSpace(table), "\n")
	if len(lines) != 1+len(paths) || strings.Join(strings.Fields(lines[0]), " ") != "FOLDER FEEDS UNREAD ITEMS" {
		t.Fatalf("folder list:\n%s", table)
	}
	for i, f := range want {
		row := fmt.Sprintf("%s %d %d %d", f.Path, f.FeedCount, f.UnreadCount, f.ItemCount)
		if got := strings.Join(strings.Fields(lines[1+i]), " "); got != row {
			t.Errorf("row %d: %q, want %q", i, got, row)
		}
	}
	if out := newUser(t).ok("folder", "list", "--json"); strings.TrimSpace(out) != "[]" {
		t.Errorf("no folders: %q, want []", out)
	}
}

func TestFolderMoveTakesSubfoldersAndFeedsAlong(t *testing.T) {
	u := folderFixture(t)
	before := subtreeTotals(u, []string{"News"})[0]
	u.ok("folder", "move", "News", " Archive / News ") // cleaned as set folder= cleans it
	u.ok("folder", "rename", "Archive/News/World", "Archive/News/Abroad")
	u.ok("folder", "move", "Tech/Go", "Go")
	u.ok("folder", "move", "Go", "Go/") // the same path: nothing to do

	var paths []string
	for _, f := range folderList(t, u) {
		paths = append(paths, f.Path)
	}
	want := []string{"Archive", "Archive/News", "Archive/News/Abroad", "Archive/News/Abroad/Europe", "Go", "Tech"}
	if !slices.Equal(paths, want) {
		t.Fatalf("folders %q, want %q", paths, want)
	}
	folders := map[string]string{}
	for _, f := range u.feeds() {
		folders[f["title"].(string)] = f["folder"].(string)
	}
	if folders["Europe"] != "Archive/News/Abroad/Europe" || folders["Go Blog"] != "Go" || folders["World News"] != "Archive/News" {
		t.Fatalf("feeds' folders %v", folders)
	}
	if after := subtreeTotals(u, []string{"Archive/News"})[0]; after.FeedCount != before.FeedCount || after.ItemCount != before.ItemCount {
		t.Fatalf("Archive/News %+v, want News's %+v", after, before)
	}
	if got := u.integrity(); got != "[ok]" {
		t.Fatalf("integrity_check: %s", got)
	}
}

func TestFolderRemoveMovesFeedsAndSubfoldersUpAndUnsubscribesNothing(t *testing.T) {
	u := folderFixture(t)
	items := len(u.items("--all"))
	u.ok("folder", "remove", "News/World")
	u.ok("folder", "remove", "Tech")

	var paths []string
	for _, f := range folderList(t, u) {
		paths = append(paths, f.Path)
	}
	if want := []string{"Go", "News", "News/Europe"}; !slices.Equal(paths, want) {
		t.Fatalf("folders %q, want %q", paths, want)
	}
	feeds := u.feeds()
	folders := map[string]string{}
	for _, f := range feeds {
		folders[f["title"].(string)] = f["folder"].(string)
	}
	if len(feeds) != 4 || folders["Europe"] != "News/Europe" || folders["Go Blog"] != "Go" {
		t.Fatalf("feeds' folders %v, want all 4 feeds, moved up", folders)
	}
	if n := len(u.items("--all")); n != items {
		t.Fatalf("%d items after removing folders, want %d", n, items)
	}
}

// Every refusal is one line on stderr, nothing on stdout, and changes
// nothing.
func TestFolderRefusesBadInputInOneLineAndChangesNothing(t *testing.T) {
	u := folderFixture(t)
	for _, f := range u.feeds() {
		if f["title"] == "Loose" {
			u.ok("set", jsonID(f["id"]), "folder=World") // a top-level World for News/World to meet
		}
	}
	before := folderState(u)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"folder", "move", "Sport", "Games"}, 2, "no folder Sport (see 'tidings folder list')"},
		{[]string{"folder", "move", "News/Tech", "Tech2"}, 2, "no folder News/Tech"},
		{[]string{"folder", "move", "/", "Top"}, 2, `folder move: / names the top level, which is no folder`},
		{[]string{"folder", "move", "News", ""}, 2, `folder move: the new path "" is empty: a folder needs a name`},
		{[]string{"folder", "move", "News", " / /"}, 2, `the new path " / /" is empty`},
		{[]string{"folder", "move", "News", "Old/../News2"}, 2, "folder move: Old/../News2 is not a folder path"},
		{[]string{"folder", "move", "News", "."}, 2, "folder move: . is not a folder path"},
		{[]string{"folder", "move", "News", "News/Inner"}, 2, "folder move: News cannot move into itself (News/Inner is inside it)"},
		{[]string{"folder", "move", "News", "News/World/Europe/News"}, 2, "cannot move into itself"},
		{[]string{"folder", "move", "News", "Tech"}, 1, "move folder News to Tech: a folder with that path exists; folders are not merged"},
		{[]string{"folder", "rename", "News"}, 2, "expects the folder's path and its new path"},
		{[]string{"folder", "remove", "Sport"}, 2, "no folder Sport"},
		{[]string{"folder", "remove", " "}, 2, `folder remove: " " names the top level`},
		{[]string{"folder", "remove", "News", "Tech"}, 2, "expects the folder's path"},
		{[]string{"folder", "remove", "News"}, 1, "remove folder News: World: a folder with that path exists"},
		{[]string{"folder", "list", "News"}, 2, "unexpected argument News"},
	} {
		r := u.run(c.args...)
		if r.code != c.code || r.stdout != "" || !strings.HasPrefix(r.stderr, "tidings: ") ||
			strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d and one line with %q", c.args, r.code, r.stdout, r.stderr, c.code, c.want)
		}
	}
	if after := folderState(u); after != before {
		t.Fatalf("a refusal changed something:\n%s\nwas:\n%s", after, before)
	}
}

// The reader holds the database open (and writes to it) while the command
// line moves a folder: no lock error, and the reader's tree shows the
// folder under its new name at its next poll.
func TestFolderMoveWhileTheReaderRuns(t *testing.T) {
	t.Parallel() // the reader's seconds of waiting run beside the other tests
	u := folderFixture(t)
	tt := startTUI(t, u, 120, 30)
	tt.waitFor("Tech")
	if r := u.run("folder", "move", "Tech", "Technology"); r.code != 0 || r.stderr != "" {
		t.Fatalf("folder move beside the reader: exit %d, stderr %q", r.code, r.stderr)
	}
	tt.waitFor("Technology")
	if r := u.run("folder", "list"); r.code != 0 || !strings.Contains(r.stdout, "Technology/Go") {
		t.Fatalf("folder list beside the reader: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	tt.keys("q")
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Fatalf("reader: %s", got)
	}
	if got := u.integrity(); got != "[ok]" {
		t.Fatalf("integrity_check: %s", got)
	}
}

// On a database tidings cannot write, list still lists and move says so in
// one line, exit status 2, changing nothing.
func TestFolderOnAReadOnlyDatabase(t *testing.T) {
	u := folderFixture(t)
	before := folderState(u)
	makeReadOnly(t, u.dbPath())
	if got := folderList(t, u); len(got) != 5 {
		t.Fatalf("folder list on a read-only database: %+v", got)
	}
	r := u.run("folder", "move", "News", "Old News")
	if r.code != 2 || !strings.HasSuffix(r.stderr, "is read-only\n") || strings.Count(r.stderr, "\n") != 1 {
		t.Fatalf("folder move on a read-only database: exit %d, stderr %q", r.code, r.stderr)
	}
	if after := folderState(u); after != before {
		t.Fatalf("state changed:\n%s\nwas:\n%s", after, before)
	}
}
