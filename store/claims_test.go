package store

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// deadOwner names a process of this host that has exited: a child that
// ran and was reaped.
func deadOwner(t *testing.T) string {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("cannot run a child process: %v", err)
	}
	host, _ := os.Hostname()
	return Owner{Host: host, PID: cmd.Process.Pid, Start: "0.1"}.String()
}

// reusedPIDOwner names this process's pid with another start time: a
// process that died and whose pid was given to another.
func reusedPIDOwner() string {
	o := CurrentOwner()
	o.Start += "0"
	return o.String()
}

// otherHostOwner is a process on another machine sharing the database.
const otherHostOwner = "elsewhere.example:4242:1.1"

func TestOwnerAlive(t *testing.T) {
	tests := []struct {
		name  string
		owner string
		alive bool
	}{
		{"this process", CurrentOwner().String(), true},
		{"an exited process", deadOwner(t), false},
		{"a reused pid", reusedPIDOwner(), false},
		{"another host: only the lease can tell", otherHostOwner, true},
		{"a name in another form", "test", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := OwnerAlive(tt.owner); got != tt.alive {
				t.Fatalf("OwnerAlive(%q) = %v, want %v", tt.owner, got, tt.alive)
			}
		})
	}
}

func TestParseOwnerReadsWhatStringWrites(t *testing.T) {
	o := Owner{Host: "host.example", PID: 4242, Start: "6f1e.1234"}
	got, ok := ParseOwner(o.String())
	if !ok || got != o {
		t.Fatalf("ParseOwner(%q) = %+v, %v", o.String(), got, ok)
	}
	for _, bad := range []string{"", "test", "host:0:x", "host:-1:x", "host:pid:x"} {
		if _, ok := ParseOwner(bad); ok {
			t.Errorf("ParseOwner(%q) ok", bad)
		}
	}
}

// testLeasedClaim runs the cases every leased claim (a feed's, the
// account's) must decide alike: claim(holder, heldFor) is taken by holder
// for heldFor (negative: its lease ran out), then by another process of
// this host, which must get it or be told who holds it.
func testLeasedClaim(t *testing.T, claim func(t *testing.T, s *Store, now time.Time, holder string, heldFor time.Duration) (bool, string, error)) {
	const me = "me.example:1:1.1"
	lease := 3 * time.Minute
	tests := []struct {
		name       string
		holder     string
		heldFor    time.Duration // the holder's lease left; negative: expired
		wantClaim  bool
		wantHolder string
	}{
		{name: "unclaimed", wantClaim: true},
		{name: "a live process of another host", holder: otherHostOwner, heldFor: lease, wantHolder: otherHostOwner},
		{name: "this very process", holder: CurrentOwner().String(), heldFor: lease, wantHolder: CurrentOwner().String()},
		{name: "a live owner whose lease ran out", holder: otherHostOwner, heldFor: -time.Second, wantClaim: true},
		{name: "a process that has exited", holder: deadOwner(t), heldFor: lease, wantClaim: true},
		{name: "a pid now another process's", holder: reusedPIDOwner(), heldFor: lease, wantClaim: true},
		{name: "the same owner again", holder: me, heldFor: lease, wantClaim: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, now := newTestStore(t)
			if tt.holder != "" {
				if ok, _, err := claim(t, s, *now, tt.holder, tt.heldFor); !ok || err != nil {
					t.Fatalf("first claim: %v %v", ok, err)
				}
			}
			ok, holder, err := claim(t, s, *now, me, lease)
			if err != nil || ok != tt.wantClaim || holder != tt.wantHolder {
				t.Fatalf("claim = %v, %q, %v; want %v, %q", ok, holder, err, tt.wantClaim, tt.wantHolder)
			}
		})
	}
}

func TestClaimFeed(t *testing.T) {
	feeds := map[*Store]int64{} // each case's store has its feed
	testLeasedClaim(t, func(t *testing.T, s *Store, now time.Time, holder string, heldFor time.Duration) (bool, string, error) {
		if feeds[s] == 0 {
			feeds[s] = addFeed(t, s, "http://a.example/feed", "")
		}
		f, ok, who, err := s.ClaimFeed(context.Background(), feeds[s], holder, now, now.Add(heldFor))
		if ok && f.ID != feeds[s] {
			t.Errorf("claimed feed %d, read row of feed %d", feeds[s], f.ID)
		}
		return ok, who, err
	})
}

func TestClaimEnclosure(t *testing.T) {
	tests := []struct {
		name       string
		holder     string
		wantClaim  bool
		wantHolder string
	}{
		{name: "a live process of another host", holder: otherHostOwner, wantHolder: otherHostOwner},
		{name: "a process that has exited", holder: deadOwner(t), wantClaim: true},
		{name: "a pid now another process's", holder: reusedPIDOwner(), wantClaim: true},
		{name: "an older tidings that named no owner", holder: "", wantClaim: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, now := newTestStore(t)
			ctx := context.Background()
			feed := addFeed(t, s, "http://a.example/feed", "")
			ids := withEnclosures(t, s, feed, *now, "http://a.example/1.mp3")
			s.QueueEnclosures(ctx, ids, *now, EnclosureNone)
			if _, ok, err := s.ClaimNextEnclosure(ctx, tt.holder); !ok || err != nil {
				t.Fatalf("first claim: %v %v", ok, err)
			}
			job, ok, holder, err := s.ClaimEnclosure(ctx, ids[0], CurrentOwner().String())
			if err != nil || ok != tt.wantClaim || holder != tt.wantHolder {
				t.Fatalf("ClaimEnclosure = %v, %q, %v; want %v, %q", ok, holder, err, tt.wantClaim, tt.wantHolder)
			}
			if ok && (job.ClaimedBy != CurrentOwner().String() || job.Status != EnclosureDownloading) {
				t.Fatalf("claimed job %+v", job)
			}
		})
	}
}

func TestFinishingOrRequeueingAnEnclosureDropsItsClaim(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, feed, *now, "http://a.example/1.mp3", "http://a.example/2.mp3")
	s.QueueEnclosures(ctx, ids, *now, EnclosureNone)
	a, _, _ := s.ClaimNextEnclosure(ctx, otherHostOwner)
	b, _, _ := s.ClaimNextEnclosure(ctx, otherHostOwner)
	if err := s.RequeueEnclosure(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishEnclosure(ctx, b.ID, EnclosureOutcome{Status: EnclosureFailed, Error: "x"}); err != nil {
		t.Fatal(err)
	}
	jobs, _ := s.EnclosureJobs(ctx, EnclosureQuery{IDs: ids})
	for _, j := range jobs {
		if j.ClaimedBy != "" {
			t.Errorf("enclosure %d (%s) still claimed by %q", j.ID, j.Status, j.ClaimedBy)
		}
	}
}

func TestClaimFeedReturnsTheRowAsTheClaimFoundIt(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	id := addFeed(t, s, "http://a.example/feed", "")
	record(t, s, id, *now, docOf(document.Item{GUID: "a", Title: "A"}), 0)
	if _, err := s.RecordFailure(ctx, id, Failure{At: *now, NextSyncAt: now.Add(time.Hour), Status: 503, Error: "503", Counted: true}); err != nil {
		t.Fatal(err)
	}
	want, err := s.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	got, ok, _, err := s.ClaimFeed(ctx, id, "me.example:1:1.1", *now, now.Add(time.Minute))
	if err != nil || !ok {
		t.Fatalf("claim = %v, %v", ok, err)
	}
	if got.URL != want.URL || got.ItemCount != 1 || got.State.Failures != 1 || got.State.LastError != "503" ||
		got.State.NextSyncAt == nil || !got.State.NextSyncAt.Equal(*want.State.NextSyncAt) {
		t.Errorf("claim read %+v, want %+v", got, want)
	}
	if got, ok, _, err := s.ClaimFeed(ctx, 999, "me.example:1:1.1", *now, now.Add(time.Minute)); ok || err != nil || got.ID != 0 {
		t.Errorf("claim of a missing feed = %+v, %v, %v; want nothing", got, ok, err)
	}
}

// Recording a download or a failure with Release drops that owner's claim
// in the same transaction, and no other owner's.
func TestRecordingAnOutcomeReleasesItsOwnersClaim(t *testing.T) {
	const owner, other = "me.example:1:1.1", otherHostOwner // both alive: only a release frees them
	outcomes := map[string]func(s *Store, id int64, at time.Time, release string) error{
		"download": func(s *Store, id int64, at time.Time, release string) error {
			_, err := s.RecordDownload(context.Background(), id, Download{At: at, Status: 200, NextSyncAt: at.Add(time.Hour),
				Document: docOf(document.Item{GUID: "a", Title: "A"}), Release: release})
			return err
		},
		"failure": func(s *Store, id int64, at time.Time, release string) error {
			_, err := s.RecordFailure(context.Background(), id, Failure{At: at, NextSyncAt: at.Add(time.Hour), Status: 500,
				Error: "500", Counted: true, Release: release})
			return err
		},
	}
	cases := []struct {
		name     string
		release  string
		released bool
	}{
		{"released by its owner", owner, true},
		{"no release asked", "", false},
		{"another owner's release", "someone.example:2:2.2", false},
	}
	for kind, rec := range outcomes {
		for _, c := range cases {
			t.Run(kind+"/"+c.name, func(t *testing.T) {
				s, now := newTestStore(t)
				id := addFeed(t, s, "http://a.example/feed", "")
				if _, ok, _, err := s.ClaimFeed(context.Background(), id, owner, *now, now.Add(time.Hour)); !ok || err != nil {
					t.Fatalf("claim: %v %v", ok, err)
				}
				if err := rec(s, id, *now, c.release); err != nil {
					t.Fatal(err)
				}
				_, ok, holder, err := s.ClaimFeed(context.Background(), id, other, *now, now.Add(time.Hour))
				if err != nil || ok != c.released {
					t.Fatalf("another owner's claim after the record = %v (held by %q), %v; want %v", ok, holder, err, c.released)
				}
				if !c.released && holder != owner {
					t.Errorf("claim held by %q, want %q", holder, owner)
				}
			})
		}
	}
}
