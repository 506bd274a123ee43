package engine

import (
	"context"
	"sync"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/machine"
	"github.com/tidings-rss/tidings/store"
)

// netState is what the engine knows of its network and power: offline
// since an offline round (until a server answers), deferred while the
// power settings hold automatic sync back.
type netState struct {
	mu       sync.Mutex
	offline  bool
	waiting  int
	deferred string
}

// Offline reports whether the last round that learnt anything found the
// machine offline, and how many feeds were then waiting.
func (e *Engine) Offline() (offline bool, waiting int) {
	e.net.mu.Lock()
	defer e.net.mu.Unlock()
	return e.net.offline, e.net.waiting
}

// NoteOffline records an offline verdict reached elsewhere (a sync server
// that could not be reached, say: judge its error with
// fetch.IsNetworkError) and sends Offline. The scheduler then checks the
// network every minute instead of syncing.
func (e *Engine) NoteOffline(waiting int) {
	e.net.mu.Lock()
	e.net.offline, e.net.waiting = true, waiting
	e.net.mu.Unlock()
	e.emit(Offline{Waiting: waiting})
}

// NoteOnline records that a server answered; it sends Online when the
// engine was offline.
func (e *Engine) NoteOnline() {
	e.net.mu.Lock()
	was := e.net.offline
	e.net.offline, e.net.waiting = false, 0
	e.net.mu.Unlock()
	if was {
		e.emit(Online{})
	}
}

// concludeRound turns a round's verdict into the engine's state. A round
// that learnt nothing (every feed skipped or cancelled) changes nothing.
func (e *Engine) concludeRound(ctx context.Context, rd *round, results []Result) {
	if rd.verdict() {
		e.NoteOffline(max(countOffline(results), e.dueCount(ctx)))
		return
	}
	rd.mu.Lock()
	reached := rd.reached
	rd.mu.Unlock()
	if reached {
		e.NoteOnline()
	}
}

func countOffline(results []Result) int {
	n := 0
	for _, r := range results {
		if r.Offline {
			n++
		}
	}
	return n
}

// dueCount is the number of feeds due now (0 when the store cannot say).
func (e *Engine) dueCount(ctx context.Context) int {
	due, err := e.store.DueFeeds(context.WithoutCancel(ctx), e.clock.Now())
	if err != nil {
		e.log.Warn("count due feeds", "err", err)
	}
	return len(due)
}

// Deferred returns why automatic sync is held back now ("on battery", "on
// a metered network"), or "" when it is not: the [sync] on_battery and
// on_metered settings against what the machine says.
func (e *Engine) Deferred(ctx context.Context) string {
	s := e.cfg.Sync
	switch {
	case s.OnBattery == config.PowerDefer && e.machine.OnBattery():
		return "on battery"
	case s.OnMetered == config.PowerDefer && e.machine.Metered(ctx):
		return "on a metered network"
	}
	return ""
}

// noteDeferred records that the scheduler held back and says so.
func (e *Engine) noteDeferred(ctx context.Context, reason string) {
	e.net.mu.Lock()
	e.net.deferred = reason
	e.net.mu.Unlock()
	e.emit(SyncDeferred{Reason: reason, Waiting: e.dueCount(ctx)})
}

// noteResumed ends a deferral, saying so when there was one.
func (e *Engine) noteResumed() {
	e.net.mu.Lock()
	was := e.net.deferred != ""
	e.net.deferred = ""
	e.net.mu.Unlock()
	if was {
		e.emit(SyncResumed{})
	}
}

// waiting reports whether the scheduler waits for the network or the
// power to come back.
func (e *Engine) waiting() bool {
	e.net.mu.Lock()
	defer e.net.mu.Unlock()
	return e.net.offline || e.net.deferred != ""
}

// backOnline checks cheaply, while offline, whether the network is back:
// without a default route only feeds on the local network can be tried;
// otherwise one due feed is downloaded, through the token bucket like any
// other, as a round of its own that a single unreachable host judges
// offline. Successive checks take the due feeds' hosts in turn, most
// overdue first, so that one dead host cannot keep the engine offline.
func (e *Engine) backOnline(ctx context.Context) bool {
	due, err := e.store.DueFeeds(ctx, e.clock.Now())
	if err != nil {
		e.log.Error("offline check", "err", err)
		return false
	}
	hosts := probeHosts(due, e.machine.NoDefaultRoute())
	if len(hosts) == 0 {
		if len(due) > 0 {
			e.NoteOffline(len(due))
		}
		return false
	}
	probe := hosts[int(e.probes.Add(1)-1)%len(hosts)]
	e.syncRound(ctx, []store.Feed{probe}, false, nil, 1)
	offline, _ := e.Offline()
	return !offline
}

// probeHosts is the first due feed of each host, in order; without a
// default route, of the local hosts only. A command feed says nothing of
// the network and is never a probe.
func probeHosts(due []store.Feed, noRoute bool) []store.Feed {
	seen := map[string]bool{}
	var out []store.Feed
	for _, f := range due {
		h := hostOf(f.FetchURL())
		if f.Source == store.SourceExec || seen[h] || noRoute && !machine.Local(h) {
			continue
		}
		seen[h] = true
		out = append(out, f)
	}
	return out
}
