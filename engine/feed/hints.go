package feed

import (
	"slices"
	"strconv"
	"strings"
	"time"

	ext "github.com/mmcdole/gofeed/extensions"
	"github.com/mmcdole/gofeed/rss"
	"github.com/tidings-rss/tidings/store"
)

// updatePeriods are the values sy:updatePeriod may take.
var updatePeriods = []string{"hourly", "daily", "weekly", "monthly", "yearly"}

// weekdays maps lower-case English day names to time.Weekday.
var weekdays = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday,
	"wednesday": time.Wednesday, "thursday": time.Thursday,
	"friday": time.Friday, "saturday": time.Saturday,
}

// rssHints collects an RSS channel's scheduling hints: ttl, skipHours,
// skipDays and the Syndication module.
func rssHints(f *rss.Feed) store.Hints {
	h := syHints(f.Extensions)
	h.TTLMinutes = nonNegativeInt(f.TTL)
	h.SkipHours = skipHours(f.SkipHours)
	h.SkipDays = skipDays(f.SkipDays)
	return h
}

// syHints reads the Syndication module (sy:updatePeriod, updateFrequency,
// updateBase) from channel or Atom feed extensions. An unknown period is
// dropped (""), a frequency that is not a positive integer is 0.
func syHints(exts ext.Extensions) store.Hints {
	period := strings.ToLower(extValue(exts, prefixSy, "updatePeriod"))
	if !slices.Contains(updatePeriods, period) {
		period = ""
	}
	return store.Hints{
		UpdatePeriod:    period,
		UpdateFrequency: nonNegativeInt(extValue(exts, prefixSy, "updateFrequency")),
		UpdateBase:      extDate(exts, prefixSy, "updateBase"),
	}
}

// nonNegativeInt parses s as a decimal integer, 0 when invalid or negative.
func nonNegativeInt(s string) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// skipHours turns <hour> values into sorted, distinct GMT hours 0-23. 24
// means midnight (0), as some publishers count 1-24; anything else outside
// 0-24 or not an integer is dropped.
func skipHours(values []string) []int {
	var hours []int
	for _, v := range values {
		h, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || h < 0 || h > 24 {
			continue
		}
		if h == 24 {
			h = 0
		}
		if !slices.Contains(hours, h) {
			hours = append(hours, h)
		}
	}
	slices.Sort(hours)
	return hours
}

// skipDays turns <day> values (English day names, any case) into sorted,
// distinct weekdays; unknown names are dropped.
func skipDays(values []string) []time.Weekday {
	var days []time.Weekday
	for _, v := range values {
		d, ok := weekdays[strings.ToLower(strings.TrimSpace(v))]
		if ok && !slices.Contains(days, d) {
			days = append(days, d)
		}
	}
	slices.Sort(days)
	return days
}
