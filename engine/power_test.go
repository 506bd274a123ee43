package engine

import (
	"context"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/store"
)

func TestBatteryDefersAutomaticSyncButNotARefresh(t *testing.T) {
	h := newNetHarness(t, []string{hostA, hostB}, func(c *config.Config) { c.Sync.OnBattery = config.PowerDefer })
	h.machine.setPower(false)
	feeds := h.subscribe("/a", hostA, hostB)
	stop := h.runScheduler()
	defer stop()

	h.clock.BlockUntil(1) // the first pass, asleep again
	if n := h.net.totalTries(); n != 0 {
		t.Fatalf("%d requests on battery with on_battery = \"defer\", want none", n)
	}
	ev, ok := lastOf[SyncDeferred](h.drain())
	if !ok || ev.Reason != "on battery" || ev.Waiting != 2 {
		t.Errorf("SyncDeferred = %+v (sent %v), want on battery, 2 waiting", ev, ok)
	}
	h.clock.Advance(tick) // still on battery: the next ticks start nothing either
	h.clock.BlockUntil(1)
	if n := h.net.totalTries(); n != 0 {
		t.Fatalf("%d requests at the next tick on battery, want none", n)
	}

	// r: the user's refresh of one feed still downloads it.
	r := h.eng.SyncFeeds(context.Background(), []store.Feed{h.feed(feeds[0].ID)}, true, nil)[0]
	if r.Err != nil || h.net.tries(hostA) != 1 {
		t.Fatalf("refresh on battery: %+v, %d requests; want it downloaded", r, h.net.tries(hostA))
	}

	h.machine.setPower(true)
	h.drain()
	h.clock.Advance(checkInterval)
	h.clock.BlockUntil(1)
	if n := h.net.tries(hostB); n != 1 {
		t.Errorf("%d requests for the due feed back on mains, want 1", n)
	}
	if n := h.net.tries(hostA); n != 1 {
		t.Errorf("%d requests for the refreshed feed, want still 1 (it is not due)", n)
	}
	if _, ok := lastOf[SyncResumed](h.drain()); !ok {
		t.Error("no SyncResumed event back on mains")
	}
}

func TestDeferred(t *testing.T) {
	cases := []struct {
		name               string
		onBattery, metered config.PowerPolicy
		battery, isMetered bool
		want               string
	}{
		{"on battery, defer", config.PowerDefer, config.PowerNormal, true, false, "on battery"},
		{"on mains, defer", config.PowerDefer, config.PowerNormal, false, false, ""},
		{"on battery, normal", config.PowerNormal, config.PowerNormal, true, false, ""},
		{"metered, defer", config.PowerNormal, config.PowerDefer, false, true, "on a metered network"},
		{"metered, normal", config.PowerNormal, config.PowerNormal, false, true, ""},
		{"unmetered, defer", config.PowerNormal, config.PowerDefer, false, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newNetHarness(t, nil, func(c *config.Config) {
				c.Sync.OnBattery, c.Sync.OnMetered = tc.onBattery, tc.metered
			})
			h.machine.setPower(!tc.battery)
			h.machine.metered.Store(tc.isMetered)
			if got := h.eng.Deferred(context.Background()); got != tc.want {
				t.Errorf("Deferred() = %q, want %q", got, tc.want)
			}
		})
	}
}
