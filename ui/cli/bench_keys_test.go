package cli

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"
)

// keyRun is how many keys go one way (j, then k back) before turning:
// fewer than the rows of a list at 40 lines, so the selection moves on
// the screen rather than the list under it.
const keyRun = 10

// keyFigures are the keys of one window: the latency of each key answered
// (written → first frame in which the selection stands where that key
// puts it), and how many keys were written and how many rows the
// selection moved.
type keyFigures struct {
	latency     []time.Duration
	keys, moves int
	wall        time.Duration
}

// lost is how many keys the selection did not follow exactly: keys it
// did not move for, or rows it moved beyond the keys.
func (k keyFigures) lost() int { return max(k.keys-k.moves, k.moves-k.keys) }

// pressKeys writes n keys at a human pace, one every 30–50 ms, keyRun j
// then keyRun k, and times each from its write to the first frame in
// which the selection has moved that far. A key whose frame never comes
// (2 s after the run's last key) is lost.
func (p *ptyProgram) pressKeys(ctx context.Context, n int, rng *rand.Rand) (keyFigures, error) {
	var fig keyFigures
	start := time.Now()
	for run := 0; fig.keys < n; run++ {
		if _, err := p.waitFor(ctx, time.Minute, "a selected row", oneSelection); err != nil {
			return fig, err
		}
		row, col, _ := p.scr.selection()
		key, dir := "j", 1
		if run%2 == 1 {
			key, dir = "k", -1
		}
		lat, moved, err := p.keyRun(ctx, key, min(keyRun, n-fig.keys), func(s *screen) int {
			r, c, ok := s.selection()
			if !ok || c != col {
				return 0
			}
			return (r - row) * dir
		}, rng)
		if err != nil {
			return fig, err
		}
		fig.latency = append(fig.latency, lat...)
		fig.keys += min(keyRun, n-fig.keys)
		fig.moves += moved
	}
	fig.wall = time.Since(start)
	return fig, nil
}

// oneSelection holds when the screen has exactly one selected row.
func oneSelection(s *screen) bool {
	_, _, ok := s.selection()
	return ok
}

// keyRun writes key m times and follows moved (how far the selection has
// gone since the run began); it returns the latency of each key answered
// and how far the selection went.
func (p *ptyProgram) keyRun(ctx context.Context, key string, m int, moved func(*screen) int, rng *rand.Rand) ([]time.Duration, int, error) {
	var sent []time.Time
	var lat []time.Duration
	most := 0
	next := time.NewTimer(0)
	defer next.Stop()
	var late <-chan time.Time
	for len(lat) < m {
		select {
		case <-ctx.Done():
			return nil, 0, ctx.Err()
		case <-next.C:
			if err := p.press(key); err != nil {
				return nil, 0, err
			}
			sent = append(sent, time.Now())
			if len(sent) < m {
				next.Reset(time.Duration(30+rng.IntN(21)) * time.Millisecond)
			} else {
				late = time.After(2 * time.Second)
			}
		case <-late:
			return lat, most, nil
		case ch, ok := <-p.out:
			if !ok {
				return nil, 0, fmt.Errorf("keys: %w", p.exited())
			}
			p.apply(ch)
			most = max(most, moved(p.scr))
			for len(lat) < min(most, len(sent)) {
				lat = append(lat, ch.at.Sub(sent[len(lat)]))
			}
		}
	}
	return lat, most, nil
}

// percentile is the p-th percentile (0–100) of v, nearest rank.
func percentile(v []time.Duration, p float64) time.Duration {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	i := int(p/100*float64(len(s))+0.5) - 1
	return s[min(max(i, 0), len(s)-1)]
}
