package ui

import "github.com/charmbracelet/bubbles/key"

// KeyMap is every key binding of the reader. The same bindings drive the
// key handling and the help (short line and `?` full screen).
type KeyMap struct {
	Up, Down, Top, Bottom, PageUp, PageDown key.Binding
	Open, Back, Quit, ForceQuit, NextPane   key.Binding
	NextUnread, PrevUnread, ToggleRead      key.Binding
	MarkAllRead, Flag, Watch                key.Binding
	OpenLink, CopyLink, Enclosure           key.Binding
	Refresh, RefreshAll                     key.Binding
	Subscribe, Unsubscribe, Edit            key.Binding
	Search, Stats, Help                     key.Binding
	Rules                                   key.Binding
}

// DefaultKeyMap returns the newsboat-like bindings.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Up:          b("k/↑", "up", "k", "up"),
		Down:        b("j/↓", "down", "j", "down"),
		Top:         b("g", "top", "g", "home"),
		Bottom:      b("G", "bottom", "G", "end"),
		PageUp:      b("pgup", "page up", "pgup", "ctrl+b"),
		PageDown:    b("pgdn", "page down", "pgdown", "ctrl+f", " "),
		Open:        b("enter", "open", "enter", "l", "right"),
		Back:        b("esc/q", "back", "esc", "q", "h", "left"),
		Quit:        b("q", "quit (tree)", "q"),
		ForceQuit:   b("ctrl+c", "quit", "ctrl+c"),
		NextPane:    b("tab", "next pane", "tab", "shift+tab"),
		NextUnread:  b("n", "next unread", "n"),
		PrevUnread:  b("p", "prev unread", "p"),
		ToggleRead:  b("N", "toggle read", "N"),
		MarkAllRead: b("A", "mark feed/folder read", "A"),
		Flag:        b("s", "flag", "s"),
		Watch:       b("w", "watch feed", "w"),
		OpenLink:    b("o", "open link", "o"),
		CopyLink:    b("y", "copy link", "y"),
		Enclosure:   b("e", "download enclosure", "e"),
		Refresh:     b("r", "refresh feed/folder", "r"),
		RefreshAll:  b("R", "refresh all", "R"),
		Subscribe:   b("a", "subscribe", "a"),
		Unsubscribe: b("d", "unsubscribe", "d"),
		Edit:        b("E", "feed settings", "E"),
		Search:      b("/", "search", "/"),
		Stats:       b("S", "statistics", "S"),
		Rules:       b("F", "rules", "F"),
		Help:        b("?", "help", "?"),
	}
}

// ShortHelp is the one-line help under the panes.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Back, k.NextPane, k.NextUnread, k.ToggleRead, k.Refresh, k.Subscribe, k.Search, k.Help}
}

// FullHelp is the `?` screen, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown, k.Open, k.Back, k.NextPane},
		{k.NextUnread, k.PrevUnread, k.ToggleRead, k.MarkAllRead, k.Flag, k.Watch, k.OpenLink, k.CopyLink, k.Enclosure},
		{k.Refresh, k.RefreshAll, k.Subscribe, k.Unsubscribe, k.Edit, k.Search, k.Rules, k.Stats, k.Help, k.ForceQuit},
	}
}
