// Package ui is tidings' Bubble Tea reader: the folder and feed tree, the
// item list and the reader, over the store, with the download engine's
// events arriving as tea.Msg values.
package ui
