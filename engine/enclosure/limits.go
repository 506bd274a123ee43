package enclosure

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/fetch"
)

// minPiece is the least a 206 must carry, when more was asked and the file
// goes on: a server answering every request with a byte or two would
// otherwise make a request per byte.
const minPiece = 16 << 10

// Errors of a transfer the server would not let end.
var (
	// ErrTooLarge means the file is larger than the enclosure's limit: its
	// declared length with the configured slack, or max_bytes.
	ErrTooLarge = errors.New("too large")
	// ErrBadRange means a 206 answered something other than what was
	// asked: another range, a different total, a body of another length.
	ErrBadRange = errors.New("the server's Content-Range does not match the request")
	// ErrStalled means the transfer received less than config.StallMinBytes
	// within the stall timeout.
	ErrStalled = errors.New("stalled")
	// ErrTransferTime means the transfer ran for longer than max_duration.
	ErrTransferTime = errors.New("took too long")
)

// withLimits fills in the transfer limits a configuration built in code
// left at zero with the defaults; a loaded configuration has them all.
func withLimits(c config.EnclosureConfig) config.EnclosureConfig {
	def := config.Default().Enclosures
	if c.MaxBytes <= 0 {
		c.MaxBytes = def.MaxBytes
	}
	if c.FallbackCapBytes <= 0 {
		c.FallbackCapBytes = def.FallbackCapBytes
	}
	if c.StallTimeout <= 0 {
		c.StallTimeout = def.StallTimeout
	}
	if c.MaxDuration <= 0 {
		c.MaxDuration = def.MaxDuration
	}
	return c
}

// tooLarge words a file over its limit, in one line.
func (t *transfer) tooLarge(status int) error {
	var err error
	if t.job.Length > 0 && t.limit < t.d.cfg.MaxBytes {
		err = fmt.Errorf("the file is %w: more than %s, the most its declared length of %s allows "+
			"(enclosures.length_slack_percent and length_slack_bytes)", ErrTooLarge, byteSize(t.limit), byteSize(t.job.Length))
	} else {
		err = fmt.Errorf("the file is %w: more than %s (enclosures.max_bytes)", ErrTooLarge, byteSize(t.limit))
	}
	return &fetch.DownloadError{Kind: fetch.KindSizeLimit, URL: t.job.URL, Status: status, Err: err}
}

// runBounded runs the transfer within the configured time: it ends when
// less than config.StallMinBytes arrive within the stall timeout, or when
// it has run for max_duration. A transfer the caller cancels still reports
// the caller's cancellation.
func (d *Downloader) runBounded(ctx context.Context, t *transfer) error {
	stallCtx, stall := context.WithCancelCause(ctx)
	defer stall(nil)
	tctx, cancel := context.WithTimeoutCause(stallCtx, d.cfg.MaxDuration,
		fmt.Errorf("%w: still running after %s (enclosures.max_duration)", ErrTransferTime, d.cfg.MaxDuration))
	defer cancel()
	stop := watchStall(tctx, t, d.cfg.StallTimeout, stall)
	err := t.run(tctx)
	stop()
	cause := context.Cause(tctx)
	if err == nil || ctx.Err() != nil || !(errors.Is(cause, ErrStalled) || errors.Is(cause, ErrTransferTime)) {
		return err
	}
	return &fetch.DownloadError{Kind: fetch.KindDownloadFailed, URL: t.job.URL,
		Err: fmt.Errorf("%w; %d bytes downloaded", cause, t.done)}
}

// watchStall cancels ctx (through stall) when t receives less than
// config.StallMinBytes within a window of every; stop ends the watch and
// waits for it.
func watchStall(ctx context.Context, t *transfer, every time.Duration, stall context.CancelCauseFunc) (stop func()) {
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(every)
		defer tick.Stop()
		mark := t.received.Load()
		for {
			select {
			case <-quit:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			now := t.received.Load()
			if now-mark < config.StallMinBytes {
				stall(fmt.Errorf("%w: less than %s received in %s (enclosures.stall_timeout)",
					ErrStalled, byteSize(config.StallMinBytes), every))
				return
			}
			mark = now
		}
	})
	return func() {
		close(quit)
		wg.Wait()
	}
}
