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
// The root [Model] only routes. Each pane (the tree, the item list, the
// reader) and each dialog is a Component (component.go): it owns its
// keys, the Cmds it issues through the backend and their results, which
// come back as a message type only it handles or as a routedMsg naming
// it. The root routes focus, size, keys and mouse, engine events (to every
// pane) and the global keys (global.go); the feed keys are the tree's
// wherever they are pressed, the item keys in the reader the list's
// (route.go). What a component needs of the root or of another one it
// posts to the shared outbox (requests.go), which the root empties right
// after routing to it, so a burst of keys is handled as typed. The root
// never selects a field of a component: reachin_test.go checks it.
//
// [KeyMap] is the one table of the reader's keys, built for each context
// (tree, list, reader, dialogs) from config.Actions and the [keys]
// table: key handling, the short help line, the ? screen and the manual
// page (tidings man) all read it. Macros (macros.go) run their steps
// through the same keys, one step after the previous one's result.
// Every I/O runs in a tea.Cmd, so no key waits for the database.
//
// The benchmarks time the first frame, a key press in the item list and a
// move in the tree, on a store of 40,000 items, or on the store
// benchmarks' database of 500,000 items when TIDINGS_BENCH_DB names it:
//
//	TIDINGS_BENCH_DB=/tmp/big.db go test ./ui -run XXX -bench . -benchtime 20x -count 5
package ui
