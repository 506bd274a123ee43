package engine

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
)

// doorService is an account whose every exchange is one GET of url through
// the engine's HTTP door: the account's server is a host of a hostNet, so
// a test can make it refuse connections or answer with an error. It has
// no subscriptions, items or changes.
type doorService struct {
	door remote.Doer
	url  string
}

func (s doorService) exchange(ctx context.Context, op string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
	if err != nil {
		return err
	}
	resp, err := s.door.Do(req)
	if err != nil {
		return &remote.Error{URL: s.url, Op: op, Err: err}
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return &remote.Error{URL: s.url, Op: op, Status: resp.StatusCode, Err: errors.New(resp.Status)}
	}
	return nil
}

func (s doorService) Feeds(ctx context.Context) ([]remote.Feed, []string, error) {
	return nil, nil, s.exchange(ctx, "subscription list")
}

func (s doorService) Subscribe(context.Context, string, string, string) (remote.Feed, error) {
	return remote.Feed{}, errors.New("doorService: no subscriptions")
}

func (s doorService) Unsubscribe(context.Context, string) error { return nil }

func (s doorService) Rename(context.Context, string, string) error { return nil }

func (s doorService) Move(context.Context, string, string) error { return nil }

func (s doorService) PushLimit() int { return 100 }

func (s doorService) Push(ctx context.Context, _ remote.Change, _ []string) error {
	return s.exchange(ctx, "push")
}

func (s doorService) States(context.Context, []string) (map[string]remote.State, error) {
	return map[string]remote.State{}, nil
}

func (s doorService) Pull(ctx context.Context, cursor string, _ func(string) bool, _ func([]remote.Item) error) (remote.Pulled, error) {
	return remote.Pulled{Cursor: cursor}, s.exchange(ctx, "items")
}

// newAccountHarness is a netHarness whose account's server is hostA.
func newAccountHarness(t *testing.T, edit ...func(*config.Config)) *netHarness {
	t.Helper()
	edit = append(edit, func(c *config.Config) {
		c.Remote = config.RemoteConfig{Type: config.RemoteGReader, URL: "http://" + hostA + "/api", User: "me",
			Password: "x", IntervalMinutes: 15}
	})
	h := newNetHarness(t, []string{hostA, hostB}, edit...)
	h.eng.account = h.eng.newAccount(doorService{door: h.eng.http, url: h.net.url(hostA, "/account")})
	return h
}

func TestAccountServerUnreachableIsAnOfflineRound(t *testing.T) {
	h := newAccountHarness(t)
	ctx := context.Background()
	h.net.set(refuse, hostA)

	res := h.eng.SyncAccount(ctx)
	if !res.Offline || res.Err == nil {
		t.Fatalf("sync with the server refusing connections = %+v, want Offline with its cause", res)
	}
	if offline, _ := h.eng.Offline(); !offline {
		t.Error("the engine is not offline after the account's server could not be reached")
	}
	if _, ok := lastOf[Offline](h.drain()); !ok {
		t.Error("no Offline event for the unreachable account")
	}
	st, _, err := h.eng.AccountStatus(ctx)
	if err != nil || !st.Offline {
		t.Errorf("AccountStatus = %+v, %v; want Offline", st, err)
	}
	if due, err := h.eng.AccountDue(ctx); err != nil || !due.Equal(h.clock.Now().Add(checkInterval)) {
		t.Errorf("AccountDue = %v, %v; want a minute later (%v)", due, err, h.clock.Now().Add(checkInterval))
	}

	h.net.set(serveFeed, hostA)
	h.clock.Advance(checkInterval)
	if res := h.eng.SyncAccount(ctx); res.Err != nil || res.Offline {
		t.Fatalf("sync with the server back = %+v", res)
	}
	if offline, _ := h.eng.Offline(); offline {
		t.Error("the engine is still offline once the account's server answered")
	}
	if _, ok := lastOf[Online](h.drain()); !ok {
		t.Error("no Online event once the account's server answered")
	}
	want := h.clock.Now().Add(15 * time.Minute)
	if due, err := h.eng.AccountDue(ctx); err != nil || !due.Equal(want) {
		t.Errorf("AccountDue = %v, %v; want the interval later (%v)", due, err, want)
	}
}

func TestAccountServerThatAnswersAnErrorIsNotOffline(t *testing.T) {
	h := newAccountHarness(t)
	ctx := context.Background()
	h.eng.NoteOffline(3) // a round before found no server
	h.drain()
	h.net.set(serveStatus, hostA)

	res := h.eng.SyncAccount(ctx)
	if res.Offline || res.Err == nil {
		t.Fatalf("sync with the server answering 500 = %+v, want an error, not offline", res)
	}
	if offline, _ := h.eng.Offline(); offline {
		t.Error("the engine stays offline although the account's server answered")
	}
	st, _, err := h.eng.AccountStatus(ctx)
	if err != nil || st.Offline || st.LastError == "" {
		t.Errorf("AccountStatus = %+v, %v; want its last error, not offline", st, err)
	}
}

func TestBatteryDefersTheAccountsAutomaticSync(t *testing.T) {
	h := newAccountHarness(t, func(c *config.Config) { c.Sync.OnBattery = config.PowerDefer })
	h.machine.setPower(false)
	stop := h.runScheduler()
	defer stop()

	h.clock.BlockUntil(2) // the scheduler and the account's loop, both asleep
	if n := h.net.tries(hostA); n != 0 {
		t.Fatalf("%d requests to the account's server on battery, want none", n)
	}
	// R: the user's sync of the account still goes.
	if res := h.eng.SyncAccount(context.Background()); res.Err != nil || h.net.tries(hostA) != 2 {
		t.Fatalf("a user's sync on battery = %+v, %d requests; want it synced", res, h.net.tries(hostA))
	}

	h.machine.setPower(true)
	h.clock.Advance(15 * time.Minute)
	h.clock.BlockUntil(2)
	if n := h.net.tries(hostA); n != 4 {
		t.Errorf("%d requests to the account's server back on mains, want 4 (the due sync ran)", n)
	}
}

// The health view (i) of a feed of the account says that its server
// fetches it and when the account syncs next, with the account's state.
func TestHealthOfAnAccountFeedNamesTheAccount(t *testing.T) {
	h := newAccountHarness(t)
	ctx := context.Background()
	id, err := h.store.UpsertRemoteFeed(ctx, store.RemoteFeed{RemoteID: "feed/1", URL: weburl.MustParse("http://127.0.0.1/r1"),
		Title: "Remote", FolderPath: "Label"}, store.NewFeed{})
	if err != nil {
		t.Fatal(err)
	}
	h.net.set(refuse, hostA)
	h.eng.SyncAccount(ctx)

	got, err := h.eng.Health(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if want := h.clock.Now().Add(checkInterval); got.NextSync == nil || !got.NextSync.Equal(want) {
		t.Errorf("next sync %v, want the account's, %v", got.NextSync, want)
	}
	for _, w := range []string{"its server fetches the feed", "could not be reached"} {
		if !strings.Contains(got.Why, w) {
			t.Errorf("why %q lacks %q", got.Why, w)
		}
	}

	h.eng.account = nil // the [remote] table was removed since
	if got, err := h.eng.Health(ctx, id); err != nil || got.NextSync != nil || !strings.Contains(got.Why, "no longer configured") {
		t.Errorf("health without the account: %v, %q, %v", got.NextSync, got.Why, err)
	}
}
