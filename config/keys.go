package config

import (
	"fmt"
	"strings"
)

// Key is one setting of the configuration file. [Keys] is the one table of
// them: `tidings config` and `tidings config --default` print it and the man
// page lists it, with a test holding the page to it. Adding a setting is a
// field in the file schema (and in [Config]) plus one row there; its
// default comes from [Default], never from the row.
type Key struct {
	// Name is the dotted TOML key ("sync.download_threads").
	Name string
	// Meaning says what the setting does, as a sentence.
	Meaning string
	// Allowed says which values are accepted ("1 to 16"); "" when every
	// value of the key's type is.
	Allowed string
	// Secret keys have their value masked whenever it is shown.
	Secret bool
}

// Table is the TOML table the key belongs to ("sync"), "" for a key at
// the top of the file.
func (k Key) Table() string {
	i := strings.LastIndexByte(k.Name, '.')
	if i < 0 {
		return ""
	}
	return k.Name[:i]
}

// Leaf is the key's name inside its table ("download_threads").
func (k Key) Leaf() string {
	return k.Name[strings.LastIndexByte(k.Name, '.')+1:]
}

// NotifyExample is a ui.notify_command as the documentation shows it.
const NotifyExample = `notify-send "$TIDINGS_FEED" "$TIDINGS_NEW_ITEMS new items"`

// BookmarkExample is a ui.bookmark_command as the documentation shows it.
const BookmarkExample = `~/bin/linkding-bookmark`

// Keys returns every key of the configuration file in file order: the
// top-level keys, then each table's. The ranges are written from the same
// constants and bounds the validation uses.
func Keys() []Key {
	threads := between(ThreadsBound)
	path := `absolute, or starting with "~/"`
	return append([]Key{
		{Name: "default_interval", Meaning: `Minutes between downloads of a feed whose sync setting is "default".`,
			Allowed: atLeast(IntervalBound.Min, IntervalBound.Unit)},
		{Name: "max_items", Meaning: "Items kept per feed unless the feed has its own limit; the purge keeps the newest, and never a flagged item.",
			Allowed: between(MaxItemsBound)},
		{Name: "log_file", Meaning: `The log (tidings never logs to the terminal); "" is <data dir>/` + logFileName + ". A regular file of yours, in a folder no other user may write (not a link); otherwise nothing is logged and stderr says why.",
			Allowed: path},
		{Name: keyHighlight, Meaning: `Rules that colour the rows of the item list, written as [[highlight]] tables of two keys: expr, an expression of the query language rules use (without text:), and color, as in [colors]; the first rule that matches a row gives it its colours, the selection drawn over them. Example: [[highlight]] expr = 'flagged or title ~ "release"' color = "bright-yellow default bold".`,
			Allowed: fmt.Sprintf("at most %d tables of expr and color", MaxHighlights)},
		{Name: keyArticleHighlight, Meaning: `Rules that colour words in the article, written as [[highlight-article]] tables of two keys: regex, a regular expression (RE2 syntax, case-sensitive unless it starts with (?i)), and color, as in [colors]; where rules overlap the first wins, and a search's words are drawn over them. Example: [[highlight-article]] regex = '(?i)\bgo\b' color = "black yellow".`,
			Allowed: fmt.Sprintf("at most %d tables of regex and color", MaxHighlights)},

		{Name: "sync.download_threads", Meaning: "Feed requests in flight at once.", Allowed: threads},
		{Name: "sync.per_host_connections", Meaning: "Requests in flight to one host at once.", Allowed: threads},
		{Name: "sync.bucket_initial", Meaning: "Tokens the request token bucket starts with.", Allowed: "0 to sync.bucket_capacity"},
		{Name: "sync.bucket_capacity", Meaning: "Most tokens the bucket holds (the largest burst of requests).", Allowed: atLeast(1, "")},
		{Name: "sync.bucket_refill_per_second", Meaning: "Tokens added to the bucket each second; 0 turns throttling off.", Allowed: "0 or more"},
		{Name: "sync.honor_skip_hints", Meaning: "Obey a feed's skipHours and skipDays."},
		{Name: "sync.connect_timeout", Meaning: "Longest wait to connect to a server.", Allowed: `a duration above 0, such as "15s" or "1m30s"`},
		{Name: "sync.response_timeout", Meaning: "Longest wait for a whole feed request.", Allowed: `a duration above 0, such as "60s"`},
		{Name: "sync.max_body_bytes", Meaning: "Largest feed accepted, in bytes, once decompressed.", Allowed: atLeast(minBodyBytes, "")},
		{Name: "sync.command_timeout", Meaning: "Longest run of a command feed's or a filter feed's command; then its whole process group is killed.",
			Allowed: `a duration above 0, such as "60s"`},
		{Name: "sync.command_output_bytes", Meaning: "Most bytes such a command may write as the feed; more is an error.", Allowed: atLeast(minBodyBytes, "")},
		{Name: "sync.user_agent", Meaning: `The User-Agent header; "" is tidings/VERSION (+` + projectURL + ").",
			Allowed: "no control characters"},
		{Name: "sync.on_battery", Meaning: `"defer": no automatic sync while on battery (r, R, sync --feed and --force still work); it catches up on mains power.`,
			Allowed: `"normal" or "defer"`},
		{Name: "sync.on_metered", Meaning: `"defer": likewise while NetworkManager says the connection is metered.`,
			Allowed: `"normal" or "defer"`},

		{Name: "enclosures.download", Meaning: "Whether new subscriptions download their enclosures automatically."},
		{Name: "enclosures.directory", Meaning: `Where enclosures are saved, one folder per feed; "" is <data dir>/` + enclosureDirName + ".",
			Allowed: path},
		{Name: "enclosures.max_concurrent", Meaning: "Enclosure downloads in flight at once.", Allowed: threads},
		{Name: "enclosures.fallback_cap_bytes", Meaning: "Cap, in bytes, on a download from a server without Range support.", Allowed: atLeast(1, "")},
		{Name: "enclosures.max_bytes", Meaning: "Largest enclosure file, in bytes: the limit when the feed declares no length, and the ceiling on a declared one.",
			Allowed: atLeast(1, "")},
		{Name: keyMaxTotalBytes, Meaning: "Budget, in bytes, of all enclosure files together (partial ones included): a download that would take them past it is refused, or ended where it would, with a one-line error, and can be retried once files are deleted (Q, D) or the budget raised; tidings never deletes a file to make room. 0 is no budget.",
			Allowed: "0 (no budget) or more"},
		{Name: "enclosures.length_slack_percent", Meaning: "How far, in percent of the feed's declared length, an enclosure may exceed it (with length_slack_bytes added); more ends the transfer.",
			Allowed: between(SlackPercentBound)},
		{Name: "enclosures.length_slack_bytes", Meaning: "Bytes an enclosure may exceed its declared length by, on top of length_slack_percent (tags and ads added after the feed was written).",
			Allowed: atLeast(0, "")},
		{Name: "enclosures.stall_timeout", Meaning: fmt.Sprintf("A transfer that receives less than %d KiB in this long ends.", StallMinBytes>>10),
			Allowed: fmt.Sprintf(`a duration from %s to %s, such as "60s"`, minEnclosureTimeout, maxStallTimeout)},
		{Name: "enclosures.max_duration", Meaning: "Longest time one enclosure transfer may take; a resumable one can be continued later.",
			Allowed: fmt.Sprintf(`a duration from %s to %s, such as "4h"`, minEnclosureTimeout, maxTransferDuration)},
		{Name: "enclosures.blocked_extensions", Meaning: "File extensions refused on top of the built-in list of executables and scripts.",
			Allowed: `extensions without a dot, such as "exe"`},
		{Name: "enclosures.blocked_types", Meaning: "MIME types refused on top of the built-in list.",
			Allowed: `MIME types, such as "application/x-foo"`},
		{Name: "enclosures.player", Meaning: "The command P in the reader plays or opens a downloaded enclosure with (its path appended); a terminal player gets the screen while it runs."},

		{Name: "ui.notify_command", Meaning: `Command the reader runs with sh -c, while it runs, for each download that brings new items to a watched feed (w), whoever downloaded it: the feed's title is in $TIDINGS_FEED and the number of new items in $TIDINGS_NEW_ITEMS, never on the command line; its output is discarded and a failure logged. Example: ` + NotifyExample + `; "" runs nothing.`},
		{Name: "ui.browser", Meaning: `The browser o opens links with, written as $BROWSER is: commands separated by ":" (the first one installed runs), each split into words as sh would without running one, "%s" replaced by the link, else the link appended; "" is $BROWSER, else xdg-open.`},
		{Name: "ui.browser_in_terminal", Meaning: "Give the browser the terminal until it exits, as a terminal browser needs; lynx, w3m, elinks, links and browsh get it without this."},
		{Name: "ui.pipe_format", Meaning: `What | writes to its command's stdin: the article as plain text wrapped at 72 columns, as the sanitized HTML, or as Markdown.`,
			Allowed: fmt.Sprintf(`%q, %q or %q`, PipeText, PipeHTML, PipeMarkdown)},
		{Name: "ui.bookmark_command", Meaning: `The program the bookmark key (b) runs, as newsboat's bookmark-cmd: split into words as sh would without running a shell, then the item's URL, title, description and feed title as four more arguments; its first line of output is shown. Example: ` + BookmarkExample + `; "" runs nothing.`,
			Allowed: "one command, without a pipe, redirection or variable"},
		{Name: "ui.save_directory", Meaning: `Where the save key (ctrl+s) writes an article as Markdown, never over an existing file; "" is $XDG_DOWNLOAD_DIR, else ~/Downloads.`,
			Allowed: path},
		{Name: "ui.hyperlinks", Meaning: "Make the reader's links clickable (OSC 8 hyperlinks) where the terminal supports them; FORCE_HYPERLINK=1 or 0 overrides the detection."},
		{Name: "ui.sort", Meaning: `The order the reader's lists start in: "date" newest first, "date-asc" oldest first, "title" A to Z, "feed" by feed title, "unread" unread first (each then newest first); O in the reader cycles them, and a list feed keeps its publisher's order.`,
			Allowed: sortNames()},

		{Name: "remote.type", Meaning: `The account on a feed-sync server whose reading state tidings shares: "greader" speaks the Google Reader API of FreshRSS and Miniflux, "miniflux" Miniflux's own API, "ttrss" Tiny Tiny RSS's API, "fever" the Fever API of FreshRSS and Miniflux (which cannot subscribe: feeds added are local); "" is no account.`,
			Allowed: fmt.Sprintf(`"", %q, %q, %q or %q`, RemoteGReader, RemoteMiniflux, RemoteTTRSS, RemoteFever)},
		{Name: "remote.url", Meaning: "greader: the API root ({url}/accounts/ClientLogin, {url}/reader/api/0/…); miniflux: the base URL ({url}/v1/…); ttrss: TT-RSS's address ({url}/api/); fever: the Fever endpoint itself ({url}?api).",
			Allowed: "an http(s) URL"},
		{Name: "remote.user", Meaning: "The account's user name."},
		{Name: "remote.password", Meaning: "The account's password, shown masked; tidings never logs it or writes it to a file.", Secret: true},
		{Name: "remote.password_command", Meaning: "Instead of password: a command (run with sh -c when a login needs it) whose first line of output is the password."},
		{Name: "remote.token", Meaning: `type = "miniflux" only: an API key, instead of user and password.`, Secret: true},
		{Name: "remote.interval", Meaning: "Minutes between automatic syncs of the account.",
			Allowed: atLeast(RemoteBound.Min, RemoteBound.Unit)},
		{Name: "remote.max_listed_items", Meaning: "The most item ids one listing of the server may hold, and the most items one sync may bring; past it the sync fails with one line instead of growing without end. Raise it only for an account that really holds more.",
			Allowed: between(RemoteMaxItemsBound)},
	}, colorKeys()...)
}

// colorKeys are the rows of [colors]: the theme, then every element.
func colorKeys() []Key {
	keys := []Key{{Name: keyTheme, Meaning: `The built-in colours the elements below are set over: "auto" follows the terminal's background (light or dark colours, ANSI 0–15 only), "dark" and "light" are for a dark or a light background, "low" is minimal (red for errors, yellow for marks, green for code, attributes for the rest) and safe on any 8-colour terminal; NO_COLOR removes every colour, keeping bold, underline, reverse and dim. Each element below may be given its own colours, replacing the theme's colours and attributes of it, written ` + ColorSyntax + `.`,
		Allowed: fmt.Sprintf("%q, %q, %q or %q", ThemeAuto, ThemeDark, ThemeLight, ThemeLow)}}
	for _, e := range ColorElements() {
		keys = append(keys, Key{Name: "colors." + e.Name, Meaning: e.Meaning, Allowed: `"" (the theme's) or "FG [BG] [attribute…]"`})
	}
	return keys
}

// between writes a bound as "1 to 16".
func between(b Bound) string {
	s := fmt.Sprintf("%d to %d", b.Min, b.Max)
	if b.Unit != "" {
		s += " " + b.Unit
	}
	return s
}

// atLeast writes a lower bound as "15 minutes or more".
func atLeast(n int, unit string) string {
	if unit != "" {
		return fmt.Sprintf("%d %s or more", n, unit)
	}
	return fmt.Sprintf("%d or more", n)
}
