package engine

import (
	"context"
	"sync"
)

// offlineQuorum is how many feeds must have reached no server, with none
// reaching one, before a round is judged offline without waiting for its
// other feeds (which are then not tried): a round of 2,000 feeds through
// the token bucket should not spend half an hour proving the network down.
const offlineQuorum = 8

// round decides whether one sync round found the machine offline: no
// request reached a server, and the feeds that tried failed at the network
// (or met a captive portal) on at least minHosts distinct hosts. Until the
// verdict, the failures that would prove it are held, not recorded: a
// feed's failure count and back-off only move once the round knows the
// failure was the feed's. Every feed of the round takes a seat, and each
// seat ends exactly once: held (evidence of offline), settled (a server
// answered, or nothing was learnt) or left.
type round struct {
	minHosts int
	// stop cancels the round's context: feeds not yet admitted give up
	// once the verdict is offline.
	stop context.CancelFunc

	mu       sync.Mutex
	pending  int             // seats not yet ended
	evidence int             // seats held
	hosts    map[string]bool // hosts of the held seats
	reached  bool            // some server answered
	skipped  int             // feeds not tried for want of a default route
	offline  bool            // the verdict, once decided is closed
	decided  chan struct{}
}

// newRound returns a round of n feeds that needs minHosts hosts to be
// judged offline; stop is called on an offline verdict.
func newRound(n, minHosts int, stop context.CancelFunc) *round {
	r := &round{minHosts: minHosts, stop: stop, pending: n, hosts: map[string]bool{}, decided: make(chan struct{})}
	r.mu.Lock()
	r.decide()
	r.mu.Unlock()
	return r
}

// skip counts a feed not tried because the route table says its host
// cannot be reached: evidence that never waits.
func (r *round) skip(host string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pending--
	r.evidence++
	r.skipped++
	r.hosts[host] = true
	r.decide()
}

// verdict reports whether the round was offline: decided so with no server
// answering since (a late answer overrules the quorum), or feeds were left
// untried for want of a default route (a local server may have answered;
// the Internet still cannot be reached).
func (r *round) verdict() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.offline && !r.reached || r.skipped > 0
}

// stopped reports whether the round stopped its feeds on an offline
// verdict.
func (r *round) stopped() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.offline
}

// decide closes decided once the verdict is known: at once when a server
// answered; offline once the quorum of evidence is in over enough hosts;
// otherwise when every seat has ended. The caller holds mu.
func (r *round) decide() {
	select {
	case <-r.decided:
		return
	default:
	}
	enoughHosts := len(r.hosts) >= r.minHosts && r.evidence > 0
	switch {
	case r.reached:
	case enoughHosts && r.evidence >= offlineQuorum:
		r.offline = true
	case r.pending == 0:
		r.offline = enoughHosts
	default:
		return
	}
	close(r.decided)
	if r.offline && r.stop != nil {
		r.stop()
	}
}

// seat is one feed's place in a round; it is used by that feed's
// goroutine alone.
type seat struct {
	r     *round
	ended bool
	// park, when set, is called as the seat is held, before it waits for
	// the verdict; parked records that it was.
	park   func()
	parked bool
	// witnessed records that the seat ended as evidence before it was
	// held (see witness).
	witnessed bool
}

// witness ends the seat as evidence of being offline from host without
// waiting for the verdict: the feed counts its failure the moment its
// request fails, before it gives back its place at the door. hold then
// only waits.
func (s *seat) witness(host string) {
	if s.ended {
		return
	}
	s.ended, s.witnessed = true, true
	r := s.r
	r.mu.Lock()
	r.pending--
	r.evidence++
	r.hosts[host] = true
	r.decide()
	r.mu.Unlock()
}

// hold ends the seat as evidence of being offline from host, waits for the
// verdict and returns it: true means the failure is the network's and must
// not be recorded (nor is it when ctx ends first: the run was stopped).
func (s *seat) hold(ctx context.Context, host string) bool {
	if s.ended && !s.witnessed {
		return false
	}
	s.witness(host)
	r := s.r
	if s.park != nil {
		s.park()
		s.parked = true
	}
	select {
	case <-r.decided:
	case <-ctx.Done():
		return true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.offline
}

// settle ends the seat; reached tells whether a server answered.
func (s *seat) settle(reached bool) {
	if s.ended {
		if reached { // a late answer still counts against the verdict
			s.r.mu.Lock()
			s.r.reached = true
			s.r.mu.Unlock()
		}
		return
	}
	s.ended = true
	r := s.r
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pending--
	r.reached = r.reached || reached
	r.decide()
}
