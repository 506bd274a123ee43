package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/tidings-rss/tidings/store"
)

// FeedHealth is what the engine knows of one feed's downloads, in one
// place: the feed with its sync state, its last attempt, and when it is
// downloaded next and why.
type FeedHealth struct {
	Feed store.Feed
	// LastSync is the newest download attempt, nil when there was none.
	LastSync *store.SyncLogEntry
	// Interval is the interval the scheduler uses (the feed's own or the
	// default, never under the minimum); TTL the publisher's minimum.
	Interval, TTL time.Duration
	// NextSync is when the scheduler downloads the feed next; nil when it
	// never does (manual, gone, ended) or at its next pass (never
	// downloaded, settings changed).
	NextSync *time.Time
	// Why says, in one line, what decided NextSync.
	Why string
}

// Health returns a feed's health at now.
func (e *Engine) Health(ctx context.Context, feedID int64) (FeedHealth, error) {
	f, err := e.store.Feed(ctx, feedID)
	if err != nil {
		return FeedHealth{}, err
	}
	last, err := e.store.LastSync(ctx, feedID)
	if err != nil {
		return FeedHealth{}, err
	}
	h := FeedHealth{Feed: f, LastSync: last, TTL: time.Duration(f.TTLMinutes) * time.Minute,
		Interval: time.Duration(Interval(e.cfg, f)) * time.Minute}
	if f.Remote() {
		h.NextSync, h.Why = e.accountNextWhy(ctx)
		return h, nil
	}
	h.NextSync, h.Why = nextSyncWhy(h, e.clock.Now())
	return h, nil
}

// nextSyncWhy explains the feed's next sync from its stored state and the
// schedule rules (salted interval, TTL, back-off, Retry-After, skip hints).
func nextSyncWhy(h FeedHealth, now time.Time) (*time.Time, string) {
	f, st := h.Feed, h.Feed.State
	switch {
	case f.Stopped == store.StoppedGone:
		return nil, "never: the feed is gone (410 Gone or an empty XML redirect), so its sync is manual"
	case f.Stopped == store.StoppedEnded:
		return nil, "never: the publisher ended the feed (cf:noMoreUpdates), so its sync is manual"
	case f.Sync == store.SyncManual:
		return nil, "never automatically: its sync is manual (r downloads it now)"
	case st.NextSyncAt == nil && st.LastAttemptAt == nil:
		return nil, "at the scheduler's next pass: it was never downloaded"
	case st.NextSyncAt == nil:
		return nil, "at the scheduler's next pass: its settings changed"
	}
	next := *st.NextSyncAt
	why := scheduleWhy(h)
	if !next.After(now) {
		why = "due now, at the scheduler's next pass (" + why + ")"
	}
	return &next, why
}

// scheduleWhy names the rule that set a scheduled next sync.
func scheduleWhy(h FeedHealth) string {
	f, st := h.Feed, h.Feed.State
	if st.Failures > 0 {
		if st.RetryAfter != nil && !st.RetryAfter.Before(st.NextSyncAt.Add(-time.Minute)) {
			return fmt.Sprintf("the server's Retry-After, after %s", failures(st.Failures))
		}
		return fmt.Sprintf("back-off after %s (1, 2, 4, 8 … minutes, salted, up to the interval)", failures(st.Failures))
	}
	source := "the default interval"
	if f.Sync == store.SyncInterval && f.IntervalMinutes > 0 {
		source = "its own interval"
	}
	why := fmt.Sprintf("%s of %s", source, Minutes(h.Interval))
	base := h.Interval
	if h.TTL > h.Interval {
		why = fmt.Sprintf("the publisher's TTL of %s (longer than %s of %s)", Minutes(h.TTL), source, Minutes(h.Interval))
		base = h.TTL
	}
	why += ", plus up to 10% salt"
	if st.LastDownloadAt != nil && st.NextSyncAt.Sub(*st.LastDownloadAt) > base+base/10+time.Minute {
		if len(f.SkipHours) > 0 || len(f.SkipDays) > 0 {
			why += "; moved past the publisher's skipHours/skipDays"
		} else {
			why += "; raised by the server's Cache-Control max-age or Expires"
		}
	}
	return why
}

func failures(n int) string {
	if n == 1 {
		return "1 failure"
	}
	return fmt.Sprintf("%d failures in a row", n)
}

// Minutes words a duration in the largest whole unit: "15 min", "6 h",
// "1 day", "2 days", else minutes.
func Minutes(d time.Duration) string {
	m := int(d / time.Minute)
	switch {
	case m >= 1440 && m%1440 == 0:
		if m == 1440 {
			return "1 day"
		}
		return fmt.Sprintf("%d days", m/1440)
	case m >= 60 && m%60 == 0:
		return fmt.Sprintf("%d h", m/60)
	}
	return fmt.Sprintf("%d min", m)
}
