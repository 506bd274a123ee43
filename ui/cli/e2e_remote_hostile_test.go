package cli

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// osc sets the terminal's title, clear clears the screen: what a hostile
// server hid in a subscription's URL and title.
const (
	oscTitle = "\x1b]0;pwned\x07"
	clear    = "\x1b[2J"
)

// A sync server's subscriptions never bring a control to the terminal: a
// subscription whose URL holds an OSC title change is skipped with one
// line; one whose title holds it is stored as plain text; one without a
// title is shown by its URL. Neither sync, feeds, remove nor a sync after
// the account is gone prints a control, and none is stored.
func TestRemoteHostileSubscriptionsNeverReachTheTerminal(t *testing.T) {
	g := newFakeGReader(t, "127.0.0.2")
	g.setSubscriptions(
		[3]string{"feed/1", "http://127.0.0.1/evil.xml" + oscTitle + clear, ""},
		[3]string{"feed/2", "http://127.0.0.1/titled.xml", "Titled" + oscTitle + clear},
		[3]string{"feed/3", "http://127.0.0.1/untitled.xml", ""},
	)
	u := newUser(t)
	u.writeConfig(greaderConfig(g.url, "pw", ""))
	var outputs []string
	run := func(args ...string) result {
		r := u.run(args...)
		outputs = append(outputs, r.stdout, r.stderr)
		return r
	}
	r := run("sync")
	if r.code != 0 {
		t.Fatalf("sync: exit %d, stderr %q", r.code, r.stderr)
	}
	lines := stderrLines(r.stderr)
	if len(lines) != 1 || !strings.Contains(lines[0], "feed/1") || !strings.Contains(lines[0], "skipped") {
		t.Errorf("sync stderr %q, want one line saying feed/1 is skipped", r.stderr)
	}
	feeds := u.feeds()
	titles := map[string]string{}
	for _, f := range feeds {
		titles[f["url"].(string)] = f["title"].(string)
	}
	if len(feeds) != 2 || titles["http://127.0.0.1/titled.xml"] != "Titled]0;pwned[2J" ||
		titles["http://127.0.0.1/untitled.xml"] != "http://127.0.0.1/untitled.xml" {
		t.Errorf("feeds = %v", titles)
	}
	run("feeds")
	if r := run("remove", "http://127.0.0.1/titled.xml"); r.code != 0 {
		t.Errorf("remove: exit %d, stderr %q", r.code, r.stderr)
	}
	u.writeConfig("[sync]\nbucket_refill_per_second = 0\n") // the account is gone
	run("sync")
	run("feeds")
	for _, out := range outputs {
		noControls(t, "output", out)
	}
	if files := filesContaining(t, u.home+"/data", "\x1b]0;"); len(files) > 0 {
		t.Errorf("a control sequence is stored in %v", files)
	}
}

// A server that lists the URL of a feed added with --local neither takes
// it over nor, listing nothing afterwards, deletes it: the feed stays
// local with its flagged item, and each sync says in one line that the
// server's subscription is skipped.
func TestRemoteServerNeverTakesOrDeletesALocalFeed(t *testing.T) {
	fs := newFeedServer(t)
	fs.set("/mine.xml", bigFeed(3, func(i int) string { return fmt.Sprintf("Mine %d", i) }))
	localURL := fs.URL + "/mine.xml"
	g := newFakeGReader(t, "127.0.0.2")
	u := newUser(t)
	u.writeConfig(greaderConfig(g.url, "pw", ""))
	id := strings.TrimSpace(u.ok("add", localURL, "--local"))
	u.ok("sync")
	items := u.items("--feed", id)
	if len(items) != 3 {
		t.Fatalf("local feed has %d items, want 3", len(items))
	}
	u.ok("mark", "flag", fmt.Sprint(items[0]["id"]))

	g.setSubscriptions([3]string{"feed/9", localURL, "Theirs"})
	r := u.run("sync")
	if r.code != 0 || !strings.Contains(r.stderr, "skipped: a local feed has its URL") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("sync with the local URL listed: exit %d, stderr %q", r.code, r.stderr)
	}
	g.setSubscriptions()
	if r := u.run("sync"); r.code != 0 || r.stderr != "" {
		t.Errorf("sync with nothing listed: exit %d, stderr %q", r.code, r.stderr)
	}
	feeds := u.feeds()
	if len(feeds) != 1 || feeds[0]["remote"] != false || feeds[0]["url"] != localURL {
		t.Fatalf("feeds after the server listed the local URL then nothing: %v", feeds)
	}
	items = u.items("--feed", id)
	flagged := 0
	for _, it := range items {
		if it["flagged"] == true {
			flagged++
		}
	}
	if len(items) != 3 || flagged != 1 {
		t.Errorf("local feed has %d items, %d flagged; want 3 and 1", len(items), flagged)
	}
}

// The password reaches only the configured origin and is never shown: a
// login answered by a 307 to another host is not followed (the other
// host sees no request), and a login error that echoes the form prints
// one line with the password masked, in no output, log or database.
func TestRemoteCredentialsStayAtTheOriginAndOutOfMessages(t *testing.T) {
	const password = "s3cr3t-p@ss word"
	other := newFakeGReader(t, "127.0.0.3")
	for _, tc := range []struct {
		name  string
		login http.HandlerFunc
		want  string
	}{
		{"307 to another host", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.url+"/accounts/ClientLogin", http.StatusTemporaryRedirect)
		}, "not followed"},
		{"error echoing the form", func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			r.ParseForm()
			http.Error(w, "cannot log in with "+string(body)+" ("+r.PostForm.Get("Passwd")+")"+oscTitle, http.StatusBadRequest)
		}, "********"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newFakeGReader(t, "127.0.0.2")
			g.login = tc.login
			u := newUser(t)
			u.writeConfig(greaderConfig(g.url, password, ""))
			before := other.requests.Load()
			var outputs []string
			for _, args := range [][]string{{"sync"}, {"sync", "--force"}, {"feeds"}} {
				r := u.run(args...)
				outputs = append(outputs, r.stdout, r.stderr)
			}
			if lines := stderrLines(outputs[1]); len(lines) != 1 || !strings.Contains(lines[0], tc.want) {
				t.Errorf("sync stderr %q, want one line with %q", outputs[1], tc.want)
			}
			if n := other.requests.Load() - before; n != 0 {
				t.Errorf("the other host got %d requests", n)
			}
			for _, out := range outputs {
				noControls(t, "output", out)
				for _, leak := range []string{password, "s3cr3t-p%40ss", "s3cr3t"} {
					if strings.Contains(out, leak) {
						t.Errorf("output holds %q: %q", leak, out)
					}
				}
			}
			if files := filesContaining(t, u.home, "s3cr3t-p"); len(files) != 1 || !strings.HasSuffix(files[0], "config.toml") {
				t.Errorf("the password is written in %v (only the config should hold it)", files)
			}
		})
	}
}
