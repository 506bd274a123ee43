package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/engine/remote/remotetest"
)

// servers are the real feed-sync servers the end-to-end tests share.
var servers remotetest.Pool

// combo is one protocol over one real server.
type combo struct {
	name   string
	server *remotetest.Server
	typ    string
}

// combos returns FreshRSS + greader, Miniflux + greader, Miniflux +
// miniflux, TT-RSS + ttrss, FreshRSS + fever and Miniflux + fever
// (skipping the test when there are no servers here).
func combos(t *testing.T) []combo {
	t.Helper()
	fresh := servers.Get(t, remotetest.FreshRSS)
	mini := servers.Get(t, remotetest.Miniflux)
	tt := servers.Get(t, remotetest.TTRSS)
	return []combo{
		{"FreshRSS+greader", fresh, remote.TypeGReader},
		{"Miniflux+greader", mini, remote.TypeGReader},
		{"Miniflux+miniflux", mini, remote.TypeMiniflux},
		{"TT-RSS+ttrss", tt, remote.TypeTTRSS},
		{"FreshRSS+fever", fresh, remote.TypeFever},
		{"Miniflux+fever", mini, remote.TypeFever},
	}
}

// url is the account's URL as the config gives it.
func (c combo) url() string {
	switch c.typ {
	case remote.TypeMiniflux:
		return c.server.MinifluxURL
	case remote.TypeTTRSS:
		return c.server.TTRSSURL
	case remote.TypeFever:
		return c.server.FeverURL
	}
	return c.server.GReaderURL
}

// admin is what subscribes on the server for the account, as a person
// would: the combo's own protocol, or for Fever, which cannot subscribe,
// the server's other API. It makes the TT-RSS categories its labels
// need, which TT-RSS's API cannot make.
func (c combo) admin(t testing.TB) remote.Service {
	t.Helper()
	if c.typ != remote.TypeFever {
		return c.phone(t)
	}
	other := combo{c.name, c.server, remote.TypeGReader}
	if c.server.Name == remotetest.Miniflux {
		other.typ = remote.TypeMiniflux
	}
	return other.phone(t)
}

// subscribeOn subscribes the account to url under label on the server
// (admin), making the label first where the protocol cannot.
func (c combo) subscribeOn(t testing.TB, url, label string) {
	t.Helper()
	if c.server.Name == remotetest.TTRSS && label != "" {
		c.server.Category(t, label)
	}
	if _, err := c.admin(t).Subscribe(context.Background(), url, "", label); err != nil {
		t.Fatalf("subscribe on the server: %v", err)
	}
}

// slug names the combo in paths and labels.
func (c combo) slug() string { return strings.ToLower(strings.ReplaceAll(c.name, "+", "-")) }

// accountConfig is a config with the account at url (the server's own,
// or a proxy's) and the password given, unthrottled unless extra says
// otherwise.
func (c combo) accountConfig(url, password, extra string) string {
	return fmt.Sprintf("%s\n[remote]\ntype = %q\nurl = %q\nuser = %q\npassword = %q\n",
		extra, c.typ, url, c.server.User, password)
}

// useAccount writes the user's config for the combo's account.
func (u *user) useAccount(c combo, extra string) {
	u.t.Helper()
	u.writeConfig(c.accountConfig(c.url(), c.server.Password, "[sync]\nbucket_refill_per_second = 0\n"+extra))
}

// phone is another client of the account, working on the server directly
// (the Go client, as another machine would).
func (c combo) phone(t testing.TB) remote.Service {
	t.Helper()
	door := fetch.New(fetch.Options{UserAgent: "phone", ConnectTimeout: 5 * time.Second, ResponseTimeout: 60 * time.Second,
		MaxBody: 1 << 20, BucketInitial: 1000, BucketCapacity: 1000, InFlight: 4, PerHost: 4})
	s, err := remote.New(remote.Options{Type: c.typ, URL: c.url(), User: c.server.User, HTTP: door,
		Secret: func(context.Context) (string, error) { return c.server.Password, nil }})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// serverItems pulls every item of the account from the server.
func serverItems(t testing.TB, s remote.Service) []remote.Item {
	t.Helper()
	var all []remote.Item
	_, err := s.Pull(context.Background(), "", func(string) bool { return false }, func(items []remote.Item) error {
		all = append(all, items...)
		return nil
	})
	if err != nil {
		t.Fatalf("pull from the server: %v", err)
	}
	return all
}

// serverFeed returns the subscription with url, failing when absent.
func serverFeed(t *testing.T, s remote.Service, url string) (remote.Feed, bool) {
	t.Helper()
	feeds, _, err := s.Feeds(context.Background())
	if err != nil {
		t.Fatalf("list the server's feeds: %v", err)
	}
	for _, f := range feeds {
		if f.URL.String() == url {
			return f, true
		}
	}
	return remote.Feed{}, false
}

// itemByTitle finds an item of 'items --json' by title.
func itemByTitle(t *testing.T, items []map[string]any, title string) map[string]any {
	t.Helper()
	for _, it := range items {
		if it["title"] == title {
			return it
		}
	}
	t.Fatalf("no item titled %q", title)
	return nil
}

// remoteIDOf is the server's id of an item, found by title.
func remoteIDOf(t *testing.T, items []remote.Item, title string) string {
	t.Helper()
	for _, it := range items {
		if it.Doc.Title == title {
			return it.ID
		}
	}
	t.Fatalf("the server has no item titled %q", title)
	return ""
}

// filesContaining lists the files under dir whose bytes contain s.
func filesContaining(t *testing.T, dir, s string) []string {
	t.Helper()
	var found []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err == nil && strings.Contains(string(b), s) {
			found = append(found, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// subscribeStories serves n stories named after prefix at a path of their
// own and subscribes the account to them under label, as another machine
// would.
func subscribeStories(t *testing.T, fs *remotetest.FeedServer, c combo, prefix string, n int, label string) {
	t.Helper()
	path := "/" + strings.ReplaceAll(strings.ToLower(prefix), " ", "-") + ".xml"
	serveStories(fs, path, prefix, n)
	c.subscribeOn(t, fs.URLOf(path), label)
}

// proxiedUser is a user whose account is reached through a new proxy.
func proxiedUser(t *testing.T, c combo, extra string) (*user, *remotetest.Proxy) {
	t.Helper()
	proxy := remotetest.NewProxy(t, c.url())
	u := newUser(t)
	u.writeConfig(c.accountConfig(proxy.URLFor(c.url()), c.server.Password, extra+"[sync]\nbucket_refill_per_second = 0\n"))
	return u, proxy
}
