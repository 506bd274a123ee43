package engine

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/document"
)

// minInterval is the shortest automatic interval (config.IntervalBound).
const minInterval = time.Duration(config.MinIntervalMinutes) * time.Minute

// maxHint caps server cache hints (Cache-Control max-age, Expires) and
// Retry-After at 24 h.
const maxHint = 24 * time.Hour

// maxTTL caps the publisher's minimum interval. A feed may say to come
// back in a year (sy:updatePeriod yearly) or in 292 years (<ttl> of 2^31
// minutes): honoured, it would never be looked at again, and the user
// would not know. A week keeps every period up to weekly as it is, and a
// conditional request a week to a feed that said monthly costs its server
// a 304.
const maxTTL = 7 * 24 * time.Hour

// maxSalt is the largest schedule salt, the platform's random extension of
// every interval: up to 10 % later.
const maxSalt = 0.10

// durationMax is the largest time.Duration.
const durationMax = time.Duration(math.MaxInt64)

// syPeriodMinutes maps sy:updatePeriod values to their length in minutes.
var syPeriodMinutes = map[string]int{
	"hourly":  60,
	"daily":   1440,
	"weekly":  10080,
	"monthly": 43200,
	"yearly":  525600,
}

// ttlFromHints returns the publisher's minimum interval: the larger of RSS
// <ttl> and the Syndication module's sy:updatePeriod / sy:updateFrequency,
// at most maxTTL, 0 if neither is given. A missing or unknown period with a frequency means
// daily (the module's default); a frequency below 1 means 1; an unknown
// period without a frequency is no hint. Hourly with frequency 2 is 30 min.
func ttlFromHints(h document.Hints) time.Duration {
	return min(max(hintMinutes(h.TTLMinutes), syInterval(h.UpdatePeriod, h.UpdateFrequency)), maxTTL)
}

// syInterval is the Syndication module's interval, 0 when absent.
func syInterval(period string, frequency int) time.Duration {
	p, known := syPeriodMinutes[strings.ToLower(strings.TrimSpace(period))]
	if !known {
		if frequency <= 0 {
			return 0
		}
		p = syPeriodMinutes["daily"]
	}
	return hintMinutes(p) / time.Duration(max(frequency, 1))
}

// hintMinutes converts n minutes to a Duration, 0 for n <= 0, saturating.
func hintMinutes(n int) time.Duration {
	if n <= 0 {
		return 0
	}
	if n > int(durationMax/time.Minute) {
		return durationMax
	}
	return time.Duration(n) * time.Minute
}

// nextSync returns when a feed downloaded successfully at last is due again:
// last + max(ttl, interval, serverHint) × (1 + salt). interval is raised to
// minInterval, serverHint is capped at maxHint, and salt (the caller's
// random draw) is clamped to [0, 0.10]. When honorSkip is set, the result
// is then moved forward to the start of the first GMT hour that is neither
// in hints.SkipHours nor on a day in hints.SkipDays. A hint that skips all
// 24 hours or all 7 days is ignored. The result is in last's location.
func nextSync(last time.Time, interval, ttl, serverHint time.Duration, salt float64,
	hints document.Hints, honorSkip bool) time.Time {
	interval = max(interval, minInterval)
	serverHint = min(max(serverHint, 0), maxHint)
	next := last.Add(saltedDuration(max(ttl, interval, serverHint), salt))
	if honorSkip {
		next = skipForward(next, hints)
	}
	return next.In(last.Location())
}

// saltedDuration returns d × (1 + salt), salt clamped to [0, 0.10], saturating.
func saltedDuration(d time.Duration, salt float64) time.Duration {
	if !(salt > 0) { // also NaN
		return d
	}
	f := float64(d) * (1 + min(salt, maxSalt))
	if f >= float64(durationMax) {
		return durationMax
	}
	return time.Duration(f)
}

// skipForward moves t to the start of the first GMT hour allowed by the
// skipHours and skipDays hints, leaving t alone when it is allowed already
// or when the hints allow nothing within 8 days.
func skipForward(t time.Time, h document.Hints) time.Time {
	hours, days := skippedHours(h.SkipHours), skippedDays(h.SkipDays)
	u := t.UTC()
	limit := u.Add(8 * 24 * time.Hour)
	for u.Before(limit) {
		switch {
		case days[u.Weekday()]:
			u = time.Date(u.Year(), u.Month(), u.Day()+1, 0, 0, 0, 0, time.UTC)
		case hours[u.Hour()]:
			u = u.Truncate(time.Hour).Add(time.Hour)
		default:
			return u
		}
	}
	return t
}

// skippedHours returns the set of GMT hours to skip (24 counts as 0), or
// all false when the hint names every hour and so must be ignored.
func skippedHours(list []int) [24]bool {
	var set [24]bool
	n := 0
	for _, h := range list {
		if h == 24 {
			h = 0
		}
		if h >= 0 && h < 24 && !set[h] {
			set[h] = true
			n++
		}
	}
	if n == len(set) {
		return [24]bool{}
	}
	return set
}

// skippedDays returns the set of weekdays to skip, or all false when the
// hint names every day and so must be ignored.
func skippedDays(list []time.Weekday) [7]bool {
	var set [7]bool
	n := 0
	for _, d := range list {
		if d >= time.Sunday && d <= time.Saturday && !set[d] {
			set[d] = true
			n++
		}
	}
	if n == len(set) {
		return [7]bool{}
	}
	return set
}

// backoff returns the delay before retry number failures (counted from 1)
// after failed downloads: 1 min × 2^(failures−1) × (1 + salt), until that
// reaches interval (the feed's normal interval, raised to minInterval),
// which is then used instead: interval × (1 + salt). salt is clamped to
// [0, 0.10]; huge failure counts cannot overflow.
func backoff(failures int, interval time.Duration, salt float64) time.Duration {
	interval = max(interval, minInterval)
	d := time.Minute
	for i := 1; i < failures && d < interval; i++ {
		if d > interval/2 {
			d = interval
		} else {
			d *= 2
		}
	}
	return saltedDuration(d, salt)
}

// retryAfter parses a Retry-After header, either delta-seconds or an
// HTTP-date, into a delay from now, capped at maxHint. ok is false when the
// header is absent, unparsable or in the past.
func retryAfter(header string, now time.Time) (time.Duration, bool) {
	header = strings.TrimSpace(header)
	if header == "" {
		return 0, false
	}
	if isDeltaSeconds(header) {
		return deltaSeconds(header), true
	}
	at, err := http.ParseTime(header)
	if err != nil || at.Before(now) {
		return 0, false
	}
	return min(at.Sub(now), maxHint), true
}

// isDeltaSeconds reports whether s is a non-empty run of ASCII digits.
func isDeltaSeconds(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// deltaSeconds converts an all-digit delta-seconds value to a Duration
// capped at maxHint.
func deltaSeconds(s string) time.Duration {
	return min(time.Duration(hintSeconds(s))*time.Second, maxHint)
}

// hintSeconds parses an all-digit value, saturating instead of overflowing, and
// never above what a Duration can hold in seconds.
func hintSeconds(s string) int64 {
	const most = int64(durationMax / time.Second)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n > most {
		return most
	}
	return n
}

// cacheHint returns how long the server says its response stays fresh, for
// use as a lower bound on the next sync. Cache-Control wins over Expires:
// no-cache or no-store give 0; max-age (s-maxage is for shared caches and
// ignored) gives max-age minus the Age header, and an invalid max-age gives
// 0. Otherwise Expires counts from the Date header, or from now when Date is
// absent or invalid; an invalid or past Expires gives 0. The result is
// capped at maxHint; 0 means no hint.
func cacheHint(h http.Header, now time.Time) time.Duration {
	if d, ok := cacheControlHint(h); ok {
		return d
	}
	return expiresHint(h, now)
}

// cacheControlHint applies the Cache-Control directives; ok is false when
// they say nothing about freshness.
func cacheControlHint(h http.Header) (time.Duration, bool) {
	maxAge, found := "", false
	for _, line := range h.Values("Cache-Control") {
		for _, directive := range strings.Split(line, ",") {
			name, value, _ := strings.Cut(strings.TrimSpace(directive), "=")
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "no-cache", "no-store":
				return 0, true
			case "max-age":
				if !found {
					maxAge, found = strings.Trim(strings.TrimSpace(value), `"`), true
				}
			}
		}
	}
	if !found {
		return 0, false
	}
	if !isDeltaSeconds(maxAge) {
		return 0, true
	}
	fresh := hintSeconds(maxAge)
	if age := strings.TrimSpace(h.Get("Age")); isDeltaSeconds(age) {
		fresh -= hintSeconds(age)
	}
	return min(time.Duration(max(fresh, 0))*time.Second, maxHint), true
}

// expiresHint is Expires relative to Date (or now), within [0, maxHint].
func expiresHint(h http.Header, now time.Time) time.Duration {
	raw := strings.TrimSpace(h.Get("Expires"))
	if raw == "" {
		return 0
	}
	expires, err := http.ParseTime(raw)
	if err != nil {
		return 0
	}
	if date, err := http.ParseTime(strings.TrimSpace(h.Get("Date"))); err == nil {
		now = date
	}
	return min(max(expires.Sub(now), 0), maxHint)
}
