package engine

// This file holds what a run of downloads tells the user besides each
// feed's result: feeds skipped for another process, a database fault.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tidings-rss/tidings/store"
)

// FeedsSkipped is sent at the end of a run that skipped feeds because
// another live tidings process was downloading them (a cron sync while the
// reader refreshes, say). Notice words it for the user.
type FeedsSkipped struct {
	// Count is the number of feeds skipped.
	Count int
	// PIDs are the processes that held them, in increasing order (those
	// whose claim names no pid are left out).
	PIDs []int
}

// EventName is "feeds skipped".
func (FeedsSkipped) EventName() string { return "feeds skipped" }

// Notice is the one line a user sees: "12 feeds skipped: being downloaded
// by another tidings process (pid 4242)".
func (s FeedsSkipped) Notice() string {
	noun := "feeds"
	if s.Count == 1 {
		noun = "feed"
	}
	line := fmt.Sprintf("%d %s skipped: being downloaded by another tidings process", s.Count, noun)
	switch len(s.PIDs) {
	case 0:
		return line
	case 1:
		return line + " (pid " + strconv.Itoa(s.PIDs[0]) + ")"
	}
	pids := make([]string, len(s.PIDs))
	for i, p := range s.PIDs {
		pids[i] = strconv.Itoa(p)
	}
	return line + " (pids " + strings.Join(pids, ", ") + ")"
}

// SkippedByOthers gathers the results skipped because another live
// process held their feed; Count is 0 when there is none.
func SkippedByOthers(results []Result) FeedsSkipped {
	var s FeedsSkipped
	for _, r := range results {
		if !r.Skipped || r.HeldBy == "" {
			continue
		}
		s.Count++
		if o, ok := store.ParseOwner(r.HeldBy); ok && !slices.Contains(s.PIDs, o.PID) {
			s.PIDs = append(s.PIDs, o.PID)
		}
	}
	slices.Sort(s.PIDs)
	return s
}

// SkipNotice is the notice of the feeds results skipped because another
// live process held them, or "" when none was.
func SkipNotice(results []Result) string {
	if s := SkippedByOthers(results); s.Count > 0 {
		return s.Notice()
	}
	return ""
}

// DatabaseFailed is sent at the end of a run that a fault of the database
// stopped (locked by another program, read-only, disk full …): Err, a
// *store.DatabaseError, says it in one line.
type DatabaseFailed struct {
	Err error
}

// EventName is "database failed".
func (DatabaseFailed) EventName() string { return "database failed" }

// DatabaseFault returns the fault of the database that stopped a run (a
// *store.DatabaseError, whose message is the one line to show), or nil.
// The other feeds of such a run end canceled: what they would have written
// could not be kept either.
func DatabaseFault(results []Result) error {
	for _, r := range results {
		var de *store.DatabaseError
		if errors.As(r.Err, &de) {
			return de
		}
	}
	return nil
}

// announce sends what a run tells beyond each feed's events: the feeds
// another process held, and the database fault that stopped it.
func (e *Engine) announce(results []Result) {
	if s := SkippedByOthers(results); s.Count > 0 {
		e.emit(s)
	}
	if err := DatabaseFault(results); err != nil {
		e.emit(DatabaseFailed{Err: err})
	}
}
