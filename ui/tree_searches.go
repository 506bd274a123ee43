package ui

import (
	"fmt"
	"hash/fnv"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/store"
)

// searchEntry is a saved search with its unread count and parsed query,
// read for the tree in a Cmd.
type searchEntry struct {
	store.SavedSearchCount
	q   store.ItemQuery
	err error // the expression no longer parses
	// changeAt is the first moment its count may change with nothing
	// written (an item's age crosses one of its age tests); zero: never.
	changeAt time.Time
}

// searchNodes is the "Saved searches" section of the tree: a heading, then
// one row per search with its live unread count. No searches, no section.
func searchNodes(searches []searchEntry) []node {
	if len(searches) == 0 {
		return nil
	}
	nodes := []node{{kind: nodeHeading, label: "Saved searches"}}
	for i := range searches {
		s := &searches[i]
		nodes = append(nodes, node{kind: nodeSearch, label: s.Name, depth: 1, unread: s.Unread, search: s})
	}
	return nodes
}

// query is the item query of the search: none when its expression no
// longer parses.
func (s *searchEntry) query() store.ItemQuery {
	if s.err != nil {
		return store.ItemQuery{FeedID: -1} // selects nothing
	}
	return s.q
}

// skipHeading moves the cursor off a heading row, onwards in the direction
// it was moving (back when there is no row further).
func (t *treePane) skipHeading(before int) {
	if len(t.shown) == 0 || t.at(t.cursor).kind != nodeHeading {
		return
	}
	dir := 1
	if t.cursor < before {
		dir = -1
	}
	for _, d := range []int{dir, -dir} {
		for i := t.cursor + d; i >= 0 && i < len(t.shown); i += d {
			if t.at(i).kind != nodeHeading {
				t.cursor = i
				return
			}
		}
	}
}

// headingRow draws a section heading.
func (t *treePane) headingRow(n node) string {
	label := ansi.Truncate(oneLine(n.label), max(t.width-2, 1), "…")
	return t.styles.Label.Render("  " + padRight(label, max(t.width-2, 0)))
}

// searchCache keeps the saved searches' counts with the fingerprint of the
// feeds' counts they were read under: a saved search that cannot use an
// index costs a scan, which the 3-second poll should not repeat when
// nothing changed. Counts that time alone may have changed (an item aged
// out of an age test: changeAt passed) are stale whatever the fingerprint.
// Cmds run concurrently, hence the lock.
type searchCache struct {
	mu          sync.Mutex
	fingerprint string
	entries     []searchEntry
}

// get gives the entries kept, and whether they are still true at now
// under fingerprint fp.
func (c *searchCache) get(fp string, now time.Time) ([]searchEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	due := earliestChange(c.entries)
	return c.entries, c.fingerprint == fp && fp != "" && (due.IsZero() || now.Before(due))
}

func (c *searchCache) put(fp string, entries []searchEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.fingerprint, c.entries = fp, entries
}

// countsFingerprint changes when any feed's counts or last download do
// (new items, read or unread marks, removals), or the number of flagged
// items.
func countsFingerprint(feeds []store.FeedRow, flagged int) string {
	h := fnv.New64a()
	for _, f := range feeds {
		fmt.Fprint(h, f.ID, ":", f.ItemCount, ":", f.UnreadCount, ":", f.Downloaded, ";")
	}
	return fmt.Sprintf("%d/%d/%x", len(feeds), flagged, h.Sum64())
}
