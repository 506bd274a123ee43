package ui

import (
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// links opens and copies links for the panes (the browser, else
// Options.OpenURL, and Options.Copy); the results are actionMsgs, for the
// status line.
type links struct {
	openURL func(string) error
	// browser is shared by the panes and the root, whose macros can set
	// it for the rest of the session.
	browser *browser
	copy    func(string) (string, error)
}

// errNoLink is o's and y's answer where there is no link.
var errNoLink = errors.New("this item has no link")

// open opens u in a Cmd.
func (l links) open(u string) tea.Cmd {
	open := l.openURL
	if open == nil {
		return l.browser.open(u)
	}
	return func() tea.Msg {
		if err := open(u); err != nil {
			return actionMsg{status: "open link", err: fmt.Errorf("open %s: %w", u, err)}
		}
		return actionMsg{status: "opened " + u}
	}
}

// copyOrSay copies u and says where it went, or says there is no link.
// What it copies is the link on one line without a control: pasted into a
// shell, an ESC[201~ would end the bracketed paste and a line break would
// run the line.
func (l links) copyOrSay(u string, out *outbox) tea.Cmd {
	u = oneLine(u)
	if u == "" {
		out.say("", errNoLink)
		return nil
	}
	copyFn := l.copy
	return func() tea.Msg {
		where, err := copyFn(u)
		if err != nil {
			return actionMsg{status: "copy link", err: err}
		}
		return actionMsg{status: "copied to " + where + ": " + u}
	}
}

// openOrSay opens u, or says there is no link.
func (l links) openOrSay(u string, out *outbox) tea.Cmd {
	if u == "" {
		out.say("", errNoLink)
		return nil
	}
	return l.open(u)
}
