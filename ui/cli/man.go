package cli

import (
	_ "embed"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/spf13/cobra"
	cobradoc "github.com/spf13/cobra/doc"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/ui"
)

func (c *cli) manCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Write the manual page (roff) to standard output: tidings man | man -l -",
		Long: "The page is made from the command tree, the configuration keys and the reader's keys, so\n" +
			"it always describes this build. Release archives carry it as tidings.1.",
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			return writeManPage(c, root)
		},
	}
}

// writeManPage renders one page for the whole program with cobra's man
// generator: the root command's synopsis and options, and a description
// that holds every command, the configuration keys and the reader's keys.
func writeManPage(c *cli, root *cobra.Command) error {
	page := &cobra.Command{
		Use:               root.Use,
		Short:             root.Short,
		Long:              manDescription(root),
		DisableAutoGenTag: true,
	}
	root.InitDefaultVersionFlag()
	page.Flags().AddFlagSet(root.NonInheritedFlags())
	header := &cobradoc.GenManHeader{
		Title:   "TIDINGS",
		Section: "1",
		Source:  "tidings " + c.version,
		Manual:  "tidings manual",
	}
	if err := cobradoc.GenMan(page, header, c.stdout); err != nil {
		return fmt.Errorf("man: %w", err)
	}
	return nil
}

// manual is the page's prose in the markdown cobra's generator reads. A
// line that is only a placeholder ({{COMMANDS}}, {{JSON}}, {{MARKS}},
// {{KEYS}}, {{CONFIG}}) is replaced by what the program itself knows, so
// the command tree, the JSON fields, the reader's keys and marks and the
// configuration keys are always this build's.
//
//go:embed manual.md
var manual string

// manDescription is the page's body: the root command's description, then
// the manual with its placeholders filled in.
func manDescription(root *cobra.Command) string {
	fill := map[string]func(*strings.Builder){
		"{{COMMANDS}}": func(b *strings.Builder) {
			for _, cmd := range root.Commands() {
				manCommand(b, cmd, 1)
			}
		},
		"{{JSON}}":   manJSON,
		"{{MARKS}}":  manMarks,
		"{{KEYS}}":   manKeys,
		"{{CONFIG}}": manConfig,
	}
	var b strings.Builder
	b.WriteString(mdEscape(root.Long) + "\n\n")
	for line := range strings.Lines(manual) {
		if f, ok := fill[strings.TrimSpace(line)]; ok {
			f(&b)
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// manCommand writes one command with its flags, then its subcommands
// (those with their summary only: cobra's completion commands carry shell
// snippets that are no prose).
func manCommand(b *strings.Builder, cmd *cobra.Command, depth int) {
	if !cmd.IsAvailableCommand() || cmd.IsAdditionalHelpTopicCommand() {
		return
	}
	fmt.Fprintf(b, "### %s\n%s.", mdEscape(cmd.Parent().CommandPath()+" "+cmd.Use),
		mdEscape(strings.TrimSuffix(cmd.Short, ".")))
	if cmd.Long != "" && depth == 1 {
		b.WriteString(" " + manLong(cmd.Long))
	}
	b.WriteString("\n\n")
	if flags := cmd.LocalNonPersistentFlags(); flags.HasAvailableFlags() {
		for line := range strings.Lines(flags.FlagUsages()) {
			b.WriteString("    " + line)
		}
		b.WriteString("\n")
	}
	for _, sub := range cmd.Commands() {
		manCommand(b, sub, depth+1)
	}
}

// manLong is a command's long help as markdown: its lines that start with
// spaces (a table or an example laid out in columns) become a block shown
// as it is, the rest is prose.
func manLong(long string) string {
	var b strings.Builder
	inBlock := false
	for line := range strings.Lines(long) {
		line = strings.TrimSuffix(line, "\n")
		indented := strings.HasPrefix(line, "  ")
		switch {
		case indented && !inBlock:
			b.WriteString("\n\n```\n")
		case !indented && inBlock:
			b.WriteString("```\n\n")
		case !indented && b.Len() > 0:
			b.WriteString(" ")
		}
		inBlock = indented
		if indented {
			b.WriteString(line + "\n")
		} else {
			b.WriteString(mdEscape(line))
		}
	}
	if inBlock {
		b.WriteString("```\n")
	}
	return b.String()
}

// manJSON lists the fields of each command's JSON output, read from the
// types the commands encode.
func manJSON(b *strings.Builder) {
	for _, out := range []struct {
		command string
		value   any
	}{
		{"tidings feeds --json", feedJSON{}},
		{"tidings items --json", itemJSON{}},
		{"an item's enclosures", enclosureJSON{}},
		{"tidings rule list --json", ruleJSON{}},
		{"tidings search list --json", searchJSON{}},
	} {
		fmt.Fprintf(b, "**%s**\n: %s\n\n", mdEscape(out.command), mdEscape(strings.Join(jsonFields(out.value), ", ")))
	}
}

// jsonFields are the JSON names of a struct's fields, in order.
func jsonFields(v any) []string {
	t := reflect.TypeOf(v)
	var names []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return names
}

// manMarks lists the marks of the reader's tree and item list.
func manMarks(b *strings.Builder) {
	for _, m := range ui.Marks() {
		fmt.Fprintf(b, "**%s**\n: %s\n\n", mdEscape(m[0]), mdEscape(m[1]))
	}
}

// manKeys lists every binding of the reader's keymap: those of the `?`
// screen in its order, then any other, each with every key bound to it
// and what it does in full.
func manKeys(b *strings.Builder) {
	km := ui.DefaultKeyMap()
	fields := keyMapFields(km)
	byHelp := map[string]string{}
	for name, kb := range fields {
		byHelp[kb.Help().Key+"\x00"+kb.Help().Desc] = name
	}
	var order []string
	for _, column := range km.FullHelp() {
		for _, kb := range column {
			order = append(order, byHelp[kb.Help().Key+"\x00"+kb.Help().Desc])
		}
	}
	var rest []string
	for name := range fields {
		if !slices.Contains(order, name) {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	for _, name := range append(order, rest...) {
		kb := fields[name]
		keys := make([]string, 0, len(kb.Keys()))
		for _, k := range kb.Keys() {
			if k == " " {
				k = "space"
			}
			keys = append(keys, k)
		}
		fmt.Fprintf(b, "**%s**\n: %s. %s Keys: %s.\n\n", mdEscape(kb.Help().Key), mdEscape(kb.Help().Desc),
			mdEscape(keyDetail[name]), mdEscape(strings.Join(keys, ", ")))
	}
}

// keyMapFields returns the reader's bindings by the name of their field in
// [ui.KeyMap].
func keyMapFields(km ui.KeyMap) map[string]key.Binding {
	v := reflect.ValueOf(km)
	out := map[string]key.Binding{}
	for i := range v.NumField() {
		if kb, ok := v.Field(i).Interface().(key.Binding); ok {
			out[v.Type().Field(i).Name] = kb
		}
	}
	return out
}

// keyDetail says in full what each binding of [ui.KeyMap] does, by field
// name; a test holds it to the keymap.
var keyDetail = map[string]string{
	"Up":          "Move up in the focused pane; in the reader, scroll up.",
	"Down":        "Move down in the focused pane; in the reader, scroll down.",
	"Top":         "Go to the first entry, or the top of the article.",
	"Bottom":      "Go to the last entry, or the end of the article.",
	"PageUp":      "Move a page up.",
	"PageDown":    "Move a page down.",
	"Open":        "Open the selected folder, feed or item. In the reader, after a number, open link or image N ([3], [image 4: alt]); the status line shows the number as you type it and esc cancels it.",
	"Back":        "Go back a pane; q on the tree quits.",
	"Quit":        "On the tree, quit tidings.",
	"ForceQuit":   "Quit tidings from anywhere.",
	"NextPane":    "Move the focus to the next pane.",
	"NextUnread":  "Go to the next unread item: in the list, then the first of the next feed in tree order, wrapping around, as newsboat does. On the tree, go to the next feed with unread items.",
	"PrevUnread":  "Go to the previous unread item: in the list, then the last of the previous feed in tree order.",
	"NextItem":    "Go to the next item of the list, read or not, as newsboat's J; in the reader, open it (and so mark it read).",
	"PrevItem":    "Go to the previous item of the list, read or not, as newsboat's K; in the reader, open it (and so mark it read).",
	"ToggleRead":  "Mark the item read or unread. The Unread view keeps what you read there until you leave it, so a slip can be undone on the spot.",
	"MarkAllRead": "Mark the feed read. On a folder, a saved search (every item it lists, and only those), All items or Unread, after a question.",
	"Undo":        "Undo the last A.",
	"Flag":        "Flag the item, or unflag it.",
	"Watch":       "Watch the feed, or every feed of the folder: its new items raise a toast and run ui.notify_command. Again: stop watching.",
	"OpenLink":    "Open the item's link in the browser (ui.browser, else $BROWSER, else xdg-open); a terminal browser gets the terminal until it exits. On the tree, the feed's web site.",
	"CopyLink":    "Copy the link: inside tmux into tmux's buffer, else with a clipboard program, else with OSC 52 (see ENVIRONMENT); the status line says which.",
	"Article":     "In the reader, show the whole article of the item's page instead of the feed's text, or the feed's text again. An item without an article has its page fetched now (the status line says how it went); one with an article switches at once. The choice stays for the next items; the header gives the article's byline and reading time (see WHOLE ARTICLES).",
	"Enclosure":   "Download the item's enclosure now (again, if it failed). The reader shows each enclosure's type, size, itunes:duration, state and file.",
	"Play":        "Play or open the downloaded enclosure with enclosures.player (default xdg-open), which gets the terminal until it exits.",
	"Refresh":     "Download the selected feed or folder now; on All items, Unread and a saved search, every feed.",
	"RefreshAll":  "Download every feed now, ignoring schedule and TTL, and sync the account.",
	"Subscribe":   "Subscribe to a URL; a web page is searched for the feeds it announces. The dialog stays open on failure with what you typed.",
	"Unsubscribe": "Unsubscribe from the feed. On a folder, remove the folder: its feeds move up, nothing is unsubscribed. On a saved search, remove the search.",
	"Edit":        "Change the feed's settings (title, folder, sync, interval, items kept, enclosures, full text). On a folder, rename it; on a saved search, change its name and expression.",
	"Move":        "Move the feed to another folder; on a folder, move it with everything in it.",
	"Health":      "Show the feed's health: URL, last status, validators held, the next download and why (interval, TTL, back-off, Retry-After, skip hints, cache hints), the last error in full, bytes saved. For a feed of the account, the account's next sync and state instead of a schedule.",
	"Dismiss":     "Dismiss the errors on the status line, until a feed fails another way or succeeds and fails again.",
	"ListOrder":   "Sort or group a list feed by the orders and groupings its cf:listinfo offers (Simple List Extensions): any cf:sort, ascending or descending, grouped by a cf:group.",
	"HideRead":    "Hide the feeds and folders with nothing unread, and the read items of the lists (Flagged and search results keep theirs), as newsboat's l; again, show them. The tree's title says Feeds (unread) meanwhile; the feed selected stays, and an item read stays listed until another list is chosen.",
	"Narrow":      "Narrow the item list against the reader.",
	"Widen":       "Widen the item list against the reader.",
	"Zoom":        "Give the reader the whole screen; again, back.",
	"Search":      "Search: words (through the full-text index; highlighted in the list and the reader) or an expression of the query language, optionally saved under a name as a saved search.",
	"Stats":       "Show statistics: requests, 304s, deltas, bytes saved, 30-day charts.",
	"Rules":       "List the rules, add one (a, with the column of a mistake) or remove one (d).",
	"Help":        "Show every key and the marks.",
}

// manConfig lists every configuration key with its meaning, allowed values
// and default.
func manConfig(b *strings.Builder) {
	defaults := config.Default()
	for _, k := range config.Keys() {
		fmt.Fprintf(b, "**%s**\n: %s\n\n", mdEscape(k.Name), mdEscape(keyText(k, defaults)))
	}
}

// keyText is a configuration key's meaning, allowed values and default.
func keyText(k config.Key, defaults config.Config) string {
	s := k.Meaning
	if k.Allowed != "" {
		s += " Allowed: " + k.Allowed + "."
	}
	return s + " Default: " + k.Value(defaults) + "."
}

// mdEscape keeps text literal in markdown: characters that would start
// emphasis, code, links, HTML or a heading are escaped.
func mdEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>#|", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
