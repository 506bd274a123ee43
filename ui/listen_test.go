package ui

import (
	"reflect"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine"
)

// TestEventsComeInBatchesAtMostOneAFrame: what waits goes in one batch, in
// order; the next batch waits for the frame; a batch holds at most
// maxBatch events; a closed channel is said after the last batch.
func TestEventsComeInBatchesAtMostOneAFrame(t *testing.T) {
	events := make(chan engine.Event, maxBatch+10)
	b := &batcher{frame: 30 * time.Millisecond}
	send := func(ids ...int64) []engine.Event {
		var evs []engine.Event
		for _, id := range ids {
			ev := engine.FeedDownloading{FeedID: id}
			events <- ev
			evs = append(evs, ev)
		}
		return evs
	}
	want := send(1, 2, 3)
	if got := b.listen(events)(); !reflect.DeepEqual(got, engineBatchMsg{want}) {
		t.Fatalf("first batch = %v, want %v", got, want)
	}
	first := time.Now()
	want = send(4, 5)
	got := b.listen(events)()
	if since := time.Since(first); since < 25*time.Millisecond {
		t.Errorf("the second batch came %v after the first, within the frame", since)
	}
	if !reflect.DeepEqual(got, engineBatchMsg{want}) {
		t.Errorf("second batch = %v, want %v", got, want)
	}

	b.frame = 0
	var many []int64
	for id := range int64(maxBatch + 5) {
		many = append(many, id)
	}
	all := send(many...)
	if got := b.listen(events)().(engineBatchMsg); len(got.evs) != maxBatch || !reflect.DeepEqual(got.evs, all[:maxBatch]) {
		t.Errorf("a full batch holds %d events, want the first %d", len(got.evs), maxBatch)
	}
	close(events)
	if got := b.listen(events)(); !reflect.DeepEqual(got, engineBatchMsg{all[maxBatch:]}) {
		t.Errorf("the batch before the close = %v", got)
	}
	if got := b.listen(events)(); got != (engineClosedMsg{}) {
		t.Errorf("after the close: %v, want engineClosedMsg", got)
	}
}
