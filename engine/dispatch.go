package engine

import (
	"container/heap"
	"runtime"

	"github.com/tidings-rss/tidings/engine/fetch"
)

// syncWorkers is how many feeds one SyncFeeds keeps under way: one per
// download thread, whose request is in flight, and one per CPU being
// parsed, sanitized or written meanwhile, so the network and the CPUs
// stay busy. It bounds the documents held in memory whatever the number
// of feeds.
func syncWorkers(threads int) int {
	return max(threads, 1) + runtime.GOMAXPROCS(0)
}

// dispatch hands out the feeds of one SyncFeeds call in the order given,
// but never one whose host already has perHost feeds under way while a
// feed of a free host waits: a worker then never sits on a busy host.
type dispatch struct {
	perHost int
	hosts   []string         // host key of each feed
	queues  map[string][]int // feeds not yet handed out, per host, in order
	busy    map[string]int   // feeds under way per host
	ready   readyHosts       // hosts with a free place and a queued feed
	left    int              // feeds not yet handed out
}

// newDispatch is the dispatch of the feeds at urls, in that order.
func newDispatch(urls []string, perHost int) *dispatch {
	d := &dispatch{perHost: max(perHost, 1), hosts: make([]string, len(urls)),
		queues: map[string][]int{}, busy: map[string]int{}, left: len(urls)}
	for i, u := range urls {
		h := placeKey(u)
		d.hosts[i] = h
		if len(d.queues[h]) == 0 {
			heap.Push(&d.ready, readyHost{host: h, head: i})
		}
		d.queues[h] = append(d.queues[h], i)
	}
	return d
}

// placeKey is the key the door limits requests by; a URL it would refuse
// is its own key (it fails at once without a request).
func placeKey(rawURL string) string {
	u, err := fetch.CheckURL(rawURL)
	if err != nil {
		return "invalid:" + rawURL
	}
	return fetch.HostKey(u)
}

// next is the first feed in order whose host has a free place.
func (d *dispatch) next() (int, bool) {
	if d.ready.Len() == 0 {
		return 0, false
	}
	h := heap.Pop(&d.ready).(readyHost).host
	q := d.queues[h]
	i := q[0]
	d.queues[h] = q[1:]
	d.busy[h]++
	d.left--
	d.requeue(h)
	return i, true
}

// done gives feed i's place at its host back.
func (d *dispatch) done(i int) {
	h := d.hosts[i]
	d.busy[h]--
	if d.busy[h] == d.perHost-1 {
		d.requeue(h)
	}
}

// requeue makes h ready again if it has a free place and a queued feed.
func (d *dispatch) requeue(h string) {
	if q := d.queues[h]; len(q) > 0 && d.busy[h] < d.perHost {
		heap.Push(&d.ready, readyHost{host: h, head: q[0]})
	}
}

// readyHost is a host with a free place; head is its first queued feed.
type readyHost struct {
	host string
	head int
}

// readyHosts is a min-heap of hosts by their first queued feed.
type readyHosts []readyHost

func (r readyHosts) Len() int           { return len(r) }
func (r readyHosts) Less(i, j int) bool { return r[i].head < r[j].head }
func (r readyHosts) Swap(i, j int)      { r[i], r[j] = r[j], r[i] }
func (r *readyHosts) Push(x any)        { *r = append(*r, x.(readyHost)) }
func (r *readyHosts) Pop() any {
	old := *r
	x := old[len(old)-1]
	*r = old[:len(old)-1]
	return x
}
