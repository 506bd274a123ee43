// Package ui is tidings' Bubble Tea reader: the folder and feed tree, the
// item list and the reader, over the store, with the download engine's
// events arriving as tea.Msg values.
//
// Bubble Tea's frames carry the styles' escapes, so no filter can sit on
// them: instead every dynamic string (a title, a URL, a message or error
// quoting one) is drawn through oneLine just before it is styled, at the
// few places text is drawn (the status line's parts, the dialogs, the
// panes' titles and rows, the reader's header), and the content through
// renderHTML, which cleans every piece of text.
//
// [KeyMap] is the one table of the reader's keys: key handling, the short
// help line, the ? screen and the manual page (tidings man) all read it.
// Every I/O runs in a tea.Cmd, so no key waits for the database.
//
// The benchmarks time the first frame, a key press in the item list and a
// move in the tree, on a store of 40,000 items, or on the store
// benchmarks' database of 500,000 items when TIDINGS_BENCH_DB names it:
//
//	TIDINGS_BENCH_DB=/tmp/big.db go test ./ui -run XXX -bench . -benchtime 20x -count 5
package ui
