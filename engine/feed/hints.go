package feed

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
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
func rssHints(ch *element) document.Hints {
	h := syHints(ch)
	h.TTLMinutes = nonNegativeInt(rssText(ch, "ttl"))
	h.SkipHours = skipHours(childTexts(rssChild(ch, "skipHours"), "hour"))
	h.SkipDays = skipDays(childTexts(rssChild(ch, "skipDays"), "day"))
	return h
}

// childTexts returns the texts of e's RSS children local (nil for nil e).
func childTexts(e *element, local string) []string {
	if e == nil {
		return nil
	}
	var out []string
	for _, c := range rssChildren(e, local) {
		out = append(out, c.text())
	}
	return out
}

// syHints reads the Syndication module (sy:updatePeriod, updateFrequency,
// updateBase) from a channel or an Atom feed. An unknown period is
// dropped (""), a frequency that is not a positive integer is 0.
func syHints(ch *element) document.Hints {
	period := strings.ToLower(ch.firstText(nsSy, "updatePeriod"))
	if !slices.Contains(updatePeriods, period) {
		period = ""
	}
	return document.Hints{
		UpdatePeriod:    period,
		UpdateFrequency: nonNegativeInt(ch.firstText(nsSy, "updateFrequency")),
		UpdateBase:      parseDate(ch.firstText(nsSy, "updateBase")),
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
