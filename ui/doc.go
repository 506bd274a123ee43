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
package ui
