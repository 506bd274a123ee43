package ui

// The marks drawn in the tree, the item list and the article; the help
// legend (and the manual page, through Marks) explains the same ones.
const (
	glyphUnread    = "•"
	glyphFlagged   = "*"
	glyphEnclosure = "♪"
	glyphFailed    = "!"
	glyphStopped   = "‖"
	glyphWatched   = "w"
	glyphRemote    = "@"
	glyphFolded    = "+"
	// glyphWrap ends a row of a code block that goes on in the next row:
	// the line was wider than the pane.
	glyphWrap = "↩"
)

// helpLegend explains the marks of the tree, the item list and the
// article.
var helpLegend = [][2]string{
	{glyphUnread, "unread item"},
	{glyphFlagged, "flagged item"},
	{glyphEnclosure, "item with an enclosure (podcast)"},
	{glyphFailed, "feed whose last download failed (i tells why)"},
	{glyphStopped, "feed that is gone or ended: no longer updated"},
	{glyphWatched, "watched feed: new items raise a toast"},
	{glyphRemote, "feed of the account: its server fetches it ([remote])"},
	{glyphFolded, "folded folder: c opens it"},
	{glyphWrap, "in an article's code: the line goes on in the next row"},
}

// Marks returns the marks of the tree, the item list and the article, each with its
// meaning, as the `?` screen lists them (the manual page lists them too).
func Marks() [][2]string {
	return append([][2]string(nil), helpLegend...)
}
