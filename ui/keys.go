package ui

import "github.com/charmbracelet/bubbles/key"

// KeyMap is every key binding of the reader. The same bindings drive the
// key handling and the help (short line and `?` full screen).
type KeyMap struct {
	Up, Down, Top, Bottom, PageUp, PageDown key.Binding
	Open, Back, Quit, ForceQuit, NextPane   key.Binding
	NextUnread, PrevUnread, ToggleRead      key.Binding
	NextItem, PrevItem                      key.Binding
	MarkAllRead, Undo, Flag, Watch          key.Binding
	OpenLink, CopyLink, Enclosure, Play     key.Binding
	Pipe, Bookmark, Save                    key.Binding
	Article                                 key.Binding
	Refresh, RefreshAll                     key.Binding
	Subscribe, Unsubscribe, Edit, Move      key.Binding
	Health, Dismiss, ListOrder, HideRead    key.Binding
	Narrow, Widen, Zoom                     key.Binding
	Search, Stats, Help                     key.Binding
	Rules                                   key.Binding
	Queue, QueueDelete, QueueCancel         key.Binding
	QueueRetry                              key.Binding
	Fold, GoToFeed, RandomUnread            key.Binding
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
		Open:        b("enter", "open", "enter", "right"),
		Back:        b("esc/q", "back", "esc", "q", "h", "left"),
		Quit:        b("q", "quit (tree)", "q"),
		ForceQuit:   b("ctrl+c", "quit", "ctrl+c"),
		NextPane:    b("tab", "next pane", "tab", "shift+tab"),
		NextUnread:  b("n", "next unread (across feeds)", "n"),
		PrevUnread:  b("p", "previous unread", "p"),
		NextItem:    b("J", "next item", "J"),
		PrevItem:    b("K", "previous item", "K"),
		ToggleRead:  b("N", "toggle read", "N"),
		MarkAllRead: b("A", "mark feed/folder read", "A"),
		Undo:        b("u", "undo mark read", "u"),
		Flag:        b("s", "flag", "s"),
		Watch:       b("w", "watch feed/folder", "w"),
		OpenLink:    b("o", "open link", "o"),
		CopyLink:    b("y", "copy link", "y"),
		Article:     b("f", "toggle whole article", "f"),
		Pipe:        b("|", "pipe to a command", "|"),
		Bookmark:    b("b", "bookmark (ui.bookmark_command)", "b"),
		Save:        b("ctrl+s", "save as Markdown", "ctrl+s"),
		Enclosure:   b("e", "download enclosure", "e"),
		Play:        b("P", "play enclosure", "P"),
		Queue:       b("Q", "podcast queue", "Q"),
		QueueDelete: b("D", "queue: delete the file", "D"),
		QueueCancel: b("c", "queue: cancel", "c"),
		QueueRetry:  b("d", "queue: download again", "d"),
		Refresh:     b("r", "refresh feed/folder", "r"),
		RefreshAll:  b("R", "refresh all", "R"),
		Subscribe:   b("a", "subscribe", "a"),
		Unsubscribe: b("d", "unsubscribe/remove folder", "d"),
		Edit:        b("E", "feed settings/rename folder", "E"),
		Move:        b("M", "move feed/folder", "M"),
		Health:      b("i", "feed health", "i"),
		Dismiss:     b("x", "dismiss errors", "x"),
		ListOrder:   b("O", "sort order (cycle)", "O"),
		HideRead:    b("l", "hide/show read", "l"),
		Narrow:      b("<", "narrow the list", "<"),
		Widen:       b(">", "widen the list", ">"),
		Zoom:        b("z", "reader full screen", "z"),
		Search:      b("/", "search", "/"),
		Stats:       b("S", "statistics", "S"),
		Rules:       b("F", "rules", "F"),
		Help:        b("?", "help", "?"),
		// Fold, GoToFeed and RandomUnread: tree_fold.go, goto.go, random.go.
		Fold:         b("c", "fold/open folder", "c"),
		GoToFeed:     b("ctrl+g", "go to feed by name", "ctrl+g"),
		RandomUnread: b("ctrl+k", "random unread item", "ctrl+k"),
	}
}

// ShortHelp is the one-line help under the panes.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Back, k.NextPane, k.NextUnread, k.ToggleRead, k.Refresh, k.Subscribe, k.Search, k.Help}
}

// helpSection is one titled group of keys on the `?` screen.
type helpSection struct {
	title string
	keys  []key.Binding
}

// Sections are the `?` screen's groups, in order.
func (k KeyMap) Sections() []helpSection {
	return []helpSection{
		{"Move", []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown, k.Open, k.Back, k.NextPane}},
		{"Read", []key.Binding{k.NextUnread, k.PrevUnread, k.NextItem, k.PrevItem, k.RandomUnread, k.ToggleRead, k.MarkAllRead, k.Undo, k.Flag, k.OpenLink, k.CopyLink, k.Article}},
		{"Send", []key.Binding{k.Pipe, k.Bookmark, k.Save}},
		{"Podcasts", []key.Binding{k.Enclosure, k.Play, k.Queue, k.QueueDelete, k.QueueCancel, k.QueueRetry}},
		{"Feeds and folders", []key.Binding{k.Refresh, k.RefreshAll, k.Subscribe, k.Unsubscribe, k.Edit, k.Move, k.Watch, k.Health, k.ListOrder, k.Fold, k.GoToFeed}},
		{"Screen", []key.Binding{k.HideRead, k.Narrow, k.Widen, k.Zoom, k.Dismiss, k.Search, k.Rules, k.Stats, k.Help, k.ForceQuit}},
	}
}

// FullHelp is the `?` screen's keys, one column per section.
func (k KeyMap) FullHelp() [][]key.Binding {
	var out [][]key.Binding
	for _, s := range k.Sections() {
		out = append(out, s.keys)
	}
	return out
}
