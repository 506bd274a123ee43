package config

import (
	"slices"
	"strings"
)

// KeyContext is where a key binding holds: one of the reader's panes, or
// the screens shown over them (help, health, statistics, rules). The
// [keys] table binds an action in every context it is used in; a
// [keys.tree], [keys.list], [keys.reader] or [keys.dialogs] table binds it
// in that one only, over [keys].
type KeyContext string

// The key contexts.
const (
	ContextTree    KeyContext = "tree"
	ContextList    KeyContext = "list"
	ContextReader  KeyContext = "reader"
	ContextDialogs KeyContext = "dialogs"
)

// KeyContexts are the contexts, in the order they are shown.
func KeyContexts() []KeyContext {
	return []KeyContext{ContextTree, ContextList, ContextReader, ContextDialogs}
}

// Action is one thing a key does in the reader: [Actions] is the one
// catalogue of them, which the reader's keymap, its help, `tidings
// config` and the manual are made from, and the newsboat import maps
// bind-key onto.
type Action struct {
	// Name is the action's name in [keys] ("next-unread").
	Name string
	// Keys are its default keys, in Bubble Tea's key names.
	Keys []string
	// Label is the key column of the help while the keys are the default
	// ones ("k/↑"); bound to others, the help lists those.
	Label string
	// Help is the help's short description ("next unread (across feeds)").
	Help string
	// Meaning says in full what it does, as a sentence.
	Meaning string
	// Contexts are where it is used.
	Contexts []KeyContext
}

// Where actions are used.
var (
	inEvery   = []KeyContext{ContextTree, ContextList, ContextReader, ContextDialogs}
	inPanes   = []KeyContext{ContextTree, ContextList, ContextReader}
	inItems   = []KeyContext{ContextList, ContextReader}
	inTree    = []KeyContext{ContextTree}
	inReader  = []KeyContext{ContextReader}
	inDialogs = []KeyContext{ContextDialogs}
	notTree   = []KeyContext{ContextList, ContextReader, ContextDialogs}
)

// k is a list of keys.
func k(keys ...string) []string { return keys }

// actions is the catalogue: one line per action, in the help's order.
var actions = []Action{
	{"up", k("k", "up"), "k/↑", "up", "Move up in the focused pane; in the reader, scroll up.", inEvery},
	{"down", k("j", "down"), "j/↓", "down", "Move down in the focused pane; in the reader, scroll down.", inEvery},
	{"top", k("g", "home"), "g", "top", "Go to the first entry, or the top of the article.", inEvery},
	{"bottom", k("G", "end"), "G", "bottom", "Go to the last entry, or the end of the article.", inEvery},
	{"page-up", k("pgup", "ctrl+b"), "pgup", "page up", "Move a page up.", inEvery},
	{"page-down", k("pgdown", "ctrl+f", " "), "pgdn", "page down", "Move a page down.", inEvery},
	{"open", k("enter", "right"), "enter", "open", "Open the selected folder, feed or item. In the reader, after a number, open link or image N ([3], [image 4: alt]); the status line shows the number as you type it and esc cancels it.", inEvery},
	{"back", k("esc", "q", "h", "left"), "esc/q", "back", "Go back a pane; q on the tree quits. On a screen over the panes (help, health, statistics, rules), close it.", notTree},
	{"next-pane", k("tab", "shift+tab"), "tab", "next pane", "Move the focus to the next pane.", inPanes},
	{"next-unread", k("n"), "n", "next unread (across feeds)", "Go to the next unread item: in the list, then the first of the next feed in tree order, wrapping around, as newsboat does. On the tree, go to the next feed with unread items.", inPanes},
	{"prev-unread", k("p"), "p", "previous unread", "Go to the previous unread item: in the list, then the last of the previous feed in tree order.", inPanes},
	{"next-item", k("J"), "J", "next item", "Go to the next item of the list, read or not, as newsboat's J; in the reader, open it (and so mark it read).", inItems},
	{"prev-item", k("K"), "K", "previous item", "Go to the previous item of the list, read or not, as newsboat's K; in the reader, open it (and so mark it read).", inItems},
	{"toggle-read", k("N"), "N", "toggle read", "Mark the item read or unread. The Unread view keeps what you read there until you leave it, so a slip can be undone on the spot.", inItems},
	{"mark-feed-read", k("A"), "A", "mark feed/folder read", "Mark the feed read. On a folder, a saved search (every item it lists, and only those), All items or Unread, after a question.", inPanes},
	{"undo", k("u"), "u", "undo mark read", "Undo the last A.", inPanes},
	{"flag", k("s"), "s", "flag", "Flag the item, or unflag it.", inItems},
	{"open-link", k("o"), "o", "open link", "Open the item's link in the browser (ui.browser, else $BROWSER, else xdg-open); a terminal browser gets the terminal until it exits. On the tree, the feed's web site.", inPanes},
	{"copy-link", k("y"), "y", "copy link", "Copy the link: inside tmux into tmux's buffer, else with a clipboard program, else with OSC 52 (see ENVIRONMENT); the status line says which.", inPanes},
	{"whole-article", k("f"), "f", "toggle whole article", "In the reader, show the whole article of the item's page instead of the feed's text, or the feed's text again. An item without an article has its page fetched now (the status line says how it went); one with an article switches at once. The choice stays for the next items; the header gives the article's byline and reading time (see WHOLE ARTICLES).", inReader},
	{"download-enclosure", k("e"), "e", "download enclosure", "Download the item's enclosure now (again, if it failed). The reader shows each enclosure's type, size, itunes:duration, state and file.", inPanes},
	{"play-enclosure", k("P"), "P", "play enclosure", "Play or open the downloaded enclosure with enclosures.player (default xdg-open), which gets the terminal until it exits; in the podcast queue, the selected file.", inEvery},
	{"refresh", k("r"), "r", "refresh feed/folder", "Download the selected feed or folder now; on All items, Unread and a saved search, every feed.", inPanes},
	{"refresh-all", k("R"), "R", "refresh all", "Download every feed now, ignoring schedule and TTL, and sync the account.", inPanes},
	{"subscribe", k("a"), "a", "subscribe", "Subscribe to a URL; a web page is searched for the feeds it announces. The dialog stays open on failure with what you typed.", inPanes},
	{"unsubscribe", k("d"), "d", "unsubscribe/remove folder", "Unsubscribe from the feed. On a folder, remove the folder: its feeds move up, nothing is unsubscribed. On a saved search, remove the search.", inPanes},
	{"edit", k("E"), "E", "feed settings/rename folder", "Change the feed's settings (title, folder, sync, interval, items kept, enclosures, full text). On a folder, rename it; on a saved search, change its name and expression.", inPanes},
	{"move", k("M"), "M", "move feed/folder", "Move the feed to another folder; on a folder, move it with everything in it.", inPanes},
	{"watch", k("w"), "w", "watch feed/folder", "Watch the feed, or every feed of the folder: its new items raise a toast and run ui.notify_command. Again: stop watching.", inPanes},
	{"health", k("i"), "i", "feed health", "Show the feed's health: URL, last status, validators held, the next download and why (interval, TTL, back-off, Retry-After, skip hints, cache hints), the last error in full, bytes saved. For a feed of the account, the account's next sync and state instead of a schedule.", inEvery},
	{"list-order", k("O"), "O", "sort order (cycle)", "Sort the lists by the next order: newest first (the default, ui.sort), oldest first, by title, by feed, unread first; the list's title says which, and the next list keeps it. On a list feed, instead, sort or group it by the orders and groupings its cf:listinfo offers (Simple List Extensions): any cf:sort, ascending or descending, grouped by a cf:group.", inPanes},
	{"hide-read", k("l"), "l", "hide/show read", "Hide the feeds and folders with nothing unread, and the read items of the lists (Flagged and search results keep theirs), as newsboat's l; again, show them. The tree's title says Feeds (unread) meanwhile; the feed selected stays, and an item read stays listed until another list is chosen.", inPanes},
	{"narrow", k("<"), "<", "narrow the list", "Narrow the item list against the reader.", inPanes},
	{"widen", k(">"), ">", "widen the list", "Widen the item list against the reader.", inPanes},
	{"zoom", k("z"), "z", "reader full screen", "Give the reader the whole screen; again, back.", inPanes},
	{"dismiss", k("x"), "x", "dismiss errors", "Dismiss the errors on the status line, until a feed fails another way or succeeds and fails again.", inPanes},
	{"search", k("/"), "/", "search", "Search: words (through the full-text index; highlighted in the list and the reader) or an expression of the query language, optionally saved under a name as a saved search.", inPanes},
	{"rules", k("F"), "F", "rules", "List the rules, add one (a, with the column of a mistake) or remove one (d).", inEvery},
	{"stats", k("S"), "S", "statistics", "Show statistics: requests, 304s, deltas, bytes saved, 30-day charts.", inEvery},
	{"help", k("?"), "?", "help", "Show every key and the marks; again, close them.", inEvery},
	{"pipe", k("|"), "|", "pipe to a command", "Pipe the selected or shown article to a command typed at a prompt (run with sh -c, the terminal handed over until it exits), as text, HTML or Markdown by ui.pipe_format (see SENDING ARTICLES).", inItems},
	{"bookmark", k("b"), "b", "bookmark (ui.bookmark_command)", "Run ui.bookmark_command with the item's URL, title, description and feed title as four more arguments, as newsboat's bookmark-cmd; its first line of output goes to the status line (see SENDING ARTICLES).", inItems},
	{"save", k("ctrl+s"), "ctrl+s", "save as Markdown", "Save the selected or shown article as Markdown in ui.save_directory (else $XDG_DOWNLOAD_DIR, else ~/Downloads), never over an existing file; the status line says where.", inItems},
	{"podcast-queue", k("Q"), "Q", "podcast queue", "Open the podcast queue: every enclosure downloading (live), queued, failed, blocked, downloaded or removed; esc goes back.", inPanes},
	{"queue-delete", k("D"), "D", "queue: delete the file", "In the podcast queue: delete the selected downloaded file, after asking; it is removed and never downloaded again automatically.", inDialogs},
	{"queue-cancel", k("c"), "c", "queue: cancel", "In the podcast queue: take the selected queued enclosure off the queue (removed).", inDialogs},
	{"queue-retry", k("d"), "d", "queue: download again", "In the podcast queue: download the selected failed or removed enclosure again.", inDialogs},
	{"fold", k("c"), "c", "fold/open folder", "On the tree, fold the selected folder (on a feed, its folder): its sub-folders and feeds go out of sight, its row still counts their unread items and is marked +; again, open it. A folded folder stays folded the next time the reader starts.", inTree},
	{"go-to-feed", k("ctrl+g"), "ctrl+g", "go to feed by name", "Go to a feed by its title: a prompt on the status line selects, as you type, the first feed whose title holds the text, in any case and any script (STRASSE finds Straße), opening a folded folder; tab and shift+tab go to the next and previous match, enter reads the feed, esc goes back.", inPanes},
	{"random-unread", k("ctrl+k"), "ctrl+k", "random unread item", "Open an unread item picked at random among all of them, as newsboat's random-unread: its feed is selected on the tree and its row in the list.", inPanes},
	{"quit", k("q"), "q", "quit (tree)", "On the tree, quit tidings.", inTree},
	{"force-quit", k("ctrl+c"), "ctrl+c", "quit", "Quit tidings from anywhere.", inEvery},
}

// Actions returns the catalogue of the reader's actions, in the help's
// order, with their default keys.
func Actions() []Action {
	out := slices.Clone(actions)
	for i := range out {
		out[i].Keys = slices.Clone(out[i].Keys)
		out[i].Contexts = slices.Clone(out[i].Contexts)
	}
	return out
}

// action finds an action of the catalogue by name.
func action(name string) (Action, bool) {
	i := slices.IndexFunc(actions, func(a Action) bool { return a.Name == name })
	if i < 0 {
		return Action{}, false
	}
	return actions[i], true
}

// UsedIn reports whether the action is used in ctx.
func (a Action) UsedIn(ctx KeyContext) bool { return slices.Contains(a.Contexts, ctx) }

// contextNames writes contexts as "tree, list and reader".
func contextNames(cs []KeyContext) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = string(c)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
