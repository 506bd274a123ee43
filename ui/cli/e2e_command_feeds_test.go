//go:build unix

package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// feedScript writes an executable shell script into a folder of the
// user's own (mode 0700) and returns its path.
func feedScript(t *testing.T, u *user, name, body string) string {
	t.Helper()
	dir := filepath.Join(u.home, "bin")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o700); err != nil {
		t.Fatal(err)
	}
	return path
}

// commandRSS is a feed of one item whose title and guid are given.
func commandRSS(title, guid string) string {
	return `<?xml version="1.0"?><rss version="2.0"><channel><title>` + title + `</title>` +
		`<item><title>` + guid + `</title><guid>` + guid + `</guid><link>https://example.org/` + guid + `</link></item></channel></rss>`
}

// syncLines runs 'sync --feed ID' and returns its stderr lines.
func syncLines(t *testing.T, u *user, id string) []string {
	t.Helper()
	r := u.run("sync", "--feed", id)
	if r.code != 0 {
		t.Fatalf("sync --feed %s: exit %d, stderr %q", id, r.code, r.stderr)
	}
	return strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
}

// feedByID returns the feeds --json entry of feed id.
func feedByID(t *testing.T, u *user, id string) map[string]any {
	t.Helper()
	for _, f := range u.feeds() {
		if fmt.Sprint(f["id"]) == id {
			return f
		}
	}
	t.Fatalf("feed %s not listed", id)
	return nil
}

func TestCommandFeedSyncs(t *testing.T) {
	u := newUser(t)
	s := feedScript(t, u, "feed.sh", `printf '%s' '`+commandRSS("From a command", "one")+`' | sed "s/From a command/From $1/"`+"\n")
	source := "exec:" + s + " 'its argument'"
	id := u.add(source)
	if lines := syncLines(t, u, id); lines[0] != "" {
		t.Fatalf("sync said %q", lines)
	}
	f := feedByID(t, u, id)
	if f["url"] != source || f["title"] != "From its argument" {
		t.Fatalf("feed = url %q title %q", f["url"], f["title"])
	}
	items := u.items("--feed", id)
	if len(items) != 1 || items[0]["title"] != "one" {
		t.Fatalf("items = %v", items)
	}
	if r := u.run("add", source); r.code == 0 {
		t.Errorf("the same command added twice: %q", r.stdout)
	}
}

func TestFilterFeedSyncsThroughTheDoor(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setDoc("/feed.xml", doc{body: []byte(commandRSS("Raw", "raw-item")), contentType: "application/rss+xml",
		header: map[string][]string{"Etag": {`"v1"`}}})
	s := feedScript(t, u, "filter.sh", "sed 's/raw-item/filtered-item/g'\n")
	source := "filter:" + s + ":" + srv.URL + "/feed.xml"
	id := u.add(source)
	syncLines(t, u, id)
	items := u.items("--feed", id)
	if len(items) != 1 || items[0]["title"] != "filtered-item" {
		t.Fatalf("items = %v", items)
	}
	if f := feedByID(t, u, id); f["url"] != source {
		t.Fatalf("url = %q, want %q", f["url"], source)
	}
	// The second download is conditional, as any feed's: the door keeps
	// the validators of a filter feed too.
	syncLines(t, u, id)
	if n := srv.requestCount("/feed.xml"); n != 2 {
		t.Fatalf("%d requests, want 2", n)
	}
	if got := srv.lastRequest().Header.Get("If-None-Match"); got != `"v1"` {
		t.Fatalf("If-None-Match = %q, want the ETag", got)
	}
	if ua := srv.lastRequest().Header.Get("User-Agent"); !strings.HasPrefix(ua, "tidings/") {
		t.Fatalf("User-Agent = %q: not the door's", ua)
	}
}

// TestCommandFeedsFailWithOneLine: a non-zero exit, a timeout and output
// over the cap each fail the feed with one line, for a command feed and
// a filter feed; the timed-out command's background child is gone.
func TestCommandFeedsFailWithOneLine(t *testing.T) {
	u := newUser(t)
	u.writeConfig("[sync]\ncommand_timeout = \"2s\"\ncommand_output_bytes = 2048\n")
	srv := newFeedServer(t)
	srv.set("/feed.xml", []byte(commandRSS("Raw", "raw")))
	pidFile := filepath.Join(u.home, "grandchild.pid")
	exit := feedScript(t, u, "exit.sh", "cat >/dev/null\necho 'curl: (6) Could not resolve host: \033[31mexample.org' >&2\necho second line >&2\nexit 6\n")
	hang := feedScript(t, u, "hang.sh", "sleep 300 &\necho $! > '"+pidFile+"'\nwait\n")
	big := feedScript(t, u, "big.sh", "i=0; while [ $i -lt 200 ]; do echo 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; i=$((i+1)); done\n")
	tests := []struct {
		name, source, want string
		grandchild         bool
	}{
		{"exit", "exec:" + exit, "curl: (6) Could not resolve host: [31mexample.org (exit status 6)", false},
		{"timeout", "exec:" + hang, "command timed out after 2s (sync.command_timeout); its processes were killed", true},
		{"too much", "exec:" + big, "command wrote too much: more than 2048 bytes on stdout (sync.command_output_bytes); its processes were killed", false},
		{"filter exit", "filter:" + exit + ":" + srv.URL + "/feed.xml", "filter: curl: (6) Could not resolve host: [31mexample.org (exit status 6)", false},
		{"filter timeout", "filter:" + hang + ":" + srv.URL + "/feed.xml", "filter: command timed out after 2s (sync.command_timeout); its processes were killed", true},
		{"filter too much", "filter:" + big + ":" + srv.URL + "/feed.xml", "filter: command wrote too much: more than 2048 bytes on stdout (sync.command_output_bytes); its processes were killed", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := u.add(tt.source)
			lines := syncLines(t, u, id)
			if want := tt.source + ": " + tt.want; len(lines) != 1 || lines[0] != want {
				t.Fatalf("sync stderr = %q, want the one line %q", lines, want)
			}
			f := feedByID(t, u, id)
			if e, _ := f["last_error"].(string); !strings.HasSuffix(e, tt.want) || strings.Contains(e, "\n") {
				t.Fatalf("last_error = %q", e)
			}
			if tt.grandchild {
				testenv.RequirePidFileGone(t, pidFile)
				os.Remove(pidFile)
			}
		})
	}
}

// TestHostileDatabaseRunsNoCommand: a database others can change (or
// that another user owns) could name any command: its command feeds run
// nothing and fail with one line naming the file and the fix.
func TestHostileDatabaseRunsNoCommand(t *testing.T) {
	for _, how := range []string{"writable by others", "owned by another user"} {
		t.Run(how, func(t *testing.T) {
			if how == "owned by another user" && os.Getuid() != 0 {
				t.Skip("giving the database to another user needs root")
			}
			u := newUser(t)
			marker := filepath.Join(u.home, "ran")
			s := feedScript(t, u, "feed.sh", "touch '"+marker+"'\nprintf '%s' '"+commandRSS("T", "i")+"'\n")
			id := u.add("exec:" + s)
			srv := newFeedServer(t)
			srv.set("/feed.xml", []byte(commandRSS("Raw", "raw")))
			filterID := u.add("filter:" + s + ":" + srv.URL + "/feed.xml")
			db := filepath.Join(u.home, "data", "tidings", "tidings.db")
			var err error
			if how == "writable by others" {
				err = os.Chmod(db, 0o666)
			} else {
				err = os.Chown(db, 65534, 65534)
			}
			if err != nil {
				t.Fatal(err)
			}
			lines := syncLines(t, u, id)
			if len(lines) != 1 || !strings.Contains(lines[0], "will not run commands from "+db) ||
				!strings.Contains(lines[0], "chmod go-w") && !strings.Contains(lines[0], "chown") {
				t.Fatalf("sync stderr = %q, want one line naming the database and the fix", lines)
			}
			if lines := syncLines(t, u, filterID); len(lines) != 1 || !strings.Contains(lines[0], "will not run commands from "+db) {
				t.Fatalf("filter feed: sync stderr = %q", lines)
			}
			if _, err := os.Stat(marker); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("the command of a hostile database ran (%v)", err)
			}
			if n := srv.requestCount("/feed.xml"); n != 0 {
				t.Fatalf("a hostile database's filter feed was fetched %d times", n)
			}
		})
	}
}

// TestUntrustedConfigRunsNoCommandFeed: with a configuration others could
// change, tidings stops before any command feed runs.
func TestUntrustedConfigRunsNoCommandFeed(t *testing.T) {
	u := newUser(t)
	marker := filepath.Join(u.home, "ran")
	s := feedScript(t, u, "feed.sh", "touch '"+marker+"'\nprintf '%s' '"+commandRSS("T", "i")+"'\n")
	u.add("exec:" + s)
	u.writeConfig("[sync]\ncommand_timeout = \"5s\"\n")
	path := filepath.Join(u.home, "config", "tidings", "config.toml")
	if err := os.Chmod(path, 0o666); err != nil {
		t.Fatal(err)
	}
	r := u.run("sync")
	if r.code != exitUsage || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "writable by other users") {
		t.Fatalf("sync: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(marker); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a command feed ran under an untrusted configuration (%v)", err)
	}
}

func TestAddRefusesBadCommandsInOneLine(t *testing.T) {
	u := newUser(t)
	for source, want := range map[string]string{
		"exec:":                             "exec command is empty",
		"exec:feed | tr a b":                "write sh -c",
		"exec:feed\x1b[2J":                  "control characters",
		"exec:" + strings.Repeat("a", 5000): "put it in a script",
		"filter:fix.sh":                     "want filter:COMMAND:URL",
		"filter:fix.sh:ftp://example.org/f": "filter source",
	} {
		r := u.run("add", source)
		if r.code == 0 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, want) || r.stdout != "" {
			t.Errorf("add %.40q: exit %d, stdout %q, stderr %q; want one line with %q", source, r.code, r.stdout, r.stderr, want)
		}
	}
	if feeds := u.run("feeds", "--json"); strings.Contains(feeds.stdout, "exec:") || strings.Contains(feeds.stdout, "filter:") {
		t.Errorf("a refused command was stored: %s", feeds.stdout)
	}
}

// TestImportNewsboatCommandFeeds: a urls file's exec: and filter: lines
// become command and filter feeds, each named in a notice; one that needs
// a shell is skipped with its line.
func TestImportNewsboatCommandFeeds(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.set("/feed.xml", []byte(commandRSS("Raw", "raw-item")))
	s := feedScript(t, u, "feed.sh", "printf '%s' '"+commandRSS("Scripted", "scripted-item")+"'\n")
	f := feedScript(t, u, "filter.sh", "sed s/raw-item/filtered-item/\n")
	urls := filepath.Join(u.home, "urls")
	writeFile(t, urls, `"exec:`+s+` --all" scripts "~My script"`+"\n"+
		`"filter:`+f+`:`+srv.URL+`/feed.xml" news`+"\n"+
		`"exec:`+s+` | tr a b"`+"\n")
	r := u.run("import", urls)
	wantStderr := "tidings: urls line 1: exec feed imported: \"" + s + " --all\" runs at each of its syncs\n" +
		"tidings: urls line 2: filter feed imported: " + f + " runs at each of its syncs\n" +
		"tidings: urls line 3: \"exec:" + s + " | tr a b\" skipped: exec command: cannot split \"" + s + " | tr a b\": it holds | (write sh -c '…' for a shell)\n"
	if r.code != 0 || r.stderr != wantStderr || !strings.HasPrefix(r.stdout, "imported 2 feeds (0 already subscribed)\n") {
		t.Fatalf("import: exit %d, stdout %q, stderr\n%s\nwant\n%s", r.code, r.stdout, r.stderr, wantStderr)
	}
	feeds := u.feedsByURL()
	exec, filter := feeds["exec:"+s+" --all"], feeds["filter:"+f+":"+srv.URL+"/feed.xml"]
	if exec == nil || filter == nil || exec["folder"] != "scripts" || exec["title"] != "My script" || filter["folder"] != "news" {
		t.Fatalf("feeds = %v", feeds)
	}
	u.ok("sync")
	got := map[string]bool{}
	for _, it := range u.items() {
		got[it["title"].(string)] = true
	}
	if !got["scripted-item"] || !got["filtered-item"] || len(got) != 2 {
		t.Fatalf("items after sync: %v", got)
	}
}

// TestImportNewsboatCacheOfCommandFeeds: newsboat runs an exec: and a
// filter: line into its cache; tidings imports the urls file and the
// cache, and the articles land in the command and filter feeds — which
// then sync without a second copy of any article.
func TestImportNewsboatCacheOfCommandFeeds(t *testing.T) {
	testenv.RequireTool(t, "newsboat", "newsboat")
	u := newUser(t)
	srv := newFeedServer(t)
	srv.set("/feed.xml", []byte(commandRSS("Raw", "raw-item")))
	s := feedScript(t, u, "feed.sh", "printf '%s' '"+commandRSS("Scripted", "scripted-item")+"'\n")
	f := feedScript(t, u, "filter.sh", "sed s/raw-item/filtered-item/\n")
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "urls"), `"exec:`+s+`"`+"\n"+`"filter:`+f+`:`+srv.URL+`/feed.xml"`+"\n")
	writeFile(t, filepath.Join(dir, "config"), "")
	cmd := exec.Command("newsboat", "-C", "config", "-u", "urls", "-c", "cache.db", "-x", "reload")
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("newsboat: %v\n%s", err, out)
	}
	r := u.run("import", filepath.Join(dir, "urls"), "--newsboat-cache", filepath.Join(dir, "cache.db"))
	if r.code != 0 || strings.Contains(r.stderr, "skipped") {
		t.Fatalf("import: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	titles := func() map[string]int {
		got := map[string]int{}
		for _, it := range u.items() {
			got[it["title"].(string)]++
		}
		return got
	}
	want := map[string]int{"scripted-item": 1, "filtered-item": 1}
	if got := titles(); !reflect.DeepEqual(got, want) {
		t.Fatalf("imported items %v, want %v", got, want)
	}
	u.ok("sync", "--force")
	if got := titles(); !reflect.DeepEqual(got, want) {
		t.Fatalf("items after sync %v, want %v", got, want)
	}
}

// TestOPMLShowsCommandsAndNeverBringsThem: an export shows a command
// feed as an outline of its own (never an xmlUrl) and a filter feed as
// its address with tidings:filter; importing that file elsewhere
// subscribes to no command, one line each.
func TestOPMLShowsCommandsAndNeverBringsThem(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	s := feedScript(t, u, "feed.sh", "printf '%s' '"+commandRSS("T", "i")+"'\n")
	u.add("exec:"+s+" --all", "--folder", "scripts", "--title", "Mine")
	u.add("filter:" + s + ":" + srv.URL + "/feed.xml")
	exported := filepath.Join(u.home, "subs.opml")
	u.ok("export", exported)
	b, err := os.ReadFile(exported)
	if err != nil {
		t.Fatal(err)
	}
	opml := string(b)
	for _, want := range []string{
		`<outline type="tidings-exec" text="Mine" title="Mine" tidings:exec="` + s + ` --all"/>`,
		`xmlUrl="` + srv.URL + `/feed.xml"`, `tidings:filter="` + s + `"`,
	} {
		if !strings.Contains(opml, want) {
			t.Errorf("export lacks %s:\n%s", want, opml)
		}
	}
	if strings.Contains(opml, `xmlUrl="exec:`) || strings.Contains(opml, `xmlUrl="filter:`) {
		t.Errorf("a command in an xmlUrl:\n%s", opml)
	}

	v := newUser(t)
	r := v.run("import", exported)
	want := "tidings: " + srv.URL + "/feed.xml: filter " + s + " not imported (an OPML file never brings a command to run); the feed is subscribed without it\n" +
		"tidings: command feed \"exec:" + s + " --all\" not imported (an OPML file never brings a command to run); if you trust it, add it with tidings add\n"
	if r.code != 0 || r.stderr != want {
		t.Fatalf("import: exit %d, stderr\n%s\nwant\n%s", r.code, r.stderr, want)
	}
	feeds := v.feedsByURL()
	if len(feeds) != 1 || feeds[srv.URL+"/feed.xml"] == nil {
		t.Fatalf("feeds after import: %v", feeds)
	}
}
