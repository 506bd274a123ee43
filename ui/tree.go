package ui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/tidings-rss/tidings/store"
)

// nodeKind tells the rows of the tree apart.
type nodeKind uint8

const (
	nodeAll nodeKind = iota
	nodeUnread
	nodeFlagged
	nodeFolder
	nodeFeed
	nodeHeading // a section title, never selected
	nodeSearch  // a saved search (tree_searches.go)
)

// node is one row of the tree: a view, a folder, a feed or a saved
// search.
type node struct {
	label string
	path  string // folder path (folders), the feed's folder (feeds)
	// feed is a feed's row, in the tree's data (treeData.feeds).
	feed *store.FeedRow
	// search is a saved search's entry, in the tree's data.
	search *searchEntry
	feedID int64
	depth  int
	unread int
	count  int
	kind   nodeKind
	// folded is a folder folded (c): its subtree is out of sight.
	folded bool
}

// key identifies the node across reloads, to keep the selection.
func (n node) key() string {
	switch n.kind {
	case nodeFolder:
		return "d:" + n.path
	case nodeFeed:
		return fmt.Sprint("f:", n.feedID)
	case nodeSearch:
		return "s:" + n.label
	}
	return fmt.Sprint("v:", int(n.kind))
}

// query is the item query that lists the node's items.
func (n node) query() store.ItemQuery {
	switch n.kind {
	case nodeUnread:
		return store.ItemQuery{Unread: true}
	case nodeFlagged:
		return store.ItemQuery{Flagged: true}
	case nodeFolder:
		return store.ItemQuery{FolderPath: n.path}
	case nodeFeed:
		return store.ItemQuery{FeedID: n.feedID}
	case nodeSearch:
		return n.search.query()
	}
	return store.ItemQuery{}
}

// treePane is the left pane: All items, Unread, Flagged, then folders with
// their subtree totals and feeds with their unread counts.
type treePane struct {
	keys          KeyMap
	dialogKeys    KeyMap
	styles        Styles
	be            backend
	out           *outbox
	links         links
	loc           *time.Location
	now           func() time.Time
	cursor, top   int
	width, height int
	focused       bool
	// undo is the last mark-all-read, until u undoes it.
	undo *markUndo
	// listOrders are the orders chosen for list feeds (O).
	listOrders map[int64]store.ListOrder
	// all are every row of the tree, for what acts on every feed; shown
	// are the indexes in all of the rows on screen, top to bottom: l
	// (hideRead) leaves out the feeds and folders with nothing unread, a
	// folded folder its subtree. The cursor and top count shown rows.
	all      []node
	shown    []int32
	hideRead bool
	// data is what the rows were last built from, for l to rebuild them;
	// the engine's counts are applied to it as to the rows.
	data treeData
	// byID are the indexes in all of the feeds' rows, ordered by feed id
	// (feedRow).
	byID []int32
	// drawn are the rows on screen as last drawn.
	drawn []drawnRow
	// folded are the folders this reader folded (true) or opened (false),
	// over what the store keeps (tree_fold.go).
	folded map[string]bool
}

// treeData is what the tree is built from.
type treeData struct {
	feeds    []store.FeedRow
	folders  []store.FolderCount
	flagged  int
	searches []searchEntry
}

// at is shown row i.
func (t *treePane) at(i int) *node { return &t.all[t.shown[i]] }

// node returns the selected node.
func (t *treePane) node() node {
	if t.cursor < len(t.shown) {
		return *t.at(t.cursor)
	}
	return node{kind: nodeAll, label: "All items"}
}

// feedsUnder returns the rows of the feeds a node covers (a feed, a
// folder's subtree, or every feed).
func (t *treePane) feedsUnder(n node) []store.FeedRow {
	var out []store.FeedRow
	for _, m := range t.all {
		if m.kind != nodeFeed {
			continue
		}
		switch {
		case n.kind == nodeFeed && m.feedID != n.feedID:
		case n.kind == nodeFolder && m.path != n.path && !strings.HasPrefix(m.path, n.path+"/"):
		default:
			out = append(out, *m.feed)
		}
	}
	return out
}

// feedByID returns the row of the feed with id, or nil.
func (t *treePane) feedByID(id int64) *store.FeedRow {
	if i, ok := t.feedRow(id); ok {
		return t.all[i].feed
	}
	return nil
}

// feedRow is the index in all of the row of the feed with id; false when
// the tree does not have the feed.
func (t *treePane) feedRow(id int64) (int, bool) {
	j, ok := slices.BinarySearchFunc(t.byID, id, func(i int32, id int64) int { return cmp.Compare(t.all[i].feedID, id) })
	if !ok {
		return 0, false
	}
	return int(t.byID[j]), true
}

// feedsByID are the indexes of the feeds' rows of all, ordered by feed id.
func feedsByID(all []node, feeds int) []int32 {
	out := make([]int32, 0, feeds)
	for i := range all {
		if all[i].kind == nodeFeed {
			out = append(out, int32(i))
		}
	}
	slices.SortFunc(out, func(a, b int32) int { return cmp.Compare(all[a].feedID, all[b].feedID) })
	return out
}

// setData rebuilds the rows from the store, keeping the selected node (or
// its position when it is gone). It reports whether any count changed and
// whether the selected node is gone.
func (t *treePane) setData(feeds []store.FeedRow, folders []store.FolderCount, flagged int, searches []searchEntry) (changed, lost bool) {
	oldAll, oldShown, sel := t.all, t.shown, t.node().key()
	t.data = treeData{feeds: feeds, folders: folders, flagged: flagged, searches: searches}
	t.all = buildNodes(feeds, folders, flagged, searches)
	t.byID = feedsByID(t.all, len(feeds))
	lost = t.layout(sel)
	return countsChanged(oldAll, oldShown, t.all, t.shown), lost
}

// relayout derives the rows shown from all the rows (l leaves out what is
// read, folded folders their subtrees), keeping the selected node (or its
// position when it is gone); it reports whether the selected node is gone.
func (t *treePane) relayout() (lost bool) { return t.layout(t.node().key()) }

// layout is relayout with the selected node's key sel (read before all
// was built again).
func (t *treePane) layout(sel string) (lost bool) {
	t.shown = t.unfolded(t.unreadOnly(sel))
	t.cursor = min(t.cursor, max(len(t.shown)-1, 0))
	lost = true
	for i := range t.shown {
		if t.at(i).key() == sel {
			t.cursor, lost = i, false
		}
	}
	t.scroll()
	return lost
}

// countsChanged reports whether the rows shown (bShown of bAll) differ
// from those shown before (aShown of aAll) in what they are or count.
func countsChanged(aAll []node, aShown []int32, bAll []node, bShown []int32) bool {
	if len(aShown) != len(bShown) {
		return true
	}
	for i := range aShown {
		a, b := &aAll[aShown[i]], &bAll[bShown[i]]
		if a.key() != b.key() || a.unread != b.unread || a.count != b.count {
			return true
		}
	}
	return false
}

// buildNodes lays out the tree: the three views (Flagged with the number
// of flagged items), the saved searches under their heading, each folder
// followed by its sub-folders and feeds, then the feeds outside any folder.
func buildNodes(feeds []store.FeedRow, folders []store.FolderCount, flagged int, searches []searchEntry) []node {
	var all, unread int
	byFolder := map[string][]int{}
	for i, f := range feeds {
		all += f.ItemCount
		unread += f.UnreadCount
		byFolder[f.FolderPath] = append(byFolder[f.FolderPath], i)
	}
	nodes := make([]node, 0, 4+len(searches)+len(folders)+len(feeds))
	nodes = append(nodes,
		node{kind: nodeAll, label: "All items", unread: unread, count: all},
		node{kind: nodeUnread, label: "Unread", unread: unread, count: unread},
		node{kind: nodeFlagged, label: "Flagged", count: flagged})
	nodes = append(nodes, searchNodes(searches)...)
	children := map[int64][]store.FolderCount{}
	for _, f := range folders {
		children[f.ParentID] = append(children[f.ParentID], f)
	}
	var walk func(parent int64, depth int)
	walk = func(parent int64, depth int) {
		for _, f := range children[parent] {
			nodes = append(nodes, node{kind: nodeFolder, label: f.Name, path: f.Path, depth: depth, unread: f.Unread, count: f.Items})
			walk(f.ID, depth+1)
			nodes = appendFeeds(nodes, feeds, byFolder[f.Path], depth+1)
		}
	}
	walk(0, 0)
	return appendFeeds(nodes, feeds, byFolder[""], 0)
}

// unreadOnly is the indexes of the rows l shows: without l every row;
// with it, the tree without the feeds and folders that have nothing
// unread, but for the selected node (key sel), so that reading a feed's
// last item does not take it away, and the folders above what stays.
func (t *treePane) unreadOnly(sel string) []int32 {
	nodes := t.all
	out := make([]int32, 0, len(nodes))
	if !t.hideRead {
		for i := range nodes {
			out = append(out, int32(i))
		}
		return out
	}
	keep := make([]bool, len(nodes))
	above := map[string]bool{}
	for i, n := range nodes {
		if n.kind != nodeFeed && n.kind != nodeFolder {
			keep[i] = true
			continue
		}
		if n.unread == 0 && n.key() != sel {
			continue
		}
		keep[i] = true
		for p := n.path; p != ""; {
			above[p] = true
			i := strings.LastIndex(p, "/")
			if i < 0 {
				break
			}
			p = p[:i]
		}
	}
	for i, n := range nodes {
		if keep[i] || n.kind == nodeFolder && above[n.path] {
			out = append(out, int32(i))
		}
	}
	return out
}

func appendFeeds(nodes []node, feeds []store.FeedRow, idx []int, depth int) []node {
	for _, i := range idx {
		f := &feeds[i]
		title := f.Title
		if title == "" {
			title = f.URL
		}
		nodes = append(nodes, node{kind: nodeFeed, label: title, path: f.FolderPath, feedID: f.ID,
			depth: depth, unread: f.UnreadCount, count: f.ItemCount, feed: f})
	}
	return nodes
}

// View draws the visible rows.
func (t *treePane) View() string {
	var b strings.Builder
	title := "Feeds"
	if t.hideRead {
		title = "Feeds (unread)"
	}
	b.WriteString(paneTitle(t.styles, title, t.width, t.focused))
	rows := max(t.height-1, 0)
	if len(t.drawn) != rows {
		t.drawn = make([]drawnRow, rows)
	}
	for r, i := 0, t.top; i < t.top+rows; r, i = r+1, i+1 {
		b.WriteByte('\n')
		if i < len(t.shown) {
			b.WriteString(t.drawnRow(r, i))
		}
	}
	return b.String()
}

// drawnRow is row i drawn on screen row r: as last drawn there when
// nothing it shows changed (a count moves a few rows of a refresh's
// frame, not the tree).
func (t *treePane) drawnRow(r, i int) string {
	k := t.rowKey(i)
	if d := &t.drawn[r]; d.ok && d.key == k {
		return d.text
	}
	text := t.row(i, k.mark)
	t.drawn[r] = drawnRow{key: k, text: text, ok: true}
	return text
}

// drawnRow is a row as drawn, with what it was drawn from.
type drawnRow struct {
	key  rowKey
	text string
	ok   bool
}

// rowKey is everything a row of the tree is drawn from (row reads
// nothing else).
type rowKey struct {
	kind                  nodeKind
	label, mark           string
	depth, unread, count  int
	width                 int
	selected, focused, ok bool
}

func (t *treePane) rowKey(i int) rowKey {
	n := t.at(i)
	return rowKey{kind: n.kind, label: n.label, mark: t.mark(n), depth: n.depth, unread: n.unread, count: n.count,
		width: t.width, selected: i == t.cursor, focused: t.focused}
}

// mark is the glyph before a row: a feed stopped, failing, watched or
// of the account, a folder folded.
func (t *treePane) mark(n *node) string {
	mark := " "
	switch {
	case n.feed != nil && n.feed.Stopped != "":
		mark = glyphStopped
	case n.feed != nil && n.feed.LastError != "":
		mark = glyphFailed
	case n.feed != nil && n.feed.Watch:
		mark = glyphWatched
	case n.feed != nil && n.feed.Remote:
		mark = glyphRemote // a feed of the account, fetched by its server
	case n.folded:
		mark = glyphFolded
	}
	return mark
}

func (t *treePane) row(i int, mark string) string {
	n := t.at(i)
	st := t.styles.TreeRow
	if n.kind == nodeHeading {
		return t.headingRow(*n)
	}
	if n.kind == nodeFolder {
		st = t.styles.TreeFolder
	} else if n.unread > 0 {
		st = t.styles.TreeUnread
	}
	count := ""
	switch {
	case n.kind == nodeFlagged && n.count > 0:
		count = fmt.Sprint(n.count)
	case n.kind != nodeFlagged && n.unread > 0:
		count = fmt.Sprint(n.unread)
	}
	label := strings.Repeat("  ", n.depth) + oneLine(n.label)
	if n.kind == nodeFolder {
		label += "/"
	}
	w := max(t.width-len(count)-3, 1)
	if n.kind == nodeFlagged {
		st = t.styles.TreeRow
	}
	text := mark + " " + padRight(ansi.Truncate(label, w, "…"), w) + " "
	style := rowStyle(t.styles.TreeSelected, t.styles.TreeCursor, st, i == t.cursor, t.focused)
	if !t.styles.HasTreeCount || count == "" {
		return style.Render(text + count)
	}
	return style.Render(text) + t.styles.TreeCount.Inherit(style).Render(count)
}
