package engine

import (
	"fmt"
	"math"
	"net/http"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// utcAt parses an RFC 3339 time, failing the test when it cannot.
func utcAt(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestTTLFromHints(t *testing.T) {
	tests := []struct {
		name  string
		hints document.Hints
		want  time.Duration
	}{
		{"no hints", document.Hints{}, 0},
		{"ttl", document.Hints{TTLMinutes: 60}, time.Hour},
		{"negative ttl", document.Hints{TTLMinutes: -5}, 0},
		{"huge ttl is a week", document.Hints{TTLMinutes: math.MaxInt}, maxTTL},
		{"ttl of a week and a minute is a week", document.Hints{TTLMinutes: 10081}, 7 * 24 * time.Hour},
		{"hourly", document.Hints{UpdatePeriod: "hourly"}, time.Hour},
		{"hourly twice", document.Hints{UpdatePeriod: "hourly", UpdateFrequency: 2}, 30 * time.Minute},
		{"daily", document.Hints{UpdatePeriod: "daily", UpdateFrequency: 1}, 24 * time.Hour},
		{"weekly", document.Hints{UpdatePeriod: "weekly"}, 10080 * time.Minute},
		{"monthly is a week", document.Hints{UpdatePeriod: "monthly"}, 7 * 24 * time.Hour},
		{"yearly is a week", document.Hints{UpdatePeriod: "yearly"}, 7 * 24 * time.Hour},
		{"yearly twelve times is a month, so a week", document.Hints{UpdatePeriod: "yearly", UpdateFrequency: 12}, 7 * 24 * time.Hour},
		{"period in any case", document.Hints{UpdatePeriod: " Weekly "}, 10080 * time.Minute},
		{"frequency alone is per day", document.Hints{UpdateFrequency: 4}, 6 * time.Hour},
		{"unknown period alone", document.Hints{UpdatePeriod: "fortnightly"}, 0},
		{"unknown period with frequency is daily", document.Hints{UpdatePeriod: "often", UpdateFrequency: 2}, 12 * time.Hour},
		{"frequency below one is one", document.Hints{UpdatePeriod: "hourly", UpdateFrequency: -3}, time.Hour},
		{"ttl wins when longer", document.Hints{TTLMinutes: 120, UpdatePeriod: "hourly"}, 2 * time.Hour},
		{"period wins when longer", document.Hints{TTLMinutes: 30, UpdatePeriod: "daily"}, 24 * time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ttlFromHints(tt.hints); got != tt.want {
				t.Fatalf("ttlFromHints(%+v) = %v, want %v", tt.hints, got, tt.want)
			}
		})
	}
}

func TestNextSyncInterval(t *testing.T) {
	last := utcAt(t, "2024-03-05T12:00:00Z")
	day := 24 * time.Hour
	tests := []struct {
		name                string
		interval, ttl, hint time.Duration
		salt                float64
		want                time.Duration
	}{
		{"default feed, no salt", day, 0, 0, 0, day},
		{"default feed, half salt", day, 0, 0, 0.05, day + 72*time.Minute},
		{"default feed, full salt", day, 0, 0, 0.10, day + 144*time.Minute},
		{"salt above 10% is clamped", day, 0, 0, 0.5, day + 144*time.Minute},
		{"negative salt is none", day, 0, 0, -1, day},
		{"NaN salt is none", day, 0, 0, math.NaN(), day},
		{"custom 30 min", 30 * time.Minute, 0, 0, 0, 30 * time.Minute},
		{"ttl above interval", time.Hour, 2 * time.Hour, 0, 0, 2 * time.Hour},
		{"ttl below interval", 3 * time.Hour, 2 * time.Hour, 0, 0, 3 * time.Hour},
		{"interval below minimum", 5 * time.Minute, 0, 0, 0, 15 * time.Minute},
		{"zero interval", 0, 0, 0, 0, 15 * time.Minute},
		{"server hint above interval", time.Hour, 0, 2 * time.Hour, 0.10, 132 * time.Minute},
		{"server hint capped at 24 h", time.Hour, 0, 48 * time.Hour, 0, day},
		{"ttl is not capped", time.Hour, 7 * day, 0, 0, 7 * day},
		{"huge ttl saturates", time.Hour, time.Duration(math.MaxInt64), 0, 0.1, time.Duration(math.MaxInt64)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := nextSync(last, tt.interval, tt.ttl, tt.hint, tt.salt, document.Hints{}, true)
			if want := last.Add(tt.want); !got.Equal(want) {
				t.Fatalf("nextSync = %v (+%v), want +%v", got, got.Sub(last), tt.want)
			}
		})
	}
}

func TestNextSyncSaltWindow(t *testing.T) {
	last := utcAt(t, "2024-03-05T12:00:00Z")
	lo, hi := last.Add(24*time.Hour), last.Add(26*time.Hour+24*time.Minute)
	for _, salt := range []float64{0, 0.01, 0.033, 0.0999, 0.10} {
		t.Run(fmt.Sprintf("salt %v", salt), func(t *testing.T) {
			got := nextSync(last, 24*time.Hour, 0, 0, salt, document.Hints{}, false)
			if got.Before(lo) || got.After(hi) {
				t.Fatalf("salt %v: nextSync = %v, want within [%v, %v]", salt, got, lo, hi)
			}
		})
	}
}

func TestNextSyncSkipHints(t *testing.T) {
	weekend := []time.Weekday{time.Saturday, time.Sunday}
	allHours := make([]int, 24)
	for h := range allHours {
		allHours[h] = h
	}
	allDays := []time.Weekday{0, 1, 2, 3, 4, 5, 6}
	tests := []struct {
		name  string
		due   string // last + interval (1 h, no salt)
		hints document.Hints
		honor bool
		want  string
	}{
		{"allowed hour stays", "2024-03-05T12:20:00Z", document.Hints{SkipHours: []int{13, 14, 15}}, true, "2024-03-05T12:20:00Z"},
		{"skipped hours move to next hour start", "2024-03-05T13:20:00Z", document.Hints{SkipHours: []int{13, 14, 15}}, true, "2024-03-05T16:00:00Z"},
		{"skipped hours across midnight", "2024-03-05T23:30:00Z", document.Hints{SkipHours: []int{23, 0, 1}}, true, "2024-03-06T02:00:00Z"},
		{"hour 24 is midnight", "2024-03-06T00:30:00Z", document.Hints{SkipHours: []int{24}}, true, "2024-03-06T01:00:00Z"},
		{"out-of-range hours are ignored", "2024-03-05T13:20:00Z", document.Hints{SkipHours: []int{-1, 25, 99}}, true, "2024-03-05T13:20:00Z"},
		{"weekend moves Saturday to Monday", "2024-03-09T10:00:00Z", document.Hints{SkipDays: weekend}, true, "2024-03-11T00:00:00Z"},
		{"weekend moves Sunday to Monday", "2024-03-10T23:59:00Z", document.Hints{SkipDays: weekend}, true, "2024-03-11T00:00:00Z"},
		{"days and hours together", "2024-03-09T10:00:00Z", document.Hints{SkipDays: weekend, SkipHours: []int{0, 1}}, true, "2024-03-11T02:00:00Z"},
		{"all 24 hours skipped is ignored", "2024-03-05T13:20:00Z", document.Hints{SkipHours: allHours}, true, "2024-03-05T13:20:00Z"},
		{"all 7 days skipped is ignored", "2024-03-09T10:00:00Z", document.Hints{SkipDays: allDays}, true, "2024-03-09T10:00:00Z"},
		{"all days ignored, hours still honoured", "2024-03-09T13:20:00Z", document.Hints{SkipDays: allDays, SkipHours: []int{13}}, true, "2024-03-09T14:00:00Z"},
		{"honorSkip false ignores hours", "2024-03-05T13:20:00Z", document.Hints{SkipHours: []int{13, 14, 15}}, false, "2024-03-05T13:20:00Z"},
		{"honorSkip false ignores days", "2024-03-09T10:00:00Z", document.Hints{SkipDays: weekend}, false, "2024-03-09T10:00:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			last := utcAt(t, tt.due).Add(-time.Hour)
			got := nextSync(last, time.Hour, 0, 0, 0, tt.hints, tt.honor)
			if want := utcAt(t, tt.want); !got.Equal(want) {
				t.Fatalf("nextSync = %v, want %v", got.UTC(), want)
			}
		})
	}
}

func TestNextSyncSkipHoursAreGMT(t *testing.T) {
	zone := time.FixedZone("UTC-5", -5*3600)
	last := time.Date(2024, 3, 5, 7, 20, 0, 0, zone) // 12:20 GMT
	got := nextSync(last, time.Hour, 0, 0, 0, document.Hints{SkipHours: []int{13, 14, 15}}, true)
	if want := utcAt(t, "2024-03-05T16:00:00Z"); !got.Equal(want) {
		t.Fatalf("nextSync = %v, want %v", got, want)
	}
	if got.Location() != zone {
		t.Fatalf("nextSync location = %v, want last's (%v)", got.Location(), zone)
	}
}

func TestBackoff(t *testing.T) {
	day := 24 * time.Hour
	tests := []struct {
		name     string
		failures int
		interval time.Duration
		salt     float64
		want     time.Duration
	}{
		{"first retry", 1, day, 0, time.Minute},
		{"second", 2, day, 0, 2 * time.Minute},
		{"third", 3, day, 0, 4 * time.Minute},
		{"fourth", 4, day, 0, 8 * time.Minute},
		{"eleventh", 11, day, 0, 1024 * time.Minute},
		{"twelfth reaches the interval", 12, day, 0, day},
		{"thirteenth stays at the interval", 13, day, 0, day},
		{"salted doubling", 3, day, 0.10, 4*time.Minute + 24*time.Second},
		{"salted interval", 20, day, 0.10, day + 144*time.Minute},
		{"salt clamped", 1, day, 3, 66 * time.Second},
		{"hourly feed caps at 60 min", 7, time.Hour, 0, time.Hour},
		{"hourly feed before the cap", 6, time.Hour, 0, 32 * time.Minute},
		{"interval below minimum is raised", 5, 5 * time.Minute, 0, minInterval},
		{"zero failures is the first retry", 0, day, 0, time.Minute},
		{"negative failures is the first retry", -4, day, 0, time.Minute},
		{"huge failure count", math.MaxInt, day, 0, day},
		{"huge failures and interval", math.MaxInt, time.Duration(math.MaxInt64), 0.1, time.Duration(math.MaxInt64)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := backoff(tt.failures, tt.interval, tt.salt); got != tt.want {
				t.Fatalf("backoff(%d, %v, %v) = %v, want %v", tt.failures, tt.interval, tt.salt, got, tt.want)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	now := utcAt(t, "2024-03-05T12:00:00Z")
	tests := []struct {
		name   string
		header string
		want   time.Duration
		wantOK bool
	}{
		{"absent", "", 0, false},
		{"seconds", "120", 2 * time.Minute, true},
		{"seconds with spaces", " 30 ", 30 * time.Second, true},
		{"zero seconds", "0", 0, true},
		{"seconds above 24 h", "90000", maxHint, true},
		{"seconds beyond int64", "99999999999999999999999", maxHint, true},
		{"negative seconds", "-5", 0, false},
		{"fractional seconds", "1.5", 0, false},
		{"garbage", "soon", 0, false},
		{"IMF-fixdate", "Tue, 05 Mar 2024 12:01:30 GMT", 90 * time.Second, true},
		{"RFC 850 date", "Tuesday, 05-Mar-24 13:00:00 GMT", time.Hour, true},
		{"asctime date", "Tue Mar  5 12:10:00 2024", 10 * time.Minute, true},
		{"date beyond 24 h", "Fri, 08 Mar 2024 12:00:00 GMT", maxHint, true},
		{"date in the past", "Tue, 05 Mar 2024 11:00:00 GMT", 0, false},
		{"malformed date", "Tue, 32 Mar 2024 11:00:00 GMT", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := retryAfter(tt.header, now)
			if got != tt.want || ok != tt.wantOK {
				t.Fatalf("retryAfter(%q) = %v, %v; want %v, %v", tt.header, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestCacheHint(t *testing.T) {
	now := utcAt(t, "2024-03-05T12:00:00Z")
	date := func(d time.Duration) string { return now.Add(d).Format(http.TimeFormat) }
	tests := []struct {
		name   string
		header http.Header
		want   time.Duration
	}{
		{"none", http.Header{}, 0},
		{"max-age", http.Header{"Cache-Control": {"max-age=3600"}}, time.Hour},
		{"among other directives", http.Header{"Cache-Control": {"public, max-age=600, must-revalidate"}}, 10 * time.Minute},
		{"directive case", http.Header{"Cache-Control": {"Public, MAX-AGE=60"}}, time.Minute},
		{"quoted value", http.Header{"Cache-Control": {`max-age="120"`}}, 2 * time.Minute},
		{"several header lines", http.Header{"Cache-Control": {"public", "max-age=300"}}, 5 * time.Minute},
		{"s-maxage ignored", http.Header{"Cache-Control": {"s-maxage=7200, max-age=60"}}, time.Minute},
		{"s-maxage alone is no hint", http.Header{"Cache-Control": {"s-maxage=7200"}}, 0},
		{"capped at 24 h", http.Header{"Cache-Control": {"max-age=31536000"}}, maxHint},
		{"no-cache", http.Header{"Cache-Control": {"max-age=3600, no-cache"}, "Expires": {date(time.Hour)}}, 0},
		{"no-store", http.Header{"Cache-Control": {"no-store"}, "Expires": {date(time.Hour)}}, 0},
		{"invalid max-age", http.Header{"Cache-Control": {"max-age=soon"}, "Expires": {date(time.Hour)}}, 0},
		{"minus Age", http.Header{"Cache-Control": {"max-age=3600"}, "Age": {"600"}}, 50 * time.Minute},
		{"Age above max-age", http.Header{"Cache-Control": {"max-age=60"}, "Age": {"600"}}, 0},
		{"Age then cap", http.Header{"Cache-Control": {"max-age=31536000"}, "Age": {"3600"}}, maxHint},
		{"max-age beats Expires", http.Header{"Cache-Control": {"max-age=60"}, "Expires": {date(2 * time.Hour)}}, time.Minute},
		{"Expires from now", http.Header{"Expires": {date(90 * time.Minute)}}, 90 * time.Minute},
		{"Expires from Date", http.Header{"Date": {date(-time.Hour)}, "Expires": {date(time.Hour)}}, 2 * time.Hour},
		{"Expires with invalid Date", http.Header{"Date": {"yesterday"}, "Expires": {date(time.Hour)}}, time.Hour},
		{"Expires capped at 24 h", http.Header{"Expires": {date(72 * time.Hour)}}, maxHint},
		{"Expires in the past", http.Header{"Expires": {date(-time.Hour)}}, 0},
		{"Expires 0", http.Header{"Expires": {"0"}}, 0},
		{"Cache-Control without freshness falls back to Expires", http.Header{"Cache-Control": {"public"}, "Expires": {date(time.Hour)}}, time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cacheHint(tt.header, now); got != tt.want {
				t.Fatalf("cacheHint(%v) = %v, want %v", tt.header, got, tt.want)
			}
		})
	}
}
