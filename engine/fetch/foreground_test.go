package fetch

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/internal/fakeclock"
)

// TestForegroundTakesNoToken: with the bucket empty and the fake clock
// never advanced, foreground requests (a redirect hop included) go through
// at once, while a background one waits for the refill. The foreground
// leaves the bucket's tokens to the background.
func TestForegroundTakesNoToken(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.Redirect(w, r, "/new", http.StatusFound)
			return
		}
		w.Write([]byte("<rss/>"))
	}))
	defer srv.Close()
	clk := fakeclock.New(bucketEpoch)
	c := New(Options{Clock: clk, ResponseTimeout: 10 * time.Second, MaxBody: 1 << 20,
		BucketInitial: 1, BucketCapacity: 4, BucketRefillPerSecond: 1, InFlight: 4, PerHost: 1})
	fg := WithForeground(context.Background())
	if !Foreground(fg) || Foreground(context.Background()) {
		t.Fatal("Foreground does not read the mark back")
	}
	for i := range 10 {
		resp, err := c.Get(fg, srv.URL+"/old", Validators{})
		if err != nil || resp.Status != http.StatusOK {
			t.Fatalf("foreground get %d: %v %v", i, resp, err)
		}
	}
	if n := clk.Waiters(); n != 0 {
		t.Fatalf("foreground requests waited on the clock (%d timers)", n)
	}
	// The one token is still there for the background: one request
	// without a redirect goes at once, the next one waits.
	if _, err := c.Get(context.Background(), srv.URL+"/new", Validators{}); err != nil {
		t.Fatal(err)
	}
	after := clk.NextAfter()
	done := make(chan error, 1)
	go func() {
		_, err := c.Get(context.Background(), srv.URL+"/new", Validators{})
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("a background request with the bucket empty went at once (%v)", err)
	case <-after:
	}
	clk.Advance(time.Second)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestForegroundStillLimited: a foreground request still waits for its
// host's place.
func TestForegroundStillLimited(t *testing.T) {
	c := New(Options{Clock: fakeclock.New(bucketEpoch), BucketRefillPerSecond: 1, InFlight: 4, PerHost: 1})
	fg := WithForeground(context.Background())
	s, err := c.Acquire(fg, "http://127.0.0.1:1/a")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(fg, 50*time.Millisecond)
	defer cancel()
	if _, err := c.Acquire(ctx, "http://127.0.0.1:1/b"); KindOf(err) != KindCanceled {
		t.Fatalf("second foreground request to a busy host: %v, want it to wait until canceled", err)
	}
	s.Release()
	if s, err = c.Acquire(fg, "http://127.0.0.1:1/b"); err != nil {
		t.Fatal(err)
	}
	s.Release()
}
