package remote_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/engine/remote/remotetest"
)

// account is one protocol over one real server.
type account struct {
	name   string
	server *remotetest.Server
	typ    string
}

func (a account) url() string {
	switch a.typ {
	case remote.TypeMiniflux:
		return a.server.MinifluxURL
	case remote.TypeTTRSS:
		return a.server.TTRSSURL
	case remote.TypeFever:
		return a.server.FeverURL
	}
	return a.server.GReaderURL
}

// subscriber is what subscribes for the account: its own service, or for
// Fever, which cannot, the server's other API (as a person would use the
// server's web page).
func (a account) subscriber(t *testing.T) remote.Service {
	t.Helper()
	if a.typ != remote.TypeFever {
		return a.service(t, a.server.Password)
	}
	other := account{a.name, a.server, remote.TypeGReader}
	if a.server.Name == remotetest.Miniflux {
		other.typ = remote.TypeMiniflux
	}
	return other.service(t, a.server.Password)
}

// prepareLabel makes the label exist where the protocol cannot make it
// (TT-RSS's categories).
func (a account) prepareLabel(t *testing.T, label string) {
	t.Helper()
	if a.server.Name == remotetest.TTRSS {
		a.server.Category(t, label)
	}
}

// service opens the account through a real door.
func (a account) service(t *testing.T, password string) remote.Service {
	t.Helper()
	return a.serviceAt(t, a.url(), password)
}

func (a account) serviceAt(t *testing.T, rawURL, password string) remote.Service {
	t.Helper()
	door := fetch.New(fetch.Options{UserAgent: "tidings-test", ConnectTimeout: 5 * time.Second,
		ResponseTimeout: 30 * time.Second, MaxBody: 1 << 20, BucketInitial: 100, BucketCapacity: 100,
		InFlight: 4, PerHost: 2})
	s, err := remote.New(remote.Options{Type: a.typ, URL: rawURL, User: a.server.User, HTTP: door,
		Secret: func(context.Context) (string, error) { return password, nil }, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// servers are the real servers this package's tests share.
var servers remotetest.Pool

func TestMain(m *testing.M) {
	code := m.Run()
	servers.Close()
	os.Exit(code)
}

// accounts returns the pairings of protocol and server.
func accounts(t *testing.T) []account {
	fresh := servers.Get(t, remotetest.FreshRSS)
	mini := servers.Get(t, remotetest.Miniflux)
	tt := servers.Get(t, remotetest.TTRSS)
	return []account{
		{"FreshRSS+greader", fresh, remote.TypeGReader},
		{"Miniflux+greader", mini, remote.TypeGReader},
		{"Miniflux+miniflux", mini, remote.TypeMiniflux},
		{"TT-RSS+ttrss", tt, remote.TypeTTRSS},
		{"FreshRSS+fever", fresh, remote.TypeFever},
		{"Miniflux+fever", mini, remote.TypeFever},
	}
}

func TestServicesAgainstRealServers(t *testing.T) {
	feeds := remotetest.NewFeedServer(t)
	ctx := context.Background()
	for i, a := range accounts(t) {
		t.Run(a.name, func(t *testing.T) {
			path := fmt.Sprintf("/feed%d.xml", i)
			items := remotetest.Items(fmt.Sprintf("Story <%d> & co", i), 5, time.Now().Add(-time.Hour))
			feeds.Set(path, remotetest.Feed{Title: fmt.Sprintf("Feed %d", i), Items: items})
			s := a.service(t, a.server.Password)
			label := fmt.Sprintf("Label %d", i)
			a.prepareLabel(t, label)
			sub, err := a.subscriber(t).Subscribe(ctx, feeds.URLOf(path), "", label)
			if err != nil {
				t.Fatalf("subscribe: %v", err)
			}
			f := feedByURL(t, s, sub.URL.String())
			if f.Label != label || f.URL.String() != feeds.URLOf(path) {
				t.Fatalf("subscribed %+v, want label %q and url %s", f, label, feeds.URLOf(path))
			}
			got := pullAll(t, s, "")
			mine := itemsOf(got.items, f.ID)
			if len(mine) != len(items) {
				t.Fatalf("pulled %d items of the feed, want %d", len(mine), len(items))
			}
			for _, want := range items {
				if a.typ == remote.TypeTTRSS { // TT-RSS drops from a title what looks like a tag
					want.Title = strings.Join(strings.Fields(strings.Replace(want.Title, fmt.Sprintf("<%d>", i), "", 1)), " ")
				}
				if !slices.ContainsFunc(mine, func(it remote.Item) bool { return it.Doc.Title == want.Title }) {
					t.Errorf("no item titled %q among %v", want.Title, titles(mine))
				}
			}

			read, star := mine[0].ID, mine[1].ID
			must(t, s.Push(ctx, remote.ChangeRead, []string{read}))
			must(t, s.Push(ctx, remote.ChangeStar, []string{star}))
			states, err := s.States(ctx, []string{read, star})
			must(t, err)
			if !states[read].Read || states[read].Starred || !states[star].Starred || states[star].Read {
				t.Errorf("states after push: %+v", states)
			}
			again := pullAll(t, s, got.pulled.Cursor)
			if snap := again.pulled.Snapshot; snap != nil && (snap.Unread[read] || !snap.Unread[star] || !snap.Starred[star]) {
				t.Errorf("snapshot after push: read %s unread=%v, star %s starred=%v", read, snap.Unread[read], star, snap.Starred[star])
			}

			if listed := feedByID(t, s, f.ID); listed.Label != label || listed.URL != f.URL {
				t.Errorf("listed %+v, want label %q and url %s", listed, label, f.URL)
			}
			if a.typ == remote.TypeTTRSS || a.typ == remote.TypeFever {
				for _, err := range []error{s.Rename(ctx, f.ID, "Renamed"), s.Move(ctx, f.ID, "Moved")} {
					if !errors.Is(err, remote.ErrUnsupported) {
						t.Errorf("rename or move: %v, want ErrUnsupported", err)
					}
				}
			} else {
				must(t, s.Rename(ctx, f.ID, "Renamed "+label))
				must(t, s.Move(ctx, f.ID, "Moved "+label))
				listed := feedByID(t, s, f.ID)
				if listed.Title != "Renamed "+label || listed.Label != "Moved "+label {
					t.Errorf("after rename and move: %+v", listed)
				}
			}
			if a.typ == remote.TypeTTRSS {
				_, err := s.Subscribe(ctx, feeds.URLOf(path)+"?again", "", "No such category")
				if err == nil || !strings.Contains(err.Error(), `cannot make the category "No such category": make it on the server first`) {
					t.Errorf("subscribe into a category TT-RSS lacks: %v", err)
				}
			}
			if a.typ == remote.TypeFever {
				if _, err := s.Subscribe(ctx, feeds.URLOf(path), "", ""); !errors.Is(err, remote.ErrUnsupported) {
					t.Errorf("fever subscribe: %v, want ErrUnsupported", err)
				}
				if err := s.Unsubscribe(ctx, f.ID); !errors.Is(err, remote.ErrUnsupported) {
					t.Errorf("fever unsubscribe: %v, want ErrUnsupported", err)
				}
			}
			must(t, a.subscriber(t).Unsubscribe(ctx, sub.ID))
			if all, _, err := s.Feeds(ctx); err != nil || slices.ContainsFunc(all, func(g remote.Feed) bool { return g.ID == f.ID }) {
				t.Errorf("after unsubscribe: %v, %v", all, err)
			}
		})
	}
}

func TestServicesRefuseAWrongPassword(t *testing.T) {
	for _, a := range accounts(t) {
		t.Run(a.name, func(t *testing.T) {
			_, _, err := a.service(t, "not-the-password").Feeds(context.Background())
			if !errors.Is(err, remote.ErrLoginRefused) {
				t.Fatalf("err = %v, want ErrLoginRefused", err)
			}
			if msg := err.Error(); msg != "remote "+a.url()+": login refused — check user and password" {
				t.Errorf("message %q", msg)
			}
		})
	}
}

func TestOfflineIsANetworkFailure(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	for _, typ := range remote.Types() {
		t.Run(typ, func(t *testing.T) {
			a := account{typ: typ, server: &remotetest.Server{User: "me"}}
			_, _, err := a.serviceAt(t, closed, "x").Feeds(context.Background())
			if err == nil || !fetch.IsNetworkError(err) {
				t.Fatalf("err = %v, fetch.IsNetworkError = false", err)
			}
		})
	}
}

// pulled is what one pull sent and returned.
type pulled struct {
	items  []remote.Item
	pulled remote.Pulled
}

func pullAll(t *testing.T, s remote.Service, cursor string) pulled {
	t.Helper()
	var out pulled
	var err error
	out.pulled, err = s.Pull(context.Background(), cursor, func(string) bool { return false }, func(items []remote.Item) error {
		out.items = append(out.items, items...)
		return nil
	})
	if err != nil {
		t.Fatalf("pull: %v", err)
	}
	return out
}

func itemsOf(items []remote.Item, feedID string) []remote.Item {
	var out []remote.Item
	for _, it := range items {
		if it.FeedID == feedID {
			out = append(out, it)
		}
	}
	return out
}

func titles(items []remote.Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Doc.Title)
	}
	return out
}

func feedByID(t *testing.T, s remote.Service, id string) remote.Feed {
	t.Helper()
	all, _, err := s.Feeds(context.Background())
	must(t, err)
	for _, f := range all {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("no subscription %s in %v", id, all)
	return remote.Feed{}
}

func feedByURL(t *testing.T, s remote.Service, url string) remote.Feed {
	t.Helper()
	all, _, err := s.Feeds(context.Background())
	must(t, err)
	for _, f := range all {
		if f.URL.String() == url {
			return f
		}
	}
	t.Fatalf("no subscription of %s in %v", url, all)
	return remote.Feed{}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
